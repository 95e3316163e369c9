export { Exchange, defaultExchangeConfig } from './exchange.js';
export type { ExchangeConfig, RestoreOverrides } from './exchange.js';
export type { AuditReport } from './audit.js';
export { DEFAULT_SYMBOLS } from './symbols.js';
export { TRIGGER_BATCH } from './tpsl.js';
export type { SymbolConfig, MakerProfile } from './symbols.js';
export { RESOLUTIONS } from './klines.js';
export { DEPTH_LEVELS } from './market-data.js';
export type { Resolution } from './klines.js';
export type { NewOrderParams } from './validation.js';
export type { Page, OrdersQuery, TradesQuery, TimeArg } from './queries.js';
export type {
  Balance, DepthBook, ExchangeEvent, FundingRate, FundingTx, KlineHistory, MarketOverview, MarginMode, Order,
  OrderStatus, OrderType, Position, PositionConfig, PublicTrade, RecentTrade, Result, Side, SymbolInfo, SymbolMarket,
  SymbolPrice, TimeInForce, Trade, WalletRecord, WalletRow, WalletType,
} from './types.js';
export { HOUSE as HOUSE_ACCOUNT, MAKER as MAKER_ACCOUNT, FLOW as FLOW_ACCOUNT } from './state.js';
