import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import type {
  DepthBook,
  MarketOverview,
  Order,
  Position,
  PriceTick,
  PublicTrade,
  RecentTrade,
  SymbolMarket,
  SymbolPrice,
  Trade,
} from '../../api/schemas';
import type { OpenOrdersFilter, OrdersFilter, TradesFilter } from '../../api/user';
import { dec, toWire } from '../../lib/decimal';
import { isoMicros } from '../../lib/time';
import { isLiveStatus } from '../../lib/order-status';
import { writeLive } from './live-writes';

/**
 * The streams write into the react-query cache on the same keys the HTTP queries use, so every
 * panel reads one copy of server data. Each writer is a pure cache patch, testable with a bare
 * QueryClient, written through `writeLive` so that a read-back on its way does not undo it
 * (live-writes.ts). A patch never puts an older state of an order or position over a newer one.
 */

interface Page<T> {
  page_size: number;
  result: T[];
  total: number;
}
type Paged<T> = InfiniteData<Page<T>, number | undefined>;

/** Recent trades kept in the cache (the service returns at most 100). */
export const RECENT_TRADES_CAP = 100;

// ---------- market data

export function writeDepth(qc: QueryClient, book: DepthBook): void {
  const replace = () => book;
  writeLive<DepthBook>(qc, queryKeys.market.depth(book.symbol), replace, { kind: 'replace', patch: replace });
}

/** The `public_trade` payload in the shape of query_recent_trades (spec §2.12). */
export function toRecentTrade(t: PublicTrade): RecentTrade {
  return {
    is_buyer_taker: t.side === 'buy',
    price: t.price,
    qty: t.qty,
    quote_qty: toWire(dec(t.price).mul(t.qty)),
    symbol: t.symbol,
    time: new Date(t.time).toISOString(),
  };
}

/** A trade on the tape: one the stream pushed carries its id; one read from query_recent_trades has none. */
export type TapeTrade = RecentTrade & { id?: number };

/** Prepends trades (given in arrival order) to the recent-trades cache, newest first. */
export function writePublicTrades(qc: QueryClient, symbol: string, trades: readonly PublicTrade[]): void {
  if (trades.length === 0) return;
  const arrived: TapeTrade[] = trades.map((t) => ({ ...toRecentTrade(t), id: t.id }));
  writeLive<TapeTrade[]>(qc, queryKeys.market.recentTrades(symbol), (tape) => (tape === undefined ? undefined : withArrivals(tape, arrived)));
}

/**
 * The tape with the trades that arrived (oldest first), each shown once. The tape may already hold a
 * trade from a read of query_recent_trades (the first load, a read-back) served after it printed,
 * whether its push lands after that answer or is replayed onto it (live-writes.ts). A read trade has
 * no id: a push that printed before the newest read trade is in that answer; at that very millisecond
 * a push takes the place of an equal read trade (so the next equal push, another trade, is not taken
 * for it: one order can fill two equal makers' orders in one millisecond, two trades both real).
 */
export function withArrivals(tape: readonly TapeTrade[], arrived: readonly TapeTrade[]): TapeTrade[] {
  const next = [...tape];
  const fresh: TapeTrade[] = [];
  for (const t of arrived) {
    const time = Date.parse(t.time);
    let shown = false;
    for (let i = 0; i < next.length && !shown; i++) {
      const held = next[i]!;
      const at = Date.parse(held.time);
      if (at < time) break;
      if (held.id !== undefined) shown = held.id === t.id;
      else if (at > time) shown = true;
      else if (sameTrade(held, t)) {
        next[i] = t;
        shown = true;
      }
    }
    if (!shown) fresh.push(t);
  }
  return [...fresh.reverse(), ...next].slice(0, RECENT_TRADES_CAP);
}

function sameTrade(a: RecentTrade, b: RecentTrade): boolean {
  return a.is_buyer_taker === b.is_buyer_taker && dec(a.price).eq(b.price) && dec(a.qty).eq(b.qty);
}

/** A `price` tick: sets symbol-price, and patches symbol-market and the overview row if cached. */
export function writePrice(qc: QueryClient, tick: PriceTick): void {
  const [bid, ask] = tick.spread;
  const price: SymbolPrice = {
    base: tick.base,
    quote: tick.quote,
    symbol: tick.symbol,
    index_price: tick.index_price,
    mark_price: tick.mark_price,
    last_price: tick.last_price,
    mid_price: tick.mid_price,
    spread_bid: bid,
    spread_ask: ask,
    time: tick.time,
  };
  const newest = (old: SymbolPrice | undefined) => (old && isOlder(tick.time, old.time) ? old : price);
  writeLive<SymbolPrice>(qc, queryKeys.market.symbolPrice(tick.symbol), newest, { kind: 'replace', patch: newest });
  writeLive<SymbolMarket>(qc, queryKeys.market.symbolMarket(tick.symbol), (old) =>
    old === undefined || isOlder(tick.time, old.time)
      ? old
      : {
          ...old,
          index_price: tick.index_price,
          mark_price: tick.mark_price,
          last_price: tick.last_price ?? old.last_price,
          mid_price: tick.mid_price ?? old.mid_price,
          spread: tick.spread,
          time: tick.time,
        },
  );
  writeLive<MarketOverview>(qc, queryKeys.market.overview(), (old) => {
    if (old === undefined || !old.symbols.some((s) => s.symbol === tick.symbol)) return old;
    return {
      ...old,
      symbols: old.symbols.map((s) =>
        s.symbol === tick.symbol ? { ...s, mark_price: tick.mark_price, last_price: tick.last_price ?? s.last_price } : s,
      ),
    };
  });
}

