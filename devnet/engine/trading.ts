// Trading commands: new order, cancels, leverage, margin mode, isolated margin
// transfers. Each validates everything first; on error nothing changes.
import { babs, bmax, fmt, parseDecimal, SCALE_DP } from './decimal.js';
import { accountFigures, crossAvailable, freeCash, initialMargin, positionUpnl } from './margin.js';
import { runOrder } from './matching.js';
import { cancelOrderRec, closeOrderIn, liveIn, orderResult, registerOrder } from './orders.js';
import { markPerps, markPosition, newAccount, posConfig, push, tracking } from './state.js';
import type { Ctx } from './state.js';
import type { Account, MarginMode, OrderRec, Result } from './types.js';
import { validateNewOrder } from './validation.js';
import type { NewOrderParams } from './validation.js';
import { lookup } from './market-data.js';
import { protectPosition } from './tpsl.js';

const bad = (message: string, code = 400): { ok: false; code: number; message: string } => ({ ok: false, code, message });

export function touch(ctx: Ctx, now: number): void {
  if (Number.isFinite(now) && now > ctx.time) ctx.time = now;
}

export function newOrder(ctx: Ctx, user: string, p: NewOrderParams): Result<{ orderId: number; clOrdId: string }> {
  if (typeof user !== 'string' || user === '' || user.startsWith('sys_')) return bad('invalid user');
  const v = validateNewOrder(ctx, user, p);
  if (!v.ok) return v;
  // The draft is validateNewOrder's reused object: everything is read from it here, before matching.
  const d = v.value;
  const s = d.s;
  const available = d.available;
  const wholePosition = d.wholePosition;
  // The account validation found (or made: it enters the accounts now), without a second lookup.
  const acct = d.acct;
  if (d.newAcct) ctx.accounts.set(user, acct);
  const id = ++ctx.seq.order;
  const symbol = s.spec.symbol;
  const pos = d.pos;
  const o: OrderRec = {
    id, clOrdId: d.clOrdId ?? `auto-${id}`, user, symbol, side: d.side, type: d.type, tif: d.tif,
    price: d.price, qty: d.qty, filled: 0, fillTl: 0, fillExtra: 0n, reduceOnly: d.reduceOnly, leverage: d.leverage,
    status: 'new', positionId: pos !== undefined ? pos.id : 0, liqId: 0, source: 'user', remark: '',
    createdAt: ctx.time, updatedAt: ctx.time, tp: d.tp, sl: d.sl, tpId: 0, slId: 0, parentId: 0,
  };
  registerOrder(ctx, acct, o, s, !wholePosition);
  if (wholePosition) protectPosition(ctx, acct, s, o);
  else runOrder(ctx, acct, s, o, available);
  return { ok: true, value: { orderId: id, clOrdId: o.clOrdId } };
}

function findLive(ctx: Ctx, acct: Account | undefined, orderId: unknown, clOrdId: unknown): Result<OrderRec> {
  const hasId = orderId !== undefined && orderId !== null;
  const hasCl = clOrdId !== undefined && clOrdId !== null && clOrdId !== '';
  if (!hasId && !hasCl) return bad('order_id or cl_ord_id is required');
  if (hasId && (typeof orderId !== 'number' || !Number.isInteger(orderId))) return bad('order_id must be an integer');
  if (hasCl && typeof clOrdId !== 'string') return bad('cl_ord_id must be a string');
  let o: OrderRec | undefined;
  if (hasId) {
    if (acct !== undefined) o = acct.live.get(orderId as number);
    if (o !== undefined && hasCl && o.clOrdId !== clOrdId) return bad('order_id and cl_ord_id refer to different orders');
  } else if (acct !== undefined) o = acct.liveCl.get(clOrdId as string);
  if (o !== undefined) return { ok: true, value: o };
  const closed = acct === undefined ? undefined : findHistory(acct, hasId ? (orderId as number) : undefined, hasCl ? (clOrdId as string) : undefined);
  if (closed !== undefined) return bad(`order ${closed.id} is not open (status ${closed.status})`);
  return bad('order not found', 404);
}

