// Take-profit / stop-loss children. They are reduce-only market orders created 'untriggered', fire
// when the MARK price crosses the trigger, and form a one-cancels-other pair: when one fires the
// sibling is canceled. Two kinds (decisions.md "TP/SL and position protection"):
// - attached to an order: created at the parent's first fill, qty follows the parent's fill_qty
//   (matching calls onParentFill);
// - whole position: created at once by a qty-0 reduce-only request (protectPosition); qty stays 0
//   ("the whole position") until one fires and closes whatever the position is then. Sending it again
//   replaces the previous whole-position TP and/or SL.
// A fired child runs through matching again, which the caller hands in (`run`), so the two modules do
// not import each other.
import { cancelOrderRec, closeOrder, emitOrder, orderResult, registerOrder } from './orders.js';
import { account } from './state.js';
import type { Ctx, SymbolState } from './state.js';
import type { Account, OrderRec, Side } from './types.js';

export const MSG_REPLACED = 'replaced by a new position tp/sl';
export const MSG_OCO = 'oco: sibling triggered';

/** An untriggered TP/SL child that closes the whole position when it fires (qty 0 until then). */
export function isWholePositionChild(o: OrderRec): boolean {
  return o.parentId !== 0 && o.qty === 0 && o.status === 'untriggered' && (o.source === 'tp' || o.source === 'sl');
}

function newChild(ctx: Ctx, acct: Account, s: SymbolState, parent: OrderRec, kind: 'tp' | 'sl', side: Side, trigger: number, qty: number): OrderRec {
  const id = ++ctx.seq.order;
  let cl = `${kind}-${id}`;
  if (acct.liveCl.has(cl)) cl = `${cl}-${parent.id}`;
  const child: OrderRec = {
    id, clOrdId: cl, user: acct.id, symbol: parent.symbol, side, type: 'market', tif: 'ioc', price: trigger, qty, filled: 0,
    fillTl: 0, fillExtra: 0n, reduceOnly: true, leverage: parent.leverage, status: 'untriggered', positionId: parent.positionId,
    liqId: 0, source: kind, remark: '', createdAt: ctx.time, updatedAt: ctx.time, tp: 0, sl: 0, tpId: 0, slId: 0,
    parentId: parent.id,
  };
  registerOrder(ctx, acct, child);
  s.triggers.push(child);
  if (kind === 'tp') parent.tpId = id;
  else parent.slId = id;
  emitOrder(ctx, child);
  return child;
}

export function onParentFill(ctx: Ctx, acct: Account, parent: OrderRec): void {
  const s = ctx.syms.get(parent.symbol);
  if (s === undefined) return;
  for (const kind of ['tp', 'sl'] as const) {
    const trigger = kind === 'tp' ? parent.tp : parent.sl;
    if (trigger === 0) continue;
    const childId = kind === 'tp' ? parent.tpId : parent.slId;
    if (childId === 0) {
      newChild(ctx, acct, s, parent, kind, parent.side === 'buy' ? 'sell' : 'buy', trigger, parent.filled);
    } else {
      const child = acct.live.get(childId);
      if (child !== undefined && child.status === 'untriggered' && child.qty !== parent.filled) {
        child.qty = parent.filled;
        child.updatedAt = ctx.time;
        emitOrder(ctx, child);
      }
    }
  }
}

/**
 * Position TP/SL: the validated qty-0 request (validation.ts, `wholePosition`) is recorded as done at
 * once — its children are the protection. The TP and/or SL it carries replace the previous
 * whole-position ones; the side it does not carry stays.
 */
export function protectPosition(ctx: Ctx, acct: Account, s: SymbolState, request: OrderRec): void {
  emitOrder(ctx, request);
  for (const kind of ['tp', 'sl'] as const) {
    const trigger = kind === 'tp' ? request.tp : request.sl;
    if (trigger === 0) continue;
    const old = [...acct.live.values()].filter((o) => o.symbol === request.symbol && o.source === kind && isWholePositionChild(o));
    for (const o of old) cancelOrderRec(ctx, o, MSG_REPLACED);
    newChild(ctx, acct, s, request, kind, request.side, trigger, 0);
  }
  closeOrder(ctx, request, 'filled', '');
  orderResult(ctx, request, 0, 'success');
}

/** Long children (sell side): TP when mark ≥ tp, SL when mark ≤ sl; reversed for shorts. */
export function shouldFire(c: OrderRec, mark: number): boolean {
  const closesLong = c.side === 'sell';
  if (c.source === 'tp') return closesLong ? mark >= c.price : mark <= c.price;
  return closesLong ? mark <= c.price : mark >= c.price;
}

/** Runs a fired child as a market order: matching.ts runOrder. */
export type RunOrder = (ctx: Ctx, acct: Account, s: SymbolState, o: OrderRec) => void;

export function checkTriggers(ctx: Ctx, s: SymbolState, run: RunOrder): void {
  if (s.triggers.length === 0) return;
  const fired = s.triggers.filter((c) => shouldFire(c, s.mark));
  for (const c of fired) {
    if (c.status === 'untriggered') fire(ctx, s, c, run);
  }
}

/** Lots of `side` that close the account's position now (0 when there is none to close). */
function closableLots(acct: Account, symbol: string, side: Side): number {
  const q = acct.positions.get(symbol)?.qty ?? 0;
  return side === 'buy' ? Math.max(0, -q) : Math.max(0, q);
}

function fire(ctx: Ctx, s: SymbolState, c: OrderRec, run: RunOrder): void {
  const i = s.triggers.indexOf(c);
  if (i >= 0) s.triggers.splice(i, 1);
  const acct = account(ctx, c.user);
  const whole = isWholePositionChild(c);
  for (const o of [...acct.live.values()]) {
    if (o.id === c.id || o.status !== 'untriggered') continue;
    // A whole-position TP and SL are one pair even when they were set by different requests.
    const partner = whole ? o.symbol === c.symbol && isWholePositionChild(o) : o.parentId === c.parentId;
    if (partner) cancelOrderRec(ctx, o, MSG_OCO);
  }
  if (whole) {
    // It closes whatever the position is now: reduce-only, so it can never flip it.
    c.qty = closableLots(acct, c.symbol, c.side);
    if (c.qty === 0) {
      cancelOrderRec(ctx, c, 'reduce only order canceled: no position to reduce');
      return;
    }
  }
  c.status = 'new';
  c.updatedAt = ctx.time;
  run(ctx, acct, s, c);
}
