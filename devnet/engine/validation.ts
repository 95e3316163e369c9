// new_order validation. Everything checkable at submission is checked here,
// without touching state, so a rejected request changes nothing.
import { parseUnits, plainUnits } from './decimal.js';
import { availableFor, lockExceeds } from './margin.js';
import { reducibleIn } from './matching.js';
import { isWholePositionChild } from './tpsl.js';
import { newAccount, posConfigOf } from './state.js';
import type { Ctx, SymbolState } from './state.js';
import { capTicks, floorTicks } from './symbols.js';
import type { Account, MarginMode, OrderType, PositionRec, Side, TimeInForce } from './types.js';
import { formatUnits } from './decimal.js';

export interface NewOrderParams {
  symbol: string;
  side: string;
  order_type: string;
  qty: string;
  time_in_force: string;
  reduce_only: boolean;
  price?: string | null;
  cl_ord_id?: string | null;
  margin_mode?: string | null;
  leverage?: number | null;
  tp_price?: string | null;
  sl_price?: string | null;
}

export interface OrderDraft {
  acct: Account;
  s: SymbolState;
  side: Side;
  type: OrderType;
  tif: TimeInForce;
  price: number;
  qty: number;
  reduceOnly: boolean;
  clOrdId: string | undefined;
  leverage: number;
  tp: number;
  sl: number;
  /** Margin availability at validation (non-reduce-only orders), reused by matching. */
  available: bigint | undefined;
  /** Position TP/SL (decisions.md): qty 0 reduce-only market ioc with tp/sl protects the whole position. */
  wholePosition: boolean;
  /** The account's position in the symbol at validation (newOrder records its id on the order). */
  pos: PositionRec | undefined;
  /** `acct` is not in ctx.accounts yet (made for this order; newOrder adds it). */
  newAcct: boolean;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; code: number; message: string };

const bad = (message: string): { ok: false; code: number; message: string } => ({ ok: false, code: 400, message });

export const CL_ORD_ID_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

/** CL_ORD_ID_RE.test as a loop over the characters (runs for every new order; the regex was a visible cost). */
export function isClOrdId(v: string): boolean {
  const n = v.length;
  if (n < 1 || n > 64) return false;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    // 0-9 : (48-58), A-Z, a-z, _ . -
    if (!((c >= 48 && c <= 58) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 45)) return false;
  }
  return true;
}

function present<T>(v: T | null | undefined): v is T {
  return v !== undefined && v !== null;
}

/**
 * Cumulative remaining qty of the account's other pending reduce-only orders on `side`; a TP/SL pair
 * counts once. Whole-position TP/SL (qty 0 until it fires) count nothing: they close only what remains.
 */
export function pendingReduceLots(acct: Account, symbol: string, side: Side): number {
  let sum = 0;
  const pairs = new Map<number, number>();
  for (const o of acct.live.values()) {
    if (o.symbol !== symbol || !o.reduceOnly || o.side !== side) continue;
    if (isWholePositionChild(o)) continue;
    const rem = o.qty - o.filled;
    if (o.parentId !== 0 && o.status === 'untriggered') {
      pairs.set(o.parentId, Math.max(pairs.get(o.parentId) ?? 0, rem));
    } else sum += rem;
  }
  for (const v of pairs.values()) sum += v;
  return sum;
}

/**
 * decisions.md "Position TP/SL": new_order with reduce_only, qty "0", market, ioc and a tp_price and/or
 * sl_price protects the whole position. Any other qty-0 order stays refused (qty must be positive), so
 * a service without the extension refuses it too.
 */
/**
 * Open orders a new order adds: itself, or — for a position TP/SL, which is done at once — the
 * children it creates less the whole-position ones of the same kind it replaces.
 */
