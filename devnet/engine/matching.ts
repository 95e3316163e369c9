// Price-time priority matching. A taker walks the best levels of the opposite
// side until its quantity, its limit (or the market protection bound), its
// reduce-only headroom or its margin runs out. Self-trade prevention cancels
// the RESTING order of the same account ("expire maker") and keeps matching.
import { headOrder, popHead } from './order-book.js';
import { availableFor, fillKeepsMargin, notionalOf } from './margin.js';
import { addLockIn, cancelOrderRec, closeOrder, closeOrderIn, emitOrder, orderResult, restOrder } from './orders.js';
import { applyFill, lastFilledPosition } from './positions.js';
import { account, push, watchedAccount } from './state.js';
import type { Ctx, SymbolState } from './state.js';
import { capTicks, floorTicks, protectionTicks } from './symbols.js';
import { onParentFill } from './tpsl.js';
import type { Account, OrderRec, PositionRec, TradeRec } from './types.js';
import { recordMarketTrade } from './market-data.js';
import { takerSpendBound } from './taker-budget.js';
import { takerFillCostUnits } from '../../src/lib/order-lock';

export const MSG_ALO = 'alo order rejected';
export const MSG_NO_POSITION = 'reduce only order canceled: no position to reduce';
export const MSG_MARGIN = 'insufficient margin';

/** Lots of `side` that would reduce the account's current position. */
export function reducibleLots(acct: Account, symbol: string, side: 'buy' | 'sell'): number {
  return reducibleIn(acct.positions.get(symbol), side);
}

/** The same for the position at hand (undefined: none). */
export function reducibleIn(pos: PositionRec | undefined, side: 'buy' | 'sell'): number {
  if (pos === undefined) return 0;
  if (side === 'buy') return pos.qty < 0 ? -pos.qty : 0;
  return pos.qty > 0 ? pos.qty : 0;
}

/** True when an order at this price would take liquidity. */
export function wouldCross(s: SymbolState, o: OrderRec): boolean {
  if (o.side === 'buy') {
    const a = s.asks.bestPrice();
    return a !== 0 && o.price >= a;
  }
  const b = s.bids.bestPrice();
  return b !== 0 && o.price <= b;
}

/**
 * Runs a registered order (status 'new') to its outcome: rests, fills, is
 * canceled (ioc/market remainder) or rejected (alo that would take), and
 * reports the outcome as an order_result event.
 */
export function runOrder(ctx: Ctx, acct: Account, s: SymbolState, o: OrderRec, available?: bigint): void {
  emitOrder(ctx, o, acct);
  if (o.type === 'limit' && o.tif === 'alo') {
    if (wouldCross(s, o)) {
      closeOrderIn(ctx, acct, s, o, 'rejected', MSG_ALO);
      orderResult(ctx, o, 400, MSG_ALO);
      return;
    }
    restOrder(ctx, acct, o, s);
    orderResult(ctx, o, 0, 'success');
    return;
  }
  let stop = '';
  if (o.reduceOnly && reducibleLots(acct, o.symbol, o.side) === 0) stop = MSG_NO_POSITION;
  else stop = match(ctx, acct, s, o, available);
  if (o.filled === o.qty) {
    closeOrderIn(ctx, acct, s, o, 'filled', '');
    orderResult(ctx, o, 0, 'success');
  } else if (stop === '' && o.type === 'limit' && o.tif === 'gtc') {
    restOrder(ctx, acct, o, s);
    orderResult(ctx, o, 0, 'success');
  } else {
    closeOrderIn(ctx, acct, s, o, 'canceled', stop !== '' ? stop : 'unfilled remainder canceled');
    orderResult(ctx, o, stop !== '' ? 400 : 0, stop !== '' ? stop : 'success');
  }
}

export const MSG_PROTECTION = 'triggered: waiting for a price within the protection band';
export const MSG_POSITION_CLOSED = 'position closed';

/**
 * One pass of a fired TP/SL child (tpsl.ts): an IOC limit no worse than the mark by the symbol's
 * protection band (symbols.ts protectionTicks), for at most what the position still has to close.
 * The first pass (status 'new') ends like runOrder's: filled, or canceled (no position, margin) with
 * its order_result; what the band leaves stays working: status 'open', remark MSG_PROTECTION, never on
 * the book. A later pass (status 'open') fills what the book now offers within the band, or ends the
 * child: filled, or canceled 'position closed' once the position is gone. Returns whether it still works.
 */
