// Take-profit / stop-loss children. They are reduce-only market orders created 'untriggered', fire
// when the MARK price crosses the trigger, and form a one-cancels-other pair: when one fires the
// sibling is canceled. Two kinds (decisions.md "TP/SL and position protection"):
// - attached to an order: created at the parent's first fill, qty follows the parent's fill_qty
//   (matching calls onParentFill);
// - whole position: created at once by a qty-0 reduce-only request (protectPosition); qty stays 0
//   ("the whole position") until one fires and closes whatever the position is then. Sending it again
//   replaces the previous whole-position TP and/or SL.
// Untriggered children live in the symbol's trigger book (trigger-book.ts), indexed by trigger price;
// a mark move moves the crossed ones to its pending queue and one call fires at most a bounded batch
// of them (fireBatch), in the order they were crossed. A fired child runs through matching as an IOC
// limit within the protection band (matching.ts runTriggered, which the caller hands in as `run`, so
// the two modules do not import each other); what the band leaves keeps working ('open', never on the
// book) and is passed again every tick (retryWorking) until it is filled, its position is gone or the
// trader cancels it. The OCO partner is found from the children's links (tpId/slId on a child name the
// TP and the SL of its pair), never by scanning the account.
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

/** A whole-position child of `kind` in the symbol (at most one of each: a new one replaces it). */
function wholeChild(acct: Account, symbol: string, kind: 'tp' | 'sl'): OrderRec | undefined {
  for (const o of acct.live.values()) if (o.symbol === symbol && o.source === kind && isWholePositionChild(o)) return o;
  return undefined;
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
  s.triggers.add(child);
  if (kind === 'tp') parent.tpId = id;
  else parent.slId = id;
  // The pair's link: an attached child's partner is its parent's other child; a whole-position
  // child's is the whole-position child of the other kind in the symbol.
  const partner = qty === 0 && parent.qty === 0
    ? wholeChild(acct, parent.symbol, kind === 'tp' ? 'sl' : 'tp')
    : acct.live.get(kind === 'tp' ? parent.slId : parent.tpId);
  link(child, kind, child.id);
  if (partner !== undefined && partner !== child && partner.status === 'untriggered') {
    link(child, partner.source === 'tp' ? 'tp' : 'sl', partner.id);
    link(partner, kind, child.id);
  }
  emitOrder(ctx, child);
  return child;
}

function link(o: OrderRec, kind: 'tp' | 'sl', id: number): void {
  if (kind === 'tp') o.tpId = id;
  else o.slId = id;
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
    const old = wholeChild(acct, request.symbol, kind);
    if (old !== undefined) cancelOrderRec(ctx, old, MSG_REPLACED);
    newChild(ctx, acct, s, request, kind, request.side, trigger, 0);
  }
  closeOrder(ctx, request, 'filled', '');
  orderResult(ctx, request, 0, 'success');
}

/**
 * One pass of a fired child (matching.ts runTriggered): an IOC limit within the protection band;
 * returns whether it still works (the band left some unfilled).
 */
export type RunTriggered = (ctx: Ctx, acct: Account, s: SymbolState, o: OrderRec) => boolean;

/**
 * Most children one engine step (or one drainTriggers call) fires, over all symbols: the rest of a
 * trigger storm stays crossed and fires on the following calls (decisions.md: a tick keeps the event
 * loop busy for at most 50 ms; a batch of 500 takes about 2 ms, about 7 ms with every event rendered).
 */
export const TRIGGER_BATCH = 500;

/** Passes every working child again at the current mark, as far as the book offers anything within the band. */
export function retryWorking(ctx: Ctx, s: SymbolState, run: RunTriggered, within: (s: SymbolState, side: Side) => boolean): void {
  for (const set of [s.triggers.workingSell, s.triggers.workingBuy]) {
    if (set.size === 0) continue;
    for (const c of set) {
      // Nothing on the book within the band: the others of this side would find nothing either.
      if (!within(s, c.side)) break;
      if (c.status !== 'open') continue;
      if (!run(ctx, account(ctx, c.user), s, c)) set.delete(c);
    }
  }
}

/** Moves the children the mark has crossed to the symbol's pending queue (touches only those). */
export function collectTriggers(s: SymbolState): void {
  s.triggers.collect(s.mark);
}

/** Fires up to `budget` crossed children of the symbol, in the order they were crossed; returns how many. */
export function fireBatch(ctx: Ctx, s: SymbolState, run: RunTriggered, budget: number): number {
  let n = 0;
  while (n < budget) {
    const c = s.triggers.take();
    if (c === undefined) break;
    if (c.status !== 'untriggered') continue;
    fire(ctx, s, c, run);
    n++;
  }
  return n;
}

/** Lots of `side` that close the account's position now (0 when there is none to close). */
function closableLots(acct: Account, symbol: string, side: Side): number {
  const q = acct.positions.get(symbol)?.qty ?? 0;
  return side === 'buy' ? Math.max(0, -q) : Math.max(0, q);
}

/** The untriggered other child of the pair: from the link, or (children of older snapshots) by a scan. */
function ocoPartner(acct: Account, c: OrderRec, whole: boolean): OrderRec | undefined {
  const id = c.source === 'tp' ? c.slId : c.tpId;
  if (c.tpId !== 0 || c.slId !== 0) {
    const p = id === 0 ? undefined : acct.live.get(id);
    return p !== undefined && p.status === 'untriggered' && p.symbol === c.symbol ? p : undefined;
  }
  for (const o of acct.live.values()) {
    if (o.id === c.id || o.status !== 'untriggered') continue;
    // A whole-position TP and SL are one pair even when they were set by different requests.
    if (whole ? o.symbol === c.symbol && isWholePositionChild(o) : o.parentId === c.parentId) return o;
  }
  return undefined;
}

function fire(ctx: Ctx, s: SymbolState, c: OrderRec, run: RunTriggered): void {
  const acct = account(ctx, c.user);
  const whole = isWholePositionChild(c);
  const partner = ocoPartner(acct, c, whole);
  if (partner !== undefined) cancelOrderRec(ctx, partner, MSG_OCO);
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
  if (run(ctx, acct, s, c)) s.triggers.addWorking(c);
}