function openOrdersAdded(acct: Account, symbol: string, wholePosition: boolean, hasTp: boolean, hasSl: boolean): number {
  if (!wholePosition) return 1;
  let added = 0;
  for (const [kind, sent] of [['tp', hasTp], ['sl', hasSl]] as const) {
    if (!sent) continue;
    const replaced = [...acct.live.values()].some((o) => o.symbol === symbol && o.source === kind && isWholePositionChild(o));
    if (!replaced) added++;
  }
  return added;
}

function isWholePositionRequest(p: NewOrderParams, qty: number, hasTp: boolean, hasSl: boolean): boolean {
  return qty === 0 && p.reduce_only && p.order_type === 'market' && p.time_in_force === 'ioc' && (hasTp || hasSl);
}

/** A whole-position TP/SL needs a position that the order's side closes. */
function checkProtectedPosition(symbol: string, positionLots: number, side: Side): Checked<true> {
  if (positionLots === 0) return bad(`no position to protect in ${symbol}`);
  const long = positionLots > 0;
  if (long !== (side === 'sell')) {
    return bad(`side ${side} does not close the ${long ? 'long' : 'short'} position in ${symbol}: protect it with a ${long ? 'sell' : 'buy'}`);
  }
  return { ok: true, value: true };
}

/**
 * Validates a new_order request. An accepted order's draft is one object reused by every call: read
 * what it needs before validating another order.
 */
