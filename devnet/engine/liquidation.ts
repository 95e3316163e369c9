// Liquidation. Checked after every mark update:
//  - isolated: isolated_margin + upnl < maint_margin;
//  - cross: cross_balance + cross_upnl < Σ cross maint_margin.
// The position is taken over by the insurance (house) account at the
// bankruptcy price, so the trader loses exactly the margin backing it; the
// trader's orders in that symbol (TP/SL included) are canceled first. The
// house later unwinds its inventory with market orders against the book.
import { bmax } from './decimal.js';
import { accountFigures, maintMargin, notionalOf, upnlAt } from './margin.js';
import { cancelAllIn, closeOrder, emitOrder, registerOrder } from './orders.js';
import { applyFill, coverDeficit } from './positions.js';
import { account, HOUSE, markPerps, posConfig, push, watched } from './state.js';
import type { Ctx } from './state.js';
import type { Account, OrderRec, PositionRec, SymbolState, TradeRec } from './types.js';
import { renderTrade } from './views.js';
import { runOrder } from './matching.js';

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

function handOver(ctx: Ctx, acct: Account, s: SymbolState, pos: PositionRec, value: bigint): void {
  const house = account(ctx, HOUSE);
  const lots = Math.abs(pos.qty);
  const side = pos.qty > 0 ? 'sell' : 'buy';
  const liqId = ++ctx.seq.liq;
  const o: OrderRec = {
    id: ++ctx.seq.order, clOrdId: `liq-${liqId}`, user: acct.id, symbol: pos.symbol, side, type: 'market', tif: 'ioc',
    price: 0, qty: lots, filled: 0, fillTl: 0, fillExtra: 0n, reduceOnly: true, leverage: posConfig(ctx, acct, pos.symbol).leverage,
    status: 'new', positionId: pos.id, liqId, source: 'liquidation', remark: 'liquidation',
    createdAt: ctx.time, updatedAt: ctx.time, tp: 0, sl: 0, tpId: 0, slId: 0, parentId: 0,
  };
  registerOrder(ctx, acct, o);
  emitOrder(ctx, o);
  const tradeId = ++ctx.seq.trade;
  o.filled = lots;
  o.fillExtra = value;
  const pnl = applyFill(ctx, s, acct, side, lots, value);
  applyFill(ctx, s, house, side === 'sell' ? 'buy' : 'sell', lots, value);
  markPerps(ctx, acct);
  const t: TradeRec = { id: tradeId, orderId: o.id, user: acct.id, symbol: pos.symbol, side, qty: lots, value, fee: 0n, pnl, time: ctx.time };
  acct.trades.push(t);
  ctx.history?.added(t);
  if (watched(ctx, acct.id)) push(ctx, { type: 'trade', user: acct.id, trade: renderTrade(ctx, t) });
  closeOrder(ctx, o, 'filled', 'liquidation');
}

/** The house closes inherited positions through the book (within the price band). */
export function unwindHouse(ctx: Ctx): void {
  const house = ctx.accounts.get(HOUSE);
  if (house === undefined || house.positions.size === 0) return;
  for (const pos of [...house.positions.values()]) {
    const s = ctx.syms.get(pos.symbol);
    if (s === undefined) continue;
    const o: OrderRec = {
      id: ++ctx.seq.order, clOrdId: `house-${ctx.seq.order}`, user: house.id, symbol: pos.symbol,
      side: pos.qty > 0 ? 'sell' : 'buy', type: 'market', tif: 'ioc', price: 0, qty: Math.abs(pos.qty), filled: 0,
      fillTl: 0, fillExtra: 0n, reduceOnly: true, leverage: 1, status: 'new', positionId: pos.id, liqId: 0,
      source: 'system', remark: '', createdAt: ctx.time, updatedAt: ctx.time, tp: 0, sl: 0, tpId: 0, slId: 0, parentId: 0,
    };
    registerOrder(ctx, house, o);
    runOrder(ctx, house, s, o);
  }
}
