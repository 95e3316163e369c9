// Liquidation. Checked after every mark update:
//  - isolated: isolated_margin + upnl < maint_margin;
//  - cross: cross_balance + cross_upnl < Σ cross maint_margin.
// The position is taken over by the insurance (house) account at the
// bankruptcy price, so the trader loses exactly the margin backing it; the
// trader's orders in that symbol (TP/SL included) are canceled first. The
// house later unwinds its inventory near the mark; when the fund cannot bear
// a hand-over, opposite positions are auto-deleveraged instead (adl.ts).
import { autoDeleverage } from './adl.js';
import { bmax } from './decimal.js';
import { bookForcedFill } from './forced-fill.js';
import { insuranceFund, INSURANCE_FLOOR, takeoverLoss } from './insurance.js';
import { accountFigures, maintMargin, notionalOf, upnlAt } from './margin.js';
import { runOrder } from './matching.js';
import { cancelAllIn, registerOrder } from './orders.js';
import { coverDeficit } from './positions.js';
import { account, HOUSE } from './state.js';
import { protectionTicks } from './symbols.js';
import type { Ctx, SymbolState } from './state.js';
import type { Account, OrderRec, PositionRec } from './types.js';

export function checkLiquidations(ctx: Ctx): void {
  if (ctx.holders.size === 0) return;
  for (const id of [...ctx.holders]) {
    const acct = ctx.accounts.get(id);
    if (acct === undefined || acct.system) continue;
    for (const pos of [...acct.positions.values()]) {
      if (pos.mode !== 'isolated') continue;
      const s = ctx.syms.get(pos.symbol);
      if (s === undefined) continue;
      const value = notionalOf(s.spec, s.mark, Math.abs(pos.qty));
      if (pos.isoMargin + upnlAt(pos, value) < maintMargin(s.spec, value)) liquidateIsolated(ctx, acct, s, pos);
    }
    const f = accountFigures(ctx, acct);
    if (f.crossMaint > 0n && acct.cross + f.crossUpnl < f.crossMaint) liquidateCross(ctx, acct);
  }
}

export function liquidateIsolated(ctx: Ctx, acct: Account, s: SymbolState, pos: PositionRec): void {
  cancelAllIn(ctx, acct, pos.symbol, 'liquidation');
  const value = pos.qty > 0 ? pos.entryValue - pos.isoMargin : pos.entryValue + pos.isoMargin;
  handOver(ctx, acct, s, pos, bmax(0n, value));
}

/**
 * The first cross position closes at the price that brings the account's cross
 * equity to exactly zero with the others valued at mark; the others then close
 * at mark. Net effect: the trader's cross wallet ends at zero.
 */
export function liquidateCross(ctx: Ctx, acct: Account): void {
  const cross = [...acct.positions.values()].filter((p) => p.mode === 'cross').sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
  for (const p of cross) cancelAllIn(ctx, acct, p.symbol, 'liquidation');
  let first = true;
  for (const pos of cross) {
    const s = ctx.syms.get(pos.symbol);
    if (s === undefined) continue;
    const value = notionalOf(s.spec, s.mark, Math.abs(pos.qty));
    let v = value;
    if (first) {
      const f = accountFigures(ctx, acct);
      const cushion = acct.cross + f.crossUpnl - upnlAt(pos, value);
      v = bmax(0n, pos.qty > 0 ? pos.entryValue - cushion : pos.entryValue + cushion);
      first = false;
    }
    handOver(ctx, acct, s, pos, v);
  }
  if (acct.cross < 0n) coverDeficit(ctx, acct, -acct.cross, true);
}

/**
 * The liquidated position leaves the trader at `value` (its bankruptcy price): to the insurance fund
 * when the fund can bear the loss at the mark without going below its floor, otherwise to the most
 * profitable opposite positions by auto-deleveraging (what they cannot absorb still goes to the fund).
 */