/** History is in id order, so an id lookup is a binary search. */
export function findHistory(acct: Account, id: number | undefined, cl: string | undefined): OrderRec | undefined {
  const list = acct.orders;
  if (id !== undefined) {
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const o = list[mid] as OrderRec;
      if (o.id === id) return cl === undefined || o.clOrdId === cl ? o : undefined;
      if (o.id < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
  for (let i = list.length - 1; i >= 0; i--) {
    const o = list[i] as OrderRec;
    if (o.clOrdId === cl) return o;
  }
  return undefined;
}

export function cancelOrder(ctx: Ctx, user: string, p: { order_id?: number | null; cl_ord_id?: string | null }): Result<void> {
  const r = findLive(ctx, ctx.accounts.get(user), p?.order_id, p?.cl_ord_id);
  if (!r.ok) return r;
  cancelOrderRec(ctx, r.value, 'canceled by user');
  orderResult(ctx, r.value, 0, 'success');
  return { ok: true, value: undefined };
}

export function cancelOrders(
  ctx: Ctx, user: string, p: { order_id_list?: number[] | null; cl_ord_id_list?: string[] | null },
): Result<void> {
  const ids = p?.order_id_list ?? [];
  const cls = p?.cl_ord_id_list ?? [];
  if (!Array.isArray(ids) || !Array.isArray(cls)) return bad('order_id_list and cl_ord_id_list must be arrays');
  if (ids.length === 0 && cls.length === 0) return bad('order_id_list or cl_ord_id_list is required');
  for (let i = 0; i < ids.length; i++) {
    const x: unknown = ids[i];
    if (typeof x !== 'number' || !Number.isInteger(x)) return bad('order_id_list must contain integers');
  }
  for (let i = 0; i < cls.length; i++) if (typeof cls[i] !== 'string') return bad('cl_ord_id_list must contain strings');
  const acct = ctx.accounts.get(user);
  // Every target is looked up before any is canceled (ids first, then client ids); one array of
  // found orders, the ids and client ids read back from the lists, keeps a batch to one allocation.
  const n = ids.length + cls.length;
  const found: Array<OrderRec | undefined> = new Array<OrderRec | undefined>(n);
  for (let i = 0; i < n; i++) found[i] = acct === undefined ? undefined : i < ids.length ? acct.live.get(ids[i]!) : acct.liveCl.get(cls[i - ids.length]!);
  for (let i = 0; i < n; i++) {
    const o = found[i];
    if (o !== undefined && acct !== undefined && acct.live.has(o.id)) {
      // closeOrder (cancelOrderRec) with the account at hand: no lookup of it per order.
      closeOrderIn(ctx, acct, ctx.syms.get(o.symbol), o, 'canceled', 'canceled by user');
      orderResult(ctx, o, 0, 'success');
    } else if (tracking(ctx)) {
      const id = i < ids.length ? ids[i]! : 0;
      const cl = i < ids.length ? '' : cls[i - ids.length]!;
      push(ctx, { type: 'order_result', user, orderId: o?.id ?? id, clOrdId: o?.clOrdId ?? cl, code: 404, message: 'order not found' });
    }
  }
  return { ok: true, value: undefined };
}

/**
 * Leverage applies to the symbol's position and live orders (their locks are
 * recomputed). Refused when the new setting would leave cross_available (cross)
 * or the cash-backed free margin negative, or, for an isolated position, when
 * its margin is below the new initial margin (transfer margin first).
 */
export function changeLeverage(ctx: Ctx, user: string, symbol: string, leverage: number): Result<void> {
  const r = lookup(ctx, symbol);
  if (!r.ok) return r;
  const spec = r.value.spec;
  if (typeof leverage !== 'number' || !Number.isInteger(leverage) || leverage < 1 || leverage > spec.cfg.maxLeverage) {
    return bad(`leverage must be an integer between 1 and ${spec.cfg.maxLeverage}`);
  }
  const existing = ctx.accounts.get(user);
  const acct = existing ?? newAccount(user);
  const old = posConfig(ctx, acct, symbol);
  if (old.leverage === leverage) return { ok: true, value: undefined };
  const pos = acct.positions.get(symbol);
  if (pos !== undefined && pos.mode === 'isolated' && initialMargin(pos, leverage) > pos.isoMargin) {
    return bad(`insufficient isolated margin for leverage ${leverage}: transfer margin first`);
  }
  const hadCfg = acct.cfg.has(symbol);
  acct.cfg.set(symbol, { leverage, mode: old.mode });
  const resting = (acct.lockTl[spec.idx] ?? 0) > 0;
  if (leverage < old.leverage && (pos !== undefined || resting)) {
    const f = accountFigures(ctx, acct);
    const avail = old.mode === 'cross' ? crossAvailable(acct, f) : freeCash(acct, f);
    if (avail < 0n) {
      if (hadCfg) acct.cfg.set(symbol, old);
      else acct.cfg.delete(symbol);
      return bad(`insufficient available margin for leverage ${leverage}`);
    }
  }
  if (existing === undefined) ctx.accounts.set(user, acct);
  for (const o of acct.live.values()) if (o.symbol === symbol) o.leverage = leverage;
  if (pos !== undefined) markPosition(ctx, acct, pos);
  markPerps(ctx, acct);
  return { ok: true, value: undefined };
}

export function changeMarginMode(ctx: Ctx, user: string, symbol: string, mode: string): Result<void> {
  const r = lookup(ctx, symbol);
  if (!r.ok) return r;
  if (mode !== 'cross' && mode !== 'isolated') return bad('margin_mode must be cross or isolated');
  const existing = ctx.accounts.get(user);
  const acct = existing ?? newAccount(user);
  const old = posConfig(ctx, acct, symbol);
  if (old.mode === mode) return { ok: true, value: undefined };
  if (acct.positions.has(symbol)) return bad(`cannot change margin mode while a position is open in ${symbol}`);
  if (liveIn(ctx, acct, symbol) > 0) return bad(`cannot change margin mode while orders are open in ${symbol}`);
  acct.cfg.set(symbol, { leverage: old.leverage, mode: mode as MarginMode });
  if (existing === undefined) ctx.accounts.set(user, acct);
  return { ok: true, value: undefined };
}

/**
 * Positive amount_in moves cash-backed free margin into the isolated position;
 * negative moves margin out, as long as margin stays ≥ initial margin and
 * margin + upnl stays ≥ initial margin.
 */
export function transferMargin(ctx: Ctx, user: string, symbol: string, amountIn: string): Result<void> {
  const r = lookup(ctx, symbol);
  if (!r.ok) return r;
  const a = parseDecimal(amountIn, SCALE_DP, 'amount_in', true);
  if (!a.ok) return bad(a.message);
  if (a.value === 0n) return bad('amount_in must not be zero');
  const acct = ctx.accounts.get(user);
  const pos = acct?.positions.get(symbol);
  if (acct === undefined || pos === undefined || pos.mode !== 'isolated') return bad(`no isolated position in ${symbol}`);
  if (a.value > 0n) {
    const free = freeCash(acct, accountFigures(ctx, acct));
    if (a.value > free) return bad(`insufficient available balance (max ${fmt(bmax(0n, free))})`);
  } else {
    const im = initialMargin(pos, posConfig(ctx, acct, symbol).leverage);
    const upnl = positionUpnl(ctx, pos);
    const keep = upnl < 0n ? im - upnl : im;
    const removable = bmax(0n, pos.isoMargin - keep);
    if (babs(a.value) > removable) return bad(`amount_in exceeds the removable isolated margin ${fmt(removable)}`);
  }
  acct.cross -= a.value;
  pos.isoMargin += a.value;
  pos.updatedAt = ctx.time;
  markPosition(ctx, acct, pos);
  markPerps(ctx, acct);
  return { ok: true, value: undefined };
}
