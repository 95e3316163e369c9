import type { KlineQuery } from './market';
import type { FundingFilter, OpenOrdersFilter, OrdersFilter, TradesFilter } from './user';

/** The acting account; null when signed out (those queries are skipped: see userQueries). */
type Account = string | null;

/**
 * One key factory for every GET. User data is keyed by the acting account (the address, or the
 * impersonated vault) so switching vault never shows another account's cache.
 */
export const queryKeys = {
  market: {
    all: ['market'] as const,
    overview: () => ['market', 'overview'] as const,
    symbolInfo: () => ['market', 'symbol-info'] as const,
    symbolMarket: (symbol: string) => ['market', 'symbol-market', symbol] as const,
    symbolPrice: (symbol: string) => ['market', 'symbol-price', symbol] as const,
    depth: (symbol: string) => ['market', 'depth', symbol] as const,
    recentTrades: (symbol: string) => ['market', 'recent-trades', symbol] as const,
    fundingRates: (symbol: string, start: number, end: number) => ['market', 'funding-rates', symbol, start, end] as const,
    klines: (q: KlineQuery) => ['market', 'klines', q.symbol, q.resolution, q.from, q.to, q.countback ?? null] as const,
    serverTime: () => ['market', 'server-time'] as const,
    health: () => ['market', 'health'] as const,
  },
  geo: { region: () => ['geo', 'region'] as const },
  user: {
    all: (account: Account) => ['user', account] as const,
    /** Every single-order query of the account (the stream writer updates them all). */
    orderAll: (account: Account) => ['user', account, 'order'] as const,
    order: (account: Account, id: { order_id?: number; cl_ord_id?: string }) => ['user', account, 'order', id] as const,
    orders: (account: Account, f: OrdersFilter = {}) => ['user', account, 'orders', f] as const,
    /** Order history page by page ("Load more"); under orders, so invalidating orders reloads it. */
    ordersPaged: (account: Account, f: OrdersFilter = {}) => ['user', account, 'orders', f, 'paged'] as const,
    openOrders: (account: Account, f: OpenOrdersFilter = {}) => ['user', account, 'open-orders', f] as const,
    trades: (account: Account, f: TradesFilter = {}) => ['user', account, 'trades', f] as const,
    tradesPaged: (account: Account, f: TradesFilter = {}) => ['user', account, 'trades', f, 'paged'] as const,
    funding: (account: Account, f: FundingFilter = {}) => ['user', account, 'funding', f] as const,
    /** Funding history page by page (last_id); under funding, so invalidating funding reloads it. */
    fundingPaged: (account: Account, f: FundingFilter = {}) => ['user', account, 'funding', f, 'paged'] as const,
    /** The fills of one order (query_trades has no order filter: its symbol and time range, kept to its id). */
    orderFills: (account: Account, orderId: number) => ['user', account, 'trades', 'of-order', orderId] as const,
    positionConfig: (account: Account, symbol: string) => ['user', account, 'position-config', symbol] as const,
    positions: (account: Account) => ['user', account, 'positions'] as const,
    balance: (account: Account) => ['user', account, 'balance'] as const,
    /** Cash and Perps Wallet rows (GET /devnet/wallets on the devnet; the balance channel elsewhere). */
    walletRows: (account: Account) => ['user', account, 'wallet-rows'] as const,
    /** The account's withdrawals (the devnet's list, or the ones this browser sent). */
    withdrawals: (account: Account) => ['user', account, 'withdrawals'] as const,
  },
  /** What the connected EVM wallet holds and where deposits go (on-chain reads, not the service). */
  chain: {
    all: ['chain'] as const,
    dusdBalance: (token: string, address: string) => ['chain', 'dusd-balance', token, address] as const,
    /** Where deposits go on the service the app talks to (one per app: the service does not change at run time). */
    depositTarget: () => ['chain', 'deposit-target'] as const,
  },
  devnet: {
    /** The vaults the signed-in address may act for (the devnet's own route). */
    vaults: (address: string) => ['devnet', 'vaults', address] as const,
  },
};