export function runTriggered(ctx: Ctx, acct: Account, s: SymbolState, o: OrderRec): boolean {
  const first = o.status === 'new';
  if (first) emitOrder(ctx, o, acct);
  // While it runs the child is 'new', so the close of the position by its own fill does not cancel it
  // under the loop (positions.ts closePosition cancels 'open' reduce-only orders); no event sees it.
  else o.status = 'new';
  const before = o.filled;
  const stop = reducibleLots(acct, o.symbol, o.side) === 0 ? MSG_NO_POSITION : match(ctx, acct, s, o);
  if (o.filled === o.qty) {
    closeOrder(ctx, o, 'filled', '');
    if (first) orderResult(ctx, o, 0, 'success');
    return false;
  }
  if (first && stop !== '') {
    closeOrder(ctx, o, 'canceled', stop);
    orderResult(ctx, o, 400, stop);
    return false;
  }
  if (stop !== '' || reducibleLots(acct, o.symbol, o.side) === 0) {
    const remark = stop === '' || stop === MSG_NO_POSITION ? MSG_POSITION_CLOSED : stop;
    closeOrder(ctx, o, 'canceled', remark);
    if (first) orderResult(ctx, o, 0, 'success');
    return false;
  }
  o.status = 'open';
  if (first || o.filled !== before) {
    o.remark = MSG_PROTECTION;
    o.updatedAt = ctx.time;
    emitOrder(ctx, o, acct);
  }
  if (first) orderResult(ctx, o, 0, 'success');
  return true;
}

/** Whether the book offers a working TP/SL child of `side` anything within the protection band now. */
export function withinProtection(s: SymbolState, side: 'buy' | 'sell'): boolean {
  if (side === 'sell') {
    const b = s.bids.bestPrice();
    return b !== 0 && b >= protectionTicks(s.spec, s.mark, true);
  }
  const a = s.asks.bestPrice();
  return a !== 0 && a <= protectionTicks(s.spec, s.mark, false);
}

/**
 * `available` is the taker's margin availability before matching (what
 * validation computed). Each fill spends from it what it really takes
 * (src/lib/order-lock takerFillCostUnits, shared with the app): the
 * initial margin of the opening part (rounded up), the taker fee of the whole
 * fill, and the immediate upnl loss when the fill price is worse than mark.
 * The safety factor is not charged again: validation checked the order lock
 * with it, and it is what lets an order at the maximum fill a little worse
 * than the price it was checked at (issue 16 #5). Released margin is not
 * credited back, so the availability after the order can only be higher than
 * the budget says.
 */
function match(ctx: Ctx, acct: Account, s: SymbolState, o: OrderRec, available?: bigint): string {
  const buy = o.side === 'buy';
  const book = buy ? s.asks : s.bids;
  const spec = s.spec;
  // A user's market order carries its own limit (validation.ts: the price sent, or the band bound);
  // TP/SL children keep their trigger in `price` and take the protection bound at the mark now
  // (runTriggered); forced/system market orders store 0 and take the band bound at the mark now.
  const limit = o.type === 'limit' || (o.source === 'user' && o.price > 0)
    ? o.price
    : o.source === 'tp' || o.source === 'sl'
      ? protectionTicks(spec, s.mark, !buy)
      : buy ? capTicks(spec, s.mark) : floorTicks(spec, s.mark);
  const checkMargin = !acct.system && !o.reduceOnly;
  let budget = checkMargin ? (available ?? availableFor(ctx, acct, s)) : 0n;
  // Decided at the first fill (taker-budget.ts): > 0, the budget covers the most the order can spend on
  // fills priced up to `covered` ticks, so those are not charged one by one; -1, each fill is charged.
  let covered = 0;
  let coveredBound = 0n;
  while (o.filled < o.qty) {
    const lvl = book.best();
    if (lvl === undefined || (buy ? lvl.price > limit : lvl.price < limit)) break;
    let m = headOrder(lvl);
    while (m !== undefined && o.filled < o.qty) {
      if (m.user === o.user) {
        cancelOrderRec(ctx, m, 'self-trade prevention');
        m = headOrder(lvl);
        continue;
      }
      const mAcct = account(ctx, m.user);
      let lots = o.qty - o.filled;
      const mRem = m.qty - m.filled;
      if (mRem < lots) lots = mRem;
      if (m.reduceOnly) {
        const cap = reducibleLots(mAcct, m.symbol, m.side);
        if (cap === 0) {
          cancelOrderRec(ctx, m, MSG_NO_POSITION);
          m = headOrder(lvl);
          continue;
        }
        if (cap < lots) lots = cap;
      }
      if (o.reduceOnly) {
        const cap = reducibleLots(acct, o.symbol, o.side);
        if (cap === 0) {
          if (lvl.total <= 0) book.removeLevel(lvl);
          return MSG_NO_POSITION;
        }
        if (cap < lots) lots = cap;
      }
      if (!fillKeepsMargin(ctx, s, mAcct, m.side, lots, lvl.price, false)) {
        cancelOrderRec(ctx, m, MSG_MARGIN);
        m = headOrder(lvl);
        continue;
      }
      if (!fillKeepsMargin(ctx, s, acct, o.side, lots, lvl.price, checkMargin)) {
        if (lvl.total <= 0) book.removeLevel(lvl);
        return MSG_MARGIN;
      }
      // The fill's ticks×lots, notional and taker fee are made once here and booked as they are.
      const tl = BigInt(lvl.price * lots);
      const notional = tl * spec.notionalUnit;
      const takerFee = tl * spec.takerFeeUnit;
      if (checkMargin && covered === 0) {
        // Buys fill at most at their limit; sells at most at the best bid, which is this level: no bid
        // enters the book while a taker matches.
        const maxPrice = buy ? limit : lvl.price;
        const bound = takerSpendBound(spec, o.qty - o.filled, maxPrice, buy ? limit - s.mark : s.mark - limit);
        if (bound !== undefined && budget >= bound) {
          covered = maxPrice;
          coveredBound = bound;
        } else covered = -1;
      }
      if (checkMargin && covered > 0 && lvl.price > covered) {
        // Unreachable (see above); should it happen, the rest is charged from what the bound leaves.
        budget -= coveredBound;
        covered = -1;
      }
      if (checkMargin && covered < 0) {
        const opp = reducibleLots(acct, o.symbol, o.side);
        const open = opp < lots ? lots - opp : 0;
        const adverse = buy ? lvl.price - s.mark : s.mark - lvl.price;
        const cost = takerFillCostUnits(
          open === lots ? notional : open > 0 ? notionalOf(spec, lvl.price, open) : 0n, o.leverage, takerFee,
          adverse > 0 ? notionalOf(spec, adverse, lots) : 0n,
        );
        if (budget < cost) {
          if (lvl.total <= 0) book.removeLevel(lvl);
          return MSG_MARGIN;
        }
        budget -= cost;
      }
      executeFill(ctx, s, o, acct, m, mAcct, lvl.price, lots, tl, notional, takerFee);
      lvl.total -= lots;
      if (m.filled === m.qty) popHead(lvl);
      m = headOrder(lvl);
    }
    if (lvl.total <= 0) book.removeLevel(lvl);
  }
  return '';
}