function handOver(ctx: Ctx, acct: Account, s: SymbolState, pos: PositionRec, value: bigint): void {
  const lots = Math.abs(pos.qty);
  const long = pos.qty > 0;
  const liqId = ++ctx.seq.liq;
  let rest = { lots, value };
  const loss = takeoverLoss(notionalOf(s.spec, s.mark, lots), value, long);
  if (loss > 0n && insuranceFund(ctx) - loss < INSURANCE_FLOOR) rest = autoDeleverage(ctx, s, acct, long, lots, value, liqId);
  if (rest.lots === 0) return;
  const f = { lots: rest.lots, value: rest.value, source: 'liquidation' as const, remark: 'liquidation', liqId };
  const tradeId = ++ctx.seq.trade;
  bookForcedFill(ctx, s, acct, { ...f, side: long ? 'sell' : 'buy' }, tradeId);
  bookForcedFill(ctx, s, account(ctx, HOUSE), { ...f, side: long ? 'buy' : 'sell' }, tradeId);
}

/**
 * The house closes inherited positions through the book, but only near the mark: an IOC limit no
 * worse than the mark by the symbol's protection band (symbols.ts protectionTicks), for no more than the fund can pay in fee and price at that limit. A thin book far
 * from the mark is waited out, never sold into (a far resting order must not turn the fund's inventory
 * into someone's profit). When the fund is below its floor anyway (the mark moved against what it
 * holds), its inventory is auto-deleveraged at the price that brings it back to the floor.
 */
export function unwindHouse(ctx: Ctx): void {
  const house = ctx.accounts.get(HOUSE);
  if (house === undefined || house.positions.size === 0) return;
  for (const pos of [...house.positions.values()]) {
    const s = ctx.syms.get(pos.symbol);
    if (s === undefined) continue;
    const sell = pos.qty > 0;
    // The protection band from the mark, like a triggered TP/SL (symbols.ts protectionTicks).
    const price = protectionTicks(s.spec, s.mark, sell);
    const lots = affordableLots(ctx, s, price, Math.abs(pos.qty));
    if (lots === 0) continue;
    const o: OrderRec = {
      id: ++ctx.seq.order, clOrdId: `house-${ctx.seq.order}`, user: house.id, symbol: pos.symbol,
      side: sell ? 'sell' : 'buy', type: 'limit', tif: 'ioc', price, qty: lots, filled: 0,
      fillTl: 0, fillExtra: 0n, reduceOnly: true, leverage: 1, status: 'new', positionId: pos.id, liqId: 0,
      source: 'system', remark: '', createdAt: ctx.time, updatedAt: ctx.time, tp: 0, sl: 0, tpId: 0, slId: 0, parentId: 0,
    };
    registerOrder(ctx, house, o);
    runOrder(ctx, house, s, o);
  }
  deleverageHouse(ctx, house);
}

/** Lots whose worst cost at `price` (distance from the mark plus the taker fee) the fund can pay. */
function affordableLots(ctx: Ctx, s: SymbolState, price: number, lots: number): number {
  const perLot = notionalOf(s.spec, Math.abs(price - s.mark), 1) + BigInt(price) * s.spec.takerFeeUnit;
  const spare = insuranceFund(ctx) - INSURANCE_FLOOR;
  if (perLot === 0n) return lots;
  if (spare <= 0n) return 0;
  const n = spare / perLot;
  return n < BigInt(lots) ? Number(n) : lots;
}

/** A fund below its floor hands its inventory to opposite positions at the price that restores the floor. */
function deleverageHouse(ctx: Ctx, house: Account): void {
  for (const pos of [...house.positions.values()]) {
    const shortfall = INSURANCE_FLOOR - insuranceFund(ctx);
    if (shortfall <= 0n) return;
    const s = ctx.syms.get(pos.symbol);
    if (s === undefined) continue;
    const long = pos.qty > 0;
    const lots = Math.abs(pos.qty);
    const atMark = notionalOf(s.spec, s.mark, lots);
    // The house sells above the mark (or buys below it) by the shortfall: the counterparties bear it.
    const value = long ? atMark + shortfall : bmax(0n, atMark - shortfall);
    autoDeleverage(ctx, s, house, long, lots, value, 0);
  }
}
