import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';
import type { ApiClient } from './client';
import type { KlineQuery } from './market';
import { queryKeys } from './query-keys';
import { readOrderFills } from '../lib/order-fills';
import type { Order, SymbolPrice } from './schemas';
import type { FundingFilter, OpenOrdersFilter, OrdersFilter, TradesFilter } from './user';

const markOf = (p: SymbolPrice) => p.mark_price;

/** queryOptions factories for every GET of the spec; features share one cache through them. */
export const marketQueries = {
  overview: (api: ApiClient) =>
    queryOptions({ queryKey: queryKeys.market.overview(), queryFn: () => api.market.marketOverview(), staleTime: 5_000 }),
  symbolInfo: (api: ApiClient) =>
    queryOptions({ queryKey: queryKeys.market.symbolInfo(), queryFn: () => api.market.symbolInfo(), staleTime: 60_000 }),
  symbolMarket: (api: ApiClient, symbol: string) =>
    queryOptions({ queryKey: queryKeys.market.symbolMarket(symbol), queryFn: () => api.market.symbolMarket(symbol), staleTime: 5_000 }),
  symbolPrice: (api: ApiClient, symbol: string) =>
    queryOptions({ queryKey: queryKeys.market.symbolPrice(symbol), queryFn: () => api.market.symbolPrice(symbol), staleTime: 5_000 }),
  /**
   * The mark price alone, from the symbol-price cache: a price tick rewrites the whole entry (its
   * time at least), and a panel that shows or computes from the mark (PnL, price lines) re-renders
   * only when the mark itself moves.
   */
  markPrice: (api: ApiClient, symbol: string) => queryOptions({ ...marketQueries.symbolPrice(api, symbol), select: markOf }),
  // Every depth snapshot replaces the book whole: comparing two hundred levels deep against the last
  // one, a frame at a time, would find nothing to keep. (A book the stream writes while a read-back is
  // on its way stays over the older answer: app/streams/live-writes.ts.)
  depth: (api: ApiClient, symbol: string) =>
    queryOptions({
      queryKey: queryKeys.market.depth(symbol),
      queryFn: () => api.market.depthBook(symbol),
      staleTime: 5_000,
      structuralSharing: false,
    }),
  // Each frame's trades are prepended to a new list: comparing it to the last one (100 trades deep)
  // finds nothing to keep, every slot holds another trade. The trade objects are kept by the writer.
  recentTrades: (api: ApiClient, symbol: string) =>
    queryOptions({
      queryKey: queryKeys.market.recentTrades(symbol),
      queryFn: () => api.market.recentTrades(symbol),
      staleTime: 5_000,
      structuralSharing: false,
    }),
  fundingRates: (api: ApiClient, symbol: string, start: number, end: number) =>
    queryOptions({
      queryKey: queryKeys.market.fundingRates(symbol, start, end),
      queryFn: () => api.market.fundingRates(symbol, start, end),
    }),
  klines: (api: ApiClient, q: KlineQuery) =>
    queryOptions({ queryKey: queryKeys.market.klines(q), queryFn: () => api.market.klineHistory(q), staleTime: Infinity }),
  serverTime: (api: ApiClient) => queryOptions({ queryKey: queryKeys.market.serverTime(), queryFn: () => api.market.serverTime() }),
  health: (api: ApiClient) =>
    queryOptions({ queryKey: queryKeys.market.health(), queryFn: () => api.market.health(), refetchInterval: 15_000 }),
};

export const geoQueries = {
  region: (api: ApiClient) => queryOptions({ queryKey: queryKeys.geo.region(), queryFn: () => api.geo.region(), staleTime: 300_000 }),
};

/** Signed out, an account query is skipped (react-query's skipToken) instead of disabled by hand. */
const whenSignedIn = <T,>(account: string | null, fetch: () => Promise<T>) => (account === null ? skipToken : fetch);

/**
 * `account` is whoever the request acts as: the signed-in address, or the selected vault; null when
 * signed out, and then the query does not run.
 */