function executeFill(
  ctx: Ctx, s: SymbolState, taker: OrderRec, tAcct: Account, maker: OrderRec, mAcct: Account, price: number, lots: number,
  tl: bigint, notional: bigint, takerFee: bigint,
): void {
  const spec = s.spec;
  const id = ++ctx.seq.trade;
  fillSide(ctx, s, mAcct, maker, lots, price, notional, spec.makerFeeUnit, id, true, tl * spec.makerFeeUnit);
  fillSide(ctx, s, tAcct, taker, lots, price, notional, spec.takerFeeUnit, id, false, takerFee);
  recordMarketTrade(ctx, s, id, price, lots, taker.side);
}

/** Pending fee sums stay exact: each addend and each sum it is added to at most 2^52, so the result ≤ 2^53. */
const FEE_TL_STEP = 2 ** 52;

/** Books one side of a fill: fee, order progress, position, trade record, TP/SL children. */
export function fillSide(
  ctx: Ctx, s: SymbolState, acct: Account, o: OrderRec, lots: number, price: number, notional: bigint,
  feeUnit: bigint, tradeId: number, resting: boolean, feeMade?: bigint,
): void {
  // feeMade: the same price × lots × feeUnit, when the caller has already made it.
  const tl = price * lots;
  const fee = feeMade ?? BigInt(tl) * feeUnit;
  acct.cross -= fee;
  // ctx.fees += fee, as ticks×lots of the symbol's maker or taker fee unit added up (state.ts settledFees).
  const maker = feeUnit === s.spec.makerFeeUnit;
  if ((maker || feeUnit === s.spec.takerFeeUnit) && Number.isSafeInteger(tl) && tl >= 0 && tl <= FEE_TL_STEP) {
    let pending = maker ? s.makerFeeTl : s.takerFeeTl;
    if (pending > FEE_TL_STEP) {
      ctx.fees += BigInt(pending) * feeUnit;
      pending = 0;
    }
    if (maker) s.makerFeeTl = pending + tl;
    else s.takerFeeTl = pending + tl;
  } else ctx.fees += fee;
  o.filled += lots;
  o.fillTl += price * lots;
  o.updatedAt = ctx.time;
  if (resting) {
    if (!acct.system && !o.reduceOnly) addLockIn(ctx, acct, s, o, -lots);
    if (o.filled === o.qty) closeOrderIn(ctx, acct, s, o, 'filled', '');
    else {
      emitOrder(ctx, o, acct);
    }
  }
  const pnl = applyFill(ctx, s, acct, o.side, lots, notional);
  // The position left open, else the one the fill closed (applyFill marks the wallet too).
  const pos = lastFilledPosition();
  if (pos !== undefined) o.positionId = pos.id;
  if (acct.system) return;
  const t: TradeRec = {
    id: tradeId, orderId: o.id, user: acct.id, symbol: o.symbol, side: o.side, qty: lots, value: notional, fee, pnl,
    time: ctx.time,
  };
  acct.trades.push(t);
  ctx.history?.added(t);
  if (watchedAccount(ctx, acct)) push(ctx, { type: 'trade', user: acct.id, trade: t });
  if (o.tp !== 0 || o.sl !== 0) onParentFill(ctx, acct, o);
}
