// Built-in liquidity. A maker account re-quotes a ladder of levels on both sides
// around the index every second, at full depth whatever users rest (a level across
// a user's order takes it first), and a flow account sends small market orders
// so trades and candles exist from the first second. Both are system accounts
// (ids 'sys_…'): funded by a recorded deposit, exempt from margin checks and
// liquidation, never shown in user streams. All randomness is the seeded PRNG.
import { closeOrder, registerOrder, restOrder } from './orders.js';
import { account, FLOW, MAKER } from './state.js';
import type { Ctx, SymbolState } from './state.js';
import type { OrderRec, Side } from './types.js';
import { runOrder } from './matching.js';
import type { Level } from './order-book.js';

function systemOrder(ctx: Ctx, user: string, s: SymbolState, side: Side, type: 'limit' | 'market', price: number, lots: number): OrderRec {
  const id = ++ctx.seq.order;
  return {
    id, clOrdId: `${user}-${id}`, user, symbol: s.spec.symbol, side, type, tif: type === 'limit' ? 'alo' : 'ioc',
    price, qty: lots, filled: 0, fillTl: 0, fillExtra: 0n, reduceOnly: false, leverage: 1, status: 'new',
    positionId: 0, liqId: 0, source: 'system', remark: '', createdAt: ctx.time, updatedAt: ctx.time,
    tp: 0, sl: 0, tpId: 0, slId: 0, parentId: 0,
  };
}

function roundLots(s: SymbolState, lots: number): number {
  return Math.max(s.spec.minLots, Math.round(lots));
}

/**
 * Keeps the maker ladder on a price grid of `levelStep` so that small index
 * moves leave most levels (and their queue priority) untouched: only levels
 * that left the desired band or were filled are replaced, and a few random
 * levels are refreshed each second for liveliness. A level across a resting
 * user order takes that order and rests its usual size (crossingLevel).
 */
export function requote(ctx: Ctx, s: SymbolState): void {
  if (!ctx.cfg.makers) {
    for (const o of s.makerOrders) if (o.status === 'open') closeOrder(ctx, o, 'canceled', '');
    s.makerOrders = [];
    return;
  }
  const p = s.spec.cfg.maker;
  const idx = s.index;
  const half = Math.max(1, Math.round((idx * p.halfSpreadBps) / 10_000));
  const step = Math.max(1, Math.round((idx * p.levelStepBps) / 10_000));
  const topBid = Math.floor((idx - half) / step) * step;
  const topAsk = Math.ceil((idx + half) / step) * step;
  const lowBid = topBid - (p.levels - 1) * step;
  const highAsk = topAsk + (p.levels - 1) * step;
  const keepBid = new Set<number>();
  const keepAsk = new Set<number>();
  const kept: OrderRec[] = [];
  for (const o of s.makerOrders) {
    if (o.status !== 'open') continue;
    const buy = o.side === 'buy';
    const inBand = buy ? o.price <= topBid && o.price >= lowBid : o.price >= topAsk && o.price <= highAsk;
    const seen = buy ? keepBid : keepAsk;
    if (!inBand || seen.has(o.price) || ctx.rng.next() < 0.04) {
      closeOrder(ctx, o, 'canceled', '');
      continue;
    }
    seen.add(o.price);
    kept.push(o);
  }
  s.makerOrders = kept;
  // Only user orders can be at or across these prices (the two ladders are around one index, so a
  // maker level never meets another). A level that would cross one is never left out: the maker takes
  // the user's orders up to its level at their prices, as an arbitrageur would, and still rests its
  // usual size there (crossingLevel). The common case (nothing crosses) costs one comparison.
  const mm = account(ctx, MAKER);
  for (let i = 0; i < p.levels; i++) {
    const depth = 0.4 + (1.2 * i) / p.levels;
    const bid = topBid - i * step;
    if (bid > 0 && !keepBid.has(bid)) {
      const o = systemOrder(ctx, mm.id, s, 'buy', 'limit', bid, lotsFor(ctx, s, depth));
      const bestAsk = s.asks.bestPrice();
      if (bestAsk !== 0 && bid >= bestAsk) crossingLevel(ctx, s, o);
      else place(ctx, s, o);
    }
    const ask = topAsk + i * step;
    if (!keepAsk.has(ask)) {
      const o = systemOrder(ctx, mm.id, s, 'sell', 'limit', ask, lotsFor(ctx, s, depth));
      const bestBid = s.bids.bestPrice();
      if (bestBid !== 0 && ask <= bestBid) crossingLevel(ctx, s, o);
      else place(ctx, s, o);
    }
  }
}

/**
 * A maker level across resting user orders: a gtc limit for the user lots at or better than its
 * price plus its own size, run through matching (system accounts are exempt from margin), so it
 * takes those orders at their prices and rests its usual size, keeping the side's depth.
 */
function crossingLevel(ctx: Ctx, s: SymbolState, o: OrderRec): void {
  const book = o.side === 'buy' ? s.asks : s.bids;
  let across = 0;
  for (let i = book.levels.length - 1; i >= 0; i--) {
    const l = book.levels[i] as Level;
    if (o.side === 'buy' ? l.price > o.price : l.price < o.price) break;
    across += l.total;
  }
  o.qty += across;
  o.tif = 'gtc';
  const mm = account(ctx, o.user);
  registerOrder(ctx, mm, o);
  runOrder(ctx, mm, s, o);
  if (o.status === 'open') s.makerOrders.push(o);
}

function lotsFor(ctx: Ctx, s: SymbolState, depth: number): number {
  const p = s.spec.cfg.maker;
  return roundLots(s, (p.minLots + ctx.rng.next() * (p.maxLots - p.minLots)) * depth);
}

function place(ctx: Ctx, s: SymbolState, o: OrderRec): void {
  const mm = account(ctx, o.user);
  registerOrder(ctx, mm, o);
  restOrder(ctx, mm, o);
  s.makerOrders.push(o);
}

export function flow(ctx: Ctx, s: SymbolState): void {
  if (!ctx.cfg.makers) return;
  const p = s.spec.cfg.maker;
  if (ctx.rng.next() >= p.flowProb) return;
  const side: Side = ctx.rng.next() < 0.5 ? 'buy' : 'sell';
  const lots = s.spec.minLots + ctx.rng.int(p.flowMaxLots);
  const f = account(ctx, FLOW);
  const o = systemOrder(ctx, f.id, s, side, 'market', 0, lots);
  registerOrder(ctx, f, o);
  runOrder(ctx, f, s, o);
}
