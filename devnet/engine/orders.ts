// Order lifecycle bookkeeping: registration, resting (with its margin lock),
// closing, and the per-status-change events.
import { account, markDepth, markPerps, push, tracking, watched, watchedAccount } from './state.js';
import type { Ctx, SymbolState } from './state.js';
import type { Account, OrderRec, OrderStatus } from './types.js';

/**
 * A user's new order while it matches, not yet in its account's live maps (registerOrder `taker`):
 * most takers end within the command (IOC, market, filled at once), and entering and leaving two
 * maps per order made them rehash over and over. Nothing reads the taker's own live entries while it
 * matches (no listener runs, no validation; an order with TP/SL children is registered at once, since
 * its children enter the maps during its fills), so it enters them only when it rests (restOrder).
 */
let pendingTaker: OrderRec | undefined;

/**
 * `s`: the order's symbol, when the caller has it at hand (saves looking it up). `taker`: a user's
 * order about to be run by runOrder, kept out of the live maps until it rests (pendingTaker).
 */
export function registerOrder(ctx: Ctx, acct: Account, o: OrderRec, s?: SymbolState, taker = false): void {
  if (taker && !acct.system && o.tp === 0 && o.sl === 0) pendingTaker = o;
  else {
    acct.live.set(o.id, o);
    if (acct.system) return;
    acct.liveCl.set(o.clOrdId, o);
  }
  const i = s !== undefined ? s.spec.idx : symIdx(ctx, o.symbol);
  acct.liveCount[i] = (acct.liveCount[i] ?? 0) + 1;
  acct.orders.push(o);
  ctx.history?.added(o);
  pruneHistory(ctx, acct);
}

function pruneHistory(ctx: Ctx, acct: Account): void {
  const cap = ctx.cfg.maxHistoryPerUser;
  if (acct.orders.length <= cap + (cap >> 3)) return;
  // Drop the oldest closed orders; live ones always stay queryable.
  let drop = acct.orders.length - cap;
  acct.orders = acct.orders.filter((o) => {
    if (drop > 0 && !acct.live.has(o.id) && o !== pendingTaker) {
      drop--;
      return false;
    }
    return true;
  });
  if (acct.trades.length > cap + (cap >> 3)) acct.trades = acct.trades.slice(acct.trades.length - cap);
  if (acct.funding.length > cap + (cap >> 3)) acct.funding = acct.funding.slice(acct.funding.length - cap);
}

function symIdx(ctx: Ctx, symbol: string): number {
  const s = ctx.syms.get(symbol);
  return s === undefined ? -1 : s.spec.idx;
}

/** Live (new/open/untriggered) orders of a user account in a symbol. */
export function liveIn(ctx: Ctx, acct: Account, symbol: string): number {
  return acct.liveCount[symIdx(ctx, symbol)] ?? 0;
}

/**
 * Queues the order as it is now: a copy, since the command goes on changing it before delivery renders it.
 * `acct`: the order's account, when the caller has it (its watch answer is remembered: state.ts watchedAccount).
 */
export function emitOrder(ctx: Ctx, o: OrderRec, acct?: Account): void {
  if (acct !== undefined ? !acct.system && watchedAccount(ctx, acct) : watched(ctx, o.user) && !o.user.startsWith('sys_')) {
    push(ctx, { type: 'order', user: o.user, order: { ...o } });
  }
}

export function orderResult(ctx: Ctx, o: OrderRec, code: number, message: string): void {
  if (tracking(ctx) && !o.user.startsWith('sys_')) {
    push(ctx, { type: 'order_result', user: o.user, orderId: o.id, clOrdId: o.clOrdId, code, message });
  }
}

/** Adds (or with negative lots removes) resting quantity to the account's order lock. */
export function addLock(ctx: Ctx, acct: Account, o: OrderRec, lots: number): void {
  if (acct.system || o.reduceOnly) return;
  const s = ctx.syms.get(o.symbol);
  if (s === undefined) return;
  addLockIn(ctx, acct, s, o, lots);
}

/** addLock with the order's symbol at hand (`s` is the order's symbol). */
export function addLockIn(ctx: Ctx, acct: Account, s: SymbolState, o: OrderRec, lots: number): void {
  if (acct.system || o.reduceOnly) return;
  const i = s.spec.idx;
  acct.lockTl[i] = (acct.lockTl[i] ?? 0) + lots * o.price;
  markPerps(ctx, acct);
}