export function validateNewOrder(ctx: Ctx, user: string, p: NewOrderParams): Checked<OrderDraft> {
  if (p === null || typeof p !== 'object') return bad('order parameters are required');
  if (typeof p.symbol !== 'string' || p.symbol === '') return bad('symbol is required');
  const s = ctx.syms.get(p.symbol);
  if (s === undefined) return bad(`unknown symbol: ${p.symbol}`);
  const spec = s.spec;
  if (!spec.cfg.enabled) return bad(`symbol ${p.symbol} is disabled`);
  if (p.side !== 'buy' && p.side !== 'sell') return bad('side must be buy or sell');
  if (p.order_type !== 'limit' && p.order_type !== 'market') return bad('order_type must be limit or market');
  if (p.time_in_force !== 'gtc' && p.time_in_force !== 'ioc' && p.time_in_force !== 'alo') {
    return bad('time_in_force must be gtc, ioc or alo');
  }
  if (typeof p.reduce_only !== 'boolean') return bad('reduce_only must be a boolean');
  const side: Side = p.side;
  const type: OrderType = p.order_type;
  const tif: TimeInForce = p.time_in_force;
  if (type === 'market' && tif === 'alo') return bad('time_in_force alo is not allowed for market orders');

  let qty = plainUnits(p.qty, spec.qd);
  if (Number.isNaN(qty)) {
    const q = parseUnits(p.qty, spec.qd, 'qty');
    if (!q.ok) return bad(q.message.includes('decimal places') ? `qty must be a multiple of the qty tick ${formatUnits(1, spec.qd)}` : q.message);
    qty = q.value;
  }
  const hasTp = present(p.tp_price) && p.tp_price !== '';
  const hasSl = present(p.sl_price) && p.sl_price !== '';
  const wholePosition = isWholePositionRequest(p, qty, hasTp, hasSl);
  if (qty <= 0 && !wholePosition) return bad('qty must be positive');
  if (qty < spec.minLots && !wholePosition) return bad(`qty is below min_order_qty ${spec.cfg.minOrderQty}`);
  if (qty > spec.maxLots) return bad(`qty is above max_order_qty ${spec.cfg.maxOrderQty}`);

  let price = 0;
  if (type === 'limit') {
    if (!present(p.price) || p.price === '') return bad('price is required for limit orders');
    price = plainUnits(p.price, spec.pd);
    if (Number.isNaN(price)) {
      const r = parseUnits(p.price, spec.pd, 'price');
      if (!r.ok) return bad(r.message.includes('decimal places') ? `price must be a multiple of the price tick ${formatUnits(1, spec.pd)}` : r.message);
      price = r.value;
    }
    if (price <= 0) return bad('price must be positive');
    const cap = capTicks(spec, s.mark);
    const floor = floorTicks(spec, s.mark);
    if (price > cap) return bad(`price is above the price cap ${formatUnits(cap, spec.pd)} (mark × (1 + ${spec.cfg.priceCapRatio}))`);
    if (price < floor) return bad(`price is below the price floor ${formatUnits(floor, spec.pd)} (mark × (1 − ${spec.cfg.priceFloorRatio}))`);
  }
  else {
    // decisions.md "Order records": a market order's record carries the limit it may reach. The
    // exchange's own bound is the band at the mark (buy: the price cap, sell: the price floor), which
    // matching has always applied. A price sent with it is a tighter limit and is kept as sent (it must
    // be on the tick and positive, as for limit orders); one beyond the band cannot loosen it, so the
    // band bound is what the order may reach and what it records. "0" (or none) = no limit of its own.
    const bound = side === 'buy' ? capTicks(spec, s.mark) : floorTicks(spec, s.mark);
    price = bound;
    if (present(p.price) && p.price !== '') {
      const r = parseUnits(p.price, spec.pd, 'price');
      if (!r.ok) return bad(r.message.includes('decimal places') ? `price must be a multiple of the price tick ${formatUnits(1, spec.pd)}` : r.message);
      if (r.value < 0) return bad('price must not be negative');
      if (r.value > 0) price = side === 'buy' ? Math.min(r.value, bound) : Math.max(r.value, bound);
    }
  }

  const known = ctx.accounts.get(user);
  const acct = known ?? newAccount(user);
  let clOrdId: string | undefined;
  if (present(p.cl_ord_id) && p.cl_ord_id !== '') {
    if (typeof p.cl_ord_id !== 'string' || !isClOrdId(p.cl_ord_id)) {
      return bad('cl_ord_id must be 1-64 characters of letters, digits, _ . : -');
    }
    if (acct.liveCl.has(p.cl_ord_id)) return bad(`duplicate cl_ord_id: ${p.cl_ord_id} is already used by a live order`);
    clOrdId = p.cl_ord_id;
  }

  const cfg = posConfigOf(acct, spec);
  if (present(p.margin_mode)) {
    if (p.margin_mode !== 'cross' && p.margin_mode !== 'isolated') return bad('margin_mode must be cross or isolated');
    if ((p.margin_mode as MarginMode) !== cfg.mode) return bad(`margin_mode ${p.margin_mode} does not match the position config (${cfg.mode})`);
  }
  if (present(p.leverage)) {
    if (typeof p.leverage !== 'number' || !Number.isInteger(p.leverage)) return bad('leverage must be an integer');
    if (p.leverage !== cfg.leverage) return bad(`leverage ${p.leverage} does not match the position config (${cfg.leverage})`);
  }

  if ((acct.liveCount[spec.idx] ?? 0) + openOrdersAdded(acct, spec.symbol, wholePosition, hasTp, hasSl) > spec.cfg.maxOpenOrders) {
    return bad(`too many open orders in ${spec.symbol} (max ${spec.cfg.maxOpenOrders})`);
  }

  const pos = acct.positions.get(spec.symbol);
  if (wholePosition) {
    const closing = checkProtectedPosition(spec.symbol, pos?.qty ?? 0, side);
    if (!closing.ok) return closing;
  } else if (p.reduce_only) {
    if (hasTp || hasSl) return bad('tp_price/sl_price are not allowed on reduce_only orders');
    const reducible = reducibleIn(pos, side);
    if (reducible === 0) return bad('reduce_only order has no position to reduce');
    const headroom = reducible - pendingReduceLots(acct, spec.symbol, side);
    if (qty > headroom) {
      return bad(`reduce_only qty exceeds the position headroom ${formatUnits(Math.max(0, headroom), spec.qd)} (position minus pending reduce_only orders)`);
    }
  } else {
    const after = (pos === undefined ? 0 : pos.qty) + (side === 'buy' ? qty : -qty);
    if (Math.abs(after) > spec.maxPosLots) return bad(`resulting position would exceed max_position_size ${spec.cfg.maxPositionSize}`);
  }

  const ref = type === 'limit' ? price : s.mark;
  let tp = 0;
  let sl = 0;
  if (hasTp) {
    const r = parseUnits(p.tp_price, spec.pd, 'tp_price');
    if (!r.ok) return bad(r.message.includes('decimal places') ? `tp_price must be a multiple of the price tick ${formatUnits(1, spec.pd)}` : r.message);
    tp = r.value;
    if (tp <= 0) return bad('tp_price must be positive');
    if (wholePosition) {
      // The position's side is the opposite of the closing order's: a sell protects a long.
      const long = side === 'sell';
      if (long ? tp <= s.mark : tp >= s.mark) {
        return bad(`take profit for a ${long ? 'long' : 'short'} must be ${long ? 'above' : 'below'} the mark price ${formatUnits(s.mark, spec.pd)}`);
      }
    } else if (side === 'buy' ? tp <= ref : tp >= ref) {
      return bad(`tp_price must be ${side === 'buy' ? 'above' : 'below'} the ${type === 'limit' ? 'order' : 'mark'} price for a ${side} order`);
    }
  }
  if (hasSl) {
    const r = parseUnits(p.sl_price, spec.pd, 'sl_price');
    if (!r.ok) return bad(r.message.includes('decimal places') ? `sl_price must be a multiple of the price tick ${formatUnits(1, spec.pd)}` : r.message);
    sl = r.value;
    if (sl <= 0) return bad('sl_price must be positive');
    if (wholePosition) {
      const long = side === 'sell';
      if (long ? sl >= s.mark : sl <= s.mark) {
        return bad(`stop loss for a ${long ? 'long' : 'short'} must be ${long ? 'below' : 'above'} the mark price ${formatUnits(s.mark, spec.pd)}`);
      }
    } else if (side === 'buy' ? sl >= ref : sl <= ref) {
      return bad(`sl_price must be ${side === 'buy' ? 'below' : 'above'} the ${type === 'limit' ? 'order' : 'mark'} price for a ${side} order`);
    }
  }

  let available: bigint | undefined;
  if (!p.reduce_only) {
    // Immediate orders only need margin for the part that opens exposure; a resting
    // order locks margin for its whole quantity.
    const immediate = type === 'market' || tif === 'ioc';
    const opp = reducibleIn(pos, side);
    const lots = immediate ? Math.max(0, qty - opp) : qty;
    available = availableFor(ctx, acct, s);
    if (lots > 0 && lockExceeds(ctx, spec, lots, ref, cfg.leverage, available)) return bad('insufficient available margin');
  }

  // One result object, filled anew for every accepted order: newOrder reads it before anything can
  // validate again (matching never validates; listeners run after the command), so a draft per order
  // would only be garbage.
  const d = ACCEPTED.value;
  d.acct = acct;
  d.s = s;
  d.side = side;
  d.type = type;
  d.tif = tif;
  d.price = price;
  d.qty = qty;
  d.reduceOnly = p.reduce_only;
  d.clOrdId = clOrdId;
  d.leverage = cfg.leverage;
  d.tp = tp;
  d.sl = sl;
  d.available = available;
  d.wholePosition = wholePosition;
  d.pos = pos;
  d.newAcct = known === undefined;
  return ACCEPTED;
}

/** validateNewOrder's answer for an accepted order, reused: read it before validating again. */
const ACCEPTED: { ok: true; value: OrderDraft } = {
  ok: true,
  value: {
    acct: undefined as unknown as Account, s: undefined as unknown as SymbolState, side: 'buy', type: 'limit', tif: 'gtc',
    price: 0, qty: 0, reduceOnly: false, clOrdId: undefined, leverage: 1, tp: 0, sl: 0, available: undefined, wholePosition: false,
    pos: undefined, newAcct: false,
  },
};