/** Whether `time` is before `than` (ISO times to the microsecond); false when either is not a time. */
function isOlder(time: string, than: string): boolean {
  return isoMicros(time) < isoMicros(than);
}

// ---------- the account's own data

// A factory key with the default empty filter ({}) matches every filter of that list: react-query
// compares keys partially, an empty object matching any object.
function queriesUnder<T>(qc: QueryClient, prefix: QueryKey): [QueryKey, T | undefined][] {
  return qc.getQueriesData<T>({ queryKey: prefix });
}

type Versioned = { id: number; updated_at: string };

function upsertById<T extends Versioned>(list: readonly T[], item: T, keep: boolean): { list: T[]; delta: number } {
  const at = list.findIndex((x) => x.id === item.id);
  // The cache may hold a newer state than the push: a read-back's answer served after it.
  if (at >= 0 && isOlder(item.updated_at, list[at]!.updated_at)) return { list: [...list], delta: 0 };
  if (at >= 0) {
    if (keep) return { list: list.map((x, i) => (i === at ? item : x)), delta: 0 };
    return { list: list.filter((_, i) => i !== at), delta: -1 };
  }
  return keep ? { list: [item, ...list], delta: 1 } : { list: [...list], delta: 0 };
}

function patchPage<T extends Versioned>(page: Page<T>, item: T, keep: boolean): Page<T> {
  const { list, delta } = upsertById(page.result, item, keep);
  return { ...page, result: list, total: Math.max(0, page.total + delta) };
}

/** Replaces the item wherever it sits in a paged list; a new matching item goes on top of page one. */
function patchPaged<T extends Versioned>(data: Paged<T>, item: T, keep: boolean): Paged<T> {
  const found = data.pages.some((p) => p.result.some((x) => x.id === item.id));
  const pages = data.pages.map((p, i) => {
    if (found) return p.result.some((x) => x.id === item.id) ? patchPage(p, item, keep) : p;
    return i === 0 && keep ? patchPage(p, item, true) : p;
  });
  return { ...data, pages };
}

function isPaged<T>(data: unknown): data is Paged<T> {
  return typeof data === 'object' && data !== null && 'pages' in data;
}

function patchList<T extends Versioned>(qc: QueryClient, key: QueryKey, item: T, keep: boolean) {
  writeLive<unknown>(qc, key, (data) => {
    if (data === undefined) return undefined;
    return isPaged<T>(data) ? patchPaged(data, item, keep) : patchPage(data as Page<T>, item, keep);
  });
}

/** An `order` push: upsert into open orders while pending, drop it once filled/canceled/rejected; patch history. */
export function writeOrder(qc: QueryClient, account: string, order: Order): void {
  const pending = isLiveStatus(order.status);
  for (const [key] of queriesUnder<Page<Order>>(qc, queryKeys.user.openOrders(account))) {
    const f = (key[3] ?? {}) as OpenOrdersFilter;
    if (f.symbol && f.symbol !== order.symbol) continue;
    patchList(qc, key, order, pending);
  }
  for (const [key] of queriesUnder<unknown>(qc, queryKeys.user.orders(account))) {
    const f = (key[3] ?? {}) as OrdersFilter;
    const matches =
      (!f.symbol || f.symbol === order.symbol) &&
      (!f.status || f.status === order.status) &&
      (!f.order_type || f.order_type === order.order_type);
    patchList(qc, key, order, matches);
  }
  for (const [key] of queriesUnder<Order>(qc, queryKeys.user.orderAll(account))) {
    writeLive<Order>(qc, key, (old) => (old && old.id === order.id && !isOlder(order.updated_at, old.updated_at) ? order : old));
  }
}

/** The previously cached version of an order (open orders first, then history), if any. */
export function cachedOrder(qc: QueryClient, account: string, id: number): Order | undefined {
  for (const [, data] of queriesUnder<unknown>(qc, queryKeys.user.all(account))) {
    if (data === undefined || typeof data !== 'object' || data === null) continue;
    const pages: Page<Order>[] = isPaged<Order>(data) ? data.pages : 'result' in data ? [data as Page<Order>] : [];
    for (const p of pages) {
      const hit = p.result.find((o) => o.id === id && 'cl_ord_id' in o);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** A `position` push: upsert by symbol while open; a zero or closed position leaves the list. */
export function writePosition(qc: QueryClient, account: string, pos: Position): void {
  const open = pos.status === 'open' && !dec(pos.qty).isZero();
  writeLive<Position[]>(qc, queryKeys.user.positions(account), (old) => {
    if (old === undefined) return undefined;
    const at = old.findIndex((p) => p.symbol === pos.symbol || p.id === pos.id);
    if (at >= 0 && isOlder(pos.updated_at, old[at]!.updated_at)) return old;
    const rest = old.filter((p) => p.symbol !== pos.symbol && p.id !== pos.id);
    if (!open) return rest;
    if (at < 0) return [...rest, pos];
    const next = [...rest];
    next.splice(Math.min(at, next.length), 0, pos);
    return next;
  });
}

/** A `trade` push (the account's own fill): on top of every trade list whose filter it matches. */
export function writeTrade(qc: QueryClient, account: string, trade: Trade): void {
  for (const [key] of queriesUnder<unknown>(qc, queryKeys.user.trades(account))) {
    const f = (key[3] ?? {}) as TradesFilter;
    if ((f.symbol && f.symbol !== trade.symbol) || (f.side && f.side !== trade.side)) continue;
    patchList(qc, key, trade, true);
  }
}