/** Puts a validated limit order on the book and reserves its margin. `sym`: the order's symbol, when the caller has it. */
export function restOrder(ctx: Ctx, acct: Account, o: OrderRec, sym?: SymbolState): void {
  const s = sym !== undefined ? sym : ctx.syms.get(o.symbol);
  if (s === undefined) return;
  o.status = 'open';
  o.updatedAt = ctx.time;
  if (o === pendingTaker) enterLive(acct, o);
  addLockIn(ctx, acct, s, o, o.qty - o.filled);
  (o.side === 'buy' ? s.bids : s.asks).insert(o);
  markDepth(ctx, s);
  emitOrder(ctx, o, acct);
}

/** The pending taker rests: it enters the live maps now. */
function enterLive(acct: Account, o: OrderRec): void {
  pendingTaker = undefined;
  acct.live.set(o.id, o);
  acct.liveCl.set(o.clOrdId, o);
}

/** Final state for a live order: releases its lock and removes it from the book or the trigger book. */
export function closeOrder(ctx: Ctx, o: OrderRec, status: OrderStatus, remark: string): void {
  closeOrderIn(ctx, account(ctx, o.user), ctx.syms.get(o.symbol), o, status, remark);
}

/** closeOrder with the order's account and symbol at hand (`acct` is o.user's, `s` o.symbol's). */
export function closeOrderIn(
  ctx: Ctx, acct: Account, s: SymbolState | undefined, o: OrderRec, status: OrderStatus, remark: string,
): void {
  const was = o.status;
  o.status = status;
  if (remark !== '') o.remark = remark;
  o.updatedAt = ctx.time;
  if (o === pendingTaker) {
    // Never entered the maps: only its count is undone.
    pendingTaker = undefined;
    const i = s === undefined ? -1 : s.spec.idx;
    acct.liveCount[i] = (acct.liveCount[i] ?? 1) - 1;
  } else if (acct.live.delete(o.id)) {
    if (!acct.system) {
      if (acct.liveCl.get(o.clOrdId) === o) acct.liveCl.delete(o.clOrdId);
      const i = s === undefined ? -1 : s.spec.idx;
      acct.liveCount[i] = (acct.liveCount[i] ?? 1) - 1;
    }
  }
  if (was === 'open' && s !== undefined) addLockIn(ctx, acct, s, o, o.filled - o.qty);
  if (s !== undefined) {
    if (o.source === 'tp' || o.source === 'sl') {
      // A TP/SL child is never on the book: untriggered, crossed or working, it is in the trigger book.
      if (was === 'untriggered' || was === 'open') s.triggers.remove(o);
    } else if (was === 'open' && status !== 'filled') {
      // A fill removes quantity from its level inside the matching loop; only cancels touch it here.
      (o.side === 'buy' ? s.bids : s.asks).cancelled(o, o.qty - o.filled);
      markDepth(ctx, s);
    }
  }
  emitOrder(ctx, o, acct);
}

export function cancelOrderRec(ctx: Ctx, o: OrderRec, remark: string): void {
  closeOrder(ctx, o, 'canceled', remark);
}

/** Cancels the account's resting reduce-only orders and untriggered or working TP/SL in a symbol. */
export function cancelReducing(ctx: Ctx, acct: Account, symbol: string, remark: string): void {
  if (liveIn(ctx, acct, symbol) === 0) return;
  const victims: OrderRec[] = [];
  for (const o of acct.live.values()) {
    if (o.symbol === symbol && o.reduceOnly && (o.status === 'open' || o.status === 'untriggered')) victims.push(o);
  }
  for (const o of victims) cancelOrderRec(ctx, o, remark);
}

/** Cancels every resting/untriggered order (working TP/SL included) of the account in a symbol. */
export function cancelAllIn(ctx: Ctx, acct: Account, symbol: string, remark: string): void {
  if (liveIn(ctx, acct, symbol) === 0) return;
  const victims: OrderRec[] = [];
  for (const o of acct.live.values()) {
    if (o.symbol === symbol && (o.status === 'open' || o.status === 'untriggered')) victims.push(o);
  }
  for (const o of victims) cancelOrderRec(ctx, o, remark);
}
