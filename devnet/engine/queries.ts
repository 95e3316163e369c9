// Per-account queries (service-interface.md 4.2). Newest first; `last_id`
// pages backwards (returns ids < last_id); `total` counts every match of the
// filters (ignoring last_id and limit); `page_size` is the number returned.
import type { Ctx } from './state.js';
import { posConfig } from './state.js';
import type { Balance, FundingTx, Order, OrderRec, Position, PositionConfig, Result, Trade } from './types.js';
import { renderBalance, renderFundingTx, renderOrder, renderPosition, renderTrade } from './views.js';
import { newAccount } from './state.js';
import { lookup } from './market-data.js';
import { findHistory } from './trading.js';

export interface Page<T> {
  page_size: number;
  result: T[];
  total: number;
}

export type TimeArg = string | number | null | undefined;

/** ISO 8601 string or epoch ms; anything unparsable means "no bound". */
export function timeArg(v: TimeArg): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (/^\d+$/.test(v)) return Number(v);
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
}

function limitArg(v: unknown, def: number, max: number): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return def;
  return Math.min(Math.floor(n), max);
}

function idArg(v: unknown): number | undefined {
  const n = typeof v === 'string' && v !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

export function queryOrder(ctx: Ctx, user: string, p: { order_id?: number | null; cl_ord_id?: string | null }): Result<Order> {
  const id = idArg(p?.order_id);
  const cl = typeof p?.cl_ord_id === 'string' && p.cl_ord_id !== '' ? p.cl_ord_id : undefined;
  if (id === undefined && cl === undefined) return { ok: false, code: 400, message: 'order_id or cl_ord_id is required' };
  const acct = ctx.accounts.get(user);
  let o: OrderRec | undefined;
  if (acct !== undefined) {
    if (id === undefined && cl !== undefined) o = acct.liveCl.get(cl);
    if (o === undefined) o = findHistory(acct, id, cl);
  }
  if (o === undefined) return { ok: false, code: 404, message: 'order not found' };
  return { ok: true, value: renderOrder(ctx, o) };
}

export interface OrdersQuery {
  symbol?: string | null;
  status?: string | null;
  order_type?: string | null;
  start?: TimeArg;
  end?: TimeArg;
  last_id?: number | string | null;
  limit?: number | string | null;
}

export function queryOrders(ctx: Ctx, user: string, q: OrdersQuery = {}): Page<Order> {
  const acct = ctx.accounts.get(user);
  const limit = limitArg(q.limit, 100, 500);
  const start = timeArg(q.start);
  const end = timeArg(q.end);
  const lastId = idArg(q.last_id);
  const result: Order[] = [];
  let total = 0;
  const list = acct?.orders ?? [];
  for (let i = list.length - 1; i >= 0; i--) {
    const o = list[i] as OrderRec;
    if (q.symbol && o.symbol !== q.symbol) continue;
    if (q.status && o.status !== q.status) continue;
    if (q.order_type && o.type !== q.order_type) continue;
    if (start !== undefined && o.createdAt < start) continue;
    if (end !== undefined && o.createdAt > end) continue;
    total++;
    if (lastId !== undefined && o.id >= lastId) continue;
    if (result.length < limit) result.push(renderOrder(ctx, o));
  }
  return { page_size: result.length, result, total };
}

/** Live orders: resting (new/open) and untriggered TP/SL children. */
export function queryOpenOrders(ctx: Ctx, user: string, q: { symbol?: string | null; limit?: number | string | null } = {}): Page<Order> {
  const acct = ctx.accounts.get(user);
  const limit = limitArg(q.limit, 500, 1200);
  const live = acct === undefined ? [] : [...acct.live.values()].filter((o) => !q.symbol || o.symbol === q.symbol);
  live.sort((a, b) => b.id - a.id);
  const result = live.slice(0, limit).map((o) => renderOrder(ctx, o));
  return { page_size: result.length, result, total: live.length };
}

export interface TradesQuery {
  symbol?: string | null;
  last_id?: number | string | null;
  side?: string | null;
  start?: TimeArg;
  end?: TimeArg;
  limit?: number | string | null;
}

export function queryTrades(ctx: Ctx, user: string, q: TradesQuery = {}): Page<Trade> {
  const acct = ctx.accounts.get(user);
  const limit = limitArg(q.limit, 100, 500);
  const start = timeArg(q.start);
  const end = timeArg(q.end);
  const lastId = idArg(q.last_id);
  const result: Trade[] = [];
  let total = 0;
  const list = acct?.trades ?? [];
  for (let i = list.length - 1; i >= 0; i--) {
    const t = list[i];
    if (t === undefined) continue;
    if (q.symbol && t.symbol !== q.symbol) continue;
    if (q.side && t.side !== q.side) continue;
    if (start !== undefined && t.time < start) continue;
    if (end !== undefined && t.time > end) continue;
    total++;
    if (lastId !== undefined && t.id >= lastId) continue;
    if (result.length < limit) result.push(renderTrade(ctx, t));
  }
  return { page_size: result.length, result, total };
}

export function queryFundingHistory(ctx: Ctx, user: string, q: Omit<TradesQuery, 'side'> = {}): FundingTx[] {
  const acct = ctx.accounts.get(user);
  const limit = limitArg(q.limit, 100, 500);
  const start = timeArg(q.start);
  const end = timeArg(q.end);
  const lastId = idArg(q.last_id);
  const out: FundingTx[] = [];
  const list = acct?.funding ?? [];
  for (let i = list.length - 1; i >= 0 && out.length < limit; i--) {
    const f = list[i];
    if (f === undefined) continue;
    if (q.symbol && f.symbol !== q.symbol) continue;
    if (start !== undefined && f.time < start) continue;
    if (end !== undefined && f.time > end) continue;
    if (lastId !== undefined && f.id >= lastId) continue;
    out.push(renderFundingTx(f));
  }
  return out;
}

export function queryPositionConfig(ctx: Ctx, user: string, symbol: string): Result<PositionConfig> {
  const r = lookup(ctx, symbol);
  if (!r.ok) return r;
  const acct = ctx.accounts.get(user) ?? newAccount(user);
  const c = posConfig(ctx, acct, symbol);
  return { ok: true, value: { symbol, leverage: c.leverage, margin_mode: c.mode } };
}

export function queryPositions(ctx: Ctx, user: string, symbol?: string | null): Position[] {
  const acct = ctx.accounts.get(user);
  if (acct === undefined) return [];
  const out: Position[] = [];
  for (const pos of acct.positions.values()) {
    if (symbol && pos.symbol !== symbol) continue;
    out.push(renderPosition(ctx, acct, pos));
  }
  return out;
}

export function queryBalance(ctx: Ctx, user: string): Balance {
  return renderBalance(ctx, ctx.accounts.get(user) ?? newAccount(user));
}