export const userQueries = {
  order: (api: ApiClient, account: string | null, id: { order_id?: number; cl_ord_id?: string }) =>
    queryOptions({ queryKey: queryKeys.user.order(account, id), queryFn: whenSignedIn(account, () => api.user.queryOrder(id)) }),
  orders: (api: ApiClient, account: string | null, f: OrdersFilter = {}) =>
    queryOptions({ queryKey: queryKeys.user.orders(account, f), queryFn: whenSignedIn(account, () => api.user.queryOrders(f)) }),
  ordersPaged: (api: ApiClient, account: string | null, f: Omit<OrdersFilter, 'last_id'> = {}) =>
    infiniteQueryOptions({
      queryKey: queryKeys.user.ordersPaged(account, f),
      queryFn: account === null ? skipToken : ({ pageParam }) => api.user.queryOrders({ ...f, last_id: pageParam }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => (last.result.length < (f.limit ?? 100) ? undefined : last.result.at(-1)?.id),
    }),
  openOrders: (api: ApiClient, account: string | null, f: OpenOrdersFilter = {}) =>
    queryOptions({ queryKey: queryKeys.user.openOrders(account, f), queryFn: whenSignedIn(account, () => api.user.queryOpenOrders(f)) }),
  trades: (api: ApiClient, account: string | null, f: TradesFilter = {}) =>
    queryOptions({ queryKey: queryKeys.user.trades(account, f), queryFn: whenSignedIn(account, () => api.user.queryTrades(f)) }),
  tradesPaged: (api: ApiClient, account: string | null, f: Omit<TradesFilter, 'last_id'> = {}) =>
    infiniteQueryOptions({
      queryKey: queryKeys.user.tradesPaged(account, f),
      queryFn: account === null ? skipToken : ({ pageParam }) => api.user.queryTrades({ ...f, last_id: pageParam }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => (last.result.length < (f.limit ?? 100) ? undefined : last.result.at(-1)?.id),
    }),
  funding: (api: ApiClient, account: string | null, f: FundingFilter = {}) =>
    queryOptions({ queryKey: queryKeys.user.funding(account, f), queryFn: whenSignedIn(account, () => api.user.queryFundingHistory(f)) }),
  fundingPaged: (api: ApiClient, account: string | null, f: Omit<FundingFilter, 'last_id'> = {}) =>
    infiniteQueryOptions({
      queryKey: queryKeys.user.fundingPaged(account, f),
      queryFn: account === null ? skipToken : ({ pageParam }) => api.user.queryFundingHistory({ ...f, last_id: pageParam }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => (last.length < (f.limit ?? 100) ? undefined : last.at(-1)?.id),
    }),
  /**
   * The fills of one order, newest first (lib/order-fills.ts: its symbol's fills over its life, read
   * until they add up to what it filled, `cut` when older ones were left unread).
   */
  orderFills: (api: ApiClient, account: string | null, o: Pick<Order, 'id' | 'symbol' | 'created_at' | 'updated_at' | 'status' | 'fill_qty'> | undefined) =>
    queryOptions({
      queryKey: queryKeys.user.orderFills(account, o?.id ?? -1),
      queryFn: account === null || o === undefined ? skipToken : () => readOrderFills(api.user, o),
    }),
  positionConfig: (api: ApiClient, account: string | null, symbol: string) =>
    queryOptions({ queryKey: queryKeys.user.positionConfig(account, symbol), queryFn: whenSignedIn(account, () => api.user.queryPositionConfig(symbol)) }),
  positions: (api: ApiClient, account: string | null) =>
    queryOptions({ queryKey: queryKeys.user.positions(account), queryFn: whenSignedIn(account, () => api.user.queryPositions()) }),
  balance: (api: ApiClient, account: string | null) =>
    queryOptions({ queryKey: queryKeys.user.balance(account), queryFn: whenSignedIn(account, () => api.user.queryBalance()) }),
};
