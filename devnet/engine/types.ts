// Internal records (mutable, integer-valued) and the public view shapes of
// service-interface.md section 2 (strings for decimals, exactly those fields).
import type { Prng } from './prng.js';
import type { BookSide } from './order-book.js';
import type { KlineStore } from './klines.js';
import type { SymbolSpec } from './symbols.js';

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
export type TimeInForce = 'gtc' | 'ioc' | 'alo';
export type MarginMode = 'cross' | 'isolated';
export type OrderStatus = 'new' | 'open' | 'filled' | 'canceled' | 'rejected' | 'untriggered';
export type OrderSource = 'user' | 'liquidation' | 'adl' | 'tp' | 'sl' | 'system';

export type Result<T> = { ok: true; value: T } | { ok: false; code: number; message: string };

export interface OrderRec {
  id: number;
  clOrdId: string;
  user: string;
  symbol: string;
  side: Side;
  type: OrderType;
  tif: TimeInForce;
  /**
   * Limit price in ticks; for TP/SL children the trigger price. A user's market order stores the limit
   * it may reach (the price sent, or the band bound at the mark: validation.ts); forced fills (liquidation
   * hand-over, ADL) and system market orders store 0 and their record shows the fill price (views.ts).
   */
  price: number;
  qty: number;
  filled: number;
  /** Σ price ticks × lots of book fills (a safe integer). */
  fillTl: number;
  /** Fill value that is not a book fill (liquidation hand-over at the bankruptcy price), 1e-18. */
  fillExtra: bigint;
  reduceOnly: boolean;
  leverage: number;
  status: OrderStatus;
  positionId: number;
  liqId: number;
  source: OrderSource;
  remark: string;
  createdAt: number;
  updatedAt: number;
  /** Requested TP/SL trigger prices in ticks (0 = none). */
  tp: number;
  sl: number;
  tpId: number;
  slId: number;
  parentId: number;
}

export interface PositionRec {
  id: number;
  user: string;
  symbol: string;
  /** Signed lots: long > 0, short < 0. */
  qty: number;
  /** Σ notional of the open contracts at their entry prices, 1e-18, always ≥ 0. */
  entryValue: bigint;
  /** Isolated margin held by the position (0 for cross), 1e-18. */
  isoMargin: bigint;
  realized: bigint;
  mode: MarginMode;
  createdAt: number;
  updatedAt: number;
}

export interface TradeRec {
  id: number;
  orderId: number;
  user: string;
  symbol: string;
  side: Side;
  qty: number;
  /** Notional; price = value / qty (off-tick for liquidations). */
  value: bigint;
  fee: bigint;
  pnl: bigint;
  time: number;
}

export interface FundingTxRec {
  id: number;
  user: string;
  symbol: string;
  amount: bigint;
  time: number;
}

export interface FundingRateRec {
  id: number;
  symbol: string;
  /** 1e-8 units. */
  rate: number;
  premium: number;
  index: number;
  mark: number;
  time: number;
}

export interface PublicTradeRec {
  id: number;
  price: number;
  qty: number;
  side: Side;
  time: number;
}

export interface PosConfig {
  leverage: number;
  mode: MarginMode;
}

export interface Account {
  id: string;
  system: boolean;
  cashFree: bigint;
  cashLocked: bigint;
  /**
   * What a reversed deposit could not take back from the wallets (reverseCredit); repaid first out
   * of the account's next credits. Absent = 0.
   */
  debt?: bigint;
  /** Perps wallet money not held as isolated margin (= cross_balance). */
  cross: bigint;
  /**
   * Per symbol index: Σ remaining lots × price ticks of the account's resting,
   * non-reduce-only orders. The margin lock is derived from it on demand, so
   * resting, filling and canceling only touch numbers.
   */
  lockTl: number[];
  cfg: Map<string, PosConfig>;
  positions: Map<string, PositionRec>;
  live: Map<number, OrderRec>;
  liveCl: Map<string, OrderRec>;
  /** Live orders per symbol index. */
  liveCount: number[];
  /** Order history in creation order (live ones included); empty for system accounts. */
  orders: OrderRec[];
  trades: TradeRec[];
  funding: FundingTxRec[];
  /**
   * The bookkeeping behind the `balance` channel's wallet records (wallets.ts, "Wallet records"):
   * set for every non-system account once it is created (ensureAccount) or first changes.
   */
  wallets?: { spot: WalletLedger; perps: WalletLedger };
}

/**
 * One wallet's record as of its latest version (wallets.ts, "Wallet records"). Amounts 1e-18,
 * times engine ms. `total` is always `inbound − outbound`.
 */
export interface WalletLedger {
  id: number;
  createdAt: number;
  version: number;
  updatedAt: number;
  /** Id of the last movement (a change of total); 0 = none yet. */
  lastTx: number;
  lastTxAt: number;
  inbound: bigint;
  outbound: bigint;
}

export type WalletType = 'spot' | 'perps';

/** A wallet record as the engine hands it out; devnet/streams/wallet-row.ts renders it for the wire. */
export interface WalletRecord extends WalletLedger {
  user: string;
  type: WalletType;
  /** 'vault' for a vault (cv_…), 'user' otherwise. */
  kind: 'user' | 'vault';
  total: bigint;
  /** What the wallet holds now (wallets.ts walletFigures). */
  free: bigint;
  locked: bigint;
  occupied: bigint;
  /** Id of the account's other wallet (Cash ↔ Perps), 0 if it has none yet. */
  pairId: number;
}

export interface SymbolState {
  spec: SymbolSpec;
  bids: BookSide;
  asks: BookSide;
  /** Index price, 1e-18, unrounded random-walk state. */
  indexExact: bigint;
  /** Published index and mark, ticks. */
  index: number;
  mark: number;
  /** Last trade price in ticks, 0 before the first trade. */
  last: number;
  premiumSum: number;
  premiumCount: number;
  /** Σ long lots over all accounts. */
  openInterest: number;
  triggers: OrderRec[];
  makerOrders: OrderRec[];
  klines: KlineStore;
  recent: PublicTradeRec[];
  fundingRecords: FundingRateRec[];
}

export interface Counters {
  order: number;
  trade: number;
  position: number;
  fundingTx: number;
  fundingRate: number;
  liq: number;
  /** Wallet ids (two per account: Cash, then Perps); absent in snapshots older than wallet records. */
  wallet?: number;
  /** Wallet movement ids (one per engine command that moved money into or out of some wallet). */
  walletTx?: number;
}

export interface CreditRec {
  user: string;
  amount: bigint;
  /** Set by reverseCredit (the deposit left the canonical chain); a later credit of the same ref re-applies it. */
  reversed?: boolean;
}

export interface WithdrawRec {
  user: string;
  amount: bigint;
  state: 'pending' | 'settled' | 'released';
}

// ---------- public views (service-interface.md section 2) ----------

export interface Order {
  id: number;
  cl_ord_id: string;
  user: string;
  symbol: string;
  side: Side;
  order_type: OrderType;
  time_in_force: TimeInForce;
  price: string;
  qty: string;
  fill_qty: string;
  fill_avg_price: string;
  reduce_only: boolean;
  leverage: string;
  margin: string;
  avail_locked: string;
  status: OrderStatus;
  position_id: number;
  liq_id: number;
  created_block: number;
  closed_block: number;
  source: string;
  remark: string;
  /** null, or `{ parent_id }` for a TP/SL child. */
  payload: { parent_id: number } | null;
  created_at: string;
  updated_at: string;
}

export interface Trade {
  id: number;
  order_id: number;
  user: string;
  symbol: string;
  side: string;
  price: string;
  qty: string;
  value: string;
  fee_asset: string;
  fee_qty: string;
  pnl: string;
  created_at: string;
  updated_at: string;
}

export interface FundingTx {
  id: number;
  user: string;
  asset: string;
  symbol: string;
  qty: string;
  txn_type: string;
  transact_time: string;
  created_at: string;
  updated_at: string;
}

export interface PositionConfig {
  symbol: string;
  leverage: number;
  margin_mode: MarginMode;
}

export interface Position {
  id: number;
  user: string;
  symbol: string;
  status: string;
  qty: string;
  leverage: string;
  margin_mode: MarginMode;
  margin_asset: string;
  entry_price: string;
  entry_value: string;
  mark_price: string;
  position_value: string;
  initial_margin: string;
  holding_margin: string;
  maint_margin: string;
  mmr: string;
  bankruptcy_price: string;
  liq_price: string;
  realized_pnl: string;
  upnl: string;
  /** Beyond the spec (decisions.md Leniency): |qty| × mark / leverage. */
  required_margin: string;
  time: string;
  created_at: string;
  updated_at: string;
}

export interface Balance {
  isolated_balance: string;
  isolated_upnl: string;
  cross_balance: string;
  cross_margin: string;
  cross_upnl: string;
  locked: string;
  cross_available: string;
  balance: string;
  upnl: string;
  equity: string;
  pnl_freeze: string;
  /** Beyond the spec (decisions.md Leniency): realized PnL of the last 24 h net of fees and funding. */
  pnl_24h: string;
}

export interface WalletRow {
  account_type: 'spot' | 'perps';
  token: 'DUSD';
  free: string;
  locked: string;
  total: string;
}

export interface MarketOverview {
  summary: { open_interest_notional: string; symbol_count: number; volume_quote_24h: string };
  symbols: Array<{
    base: string;
    quote: string;
    symbol: string;
    last_price: string;
    mark_price: string;
    funding_rate: string;
    open_interest: string;
    open_interest_notional: string;
    price_change_pct: number;
    volume_24h: string;
    volume_quote_24h: string;
    time: string;
  }>;
}

export interface SymbolInfo {
  symbol: string;
  base_asset: string;
  quote_asset: string;
  base_decimals: number;
  quote_decimals: number;
  price_tick_decimals: number;
  qty_tick_decimals: number;
  depth_ticks: string;
  enabled: boolean;
  def_leverage: string;
  max_leverage: string;
  max_open_orders: string;
  max_order_qty: string;
  min_order_qty: string;
  max_position_size: string;
  price_cap_ratio: string;
  price_floor_ratio: string;
  maker_fee: string;
  taker_fee: string;
  created_at: string;
  updated_at: string;
}

export interface SymbolMarket {
  base: string;
  quote: string;
  symbol: string;
  funding_rate: string;
  high_price_24h: string;
  low_price_24h: string;
  index_price: string;
  last_price: string;
  mark_price: string;
  mid_price: string;
  open_interest: string;
  volume_24h: string;
  next_funding_time: string;
  time: string;
  spread: [string, string];
}

export interface SymbolPrice {
  base: string;
  quote: string;
  symbol: string;
  index_price: string;
  mark_price: string;
  last_price: string | null;
  mid_price: string | null;
  spread_ask: string | null;
  spread_bid: string | null;
  time: string;
}

export interface DepthBook {
  asks: Array<[string, string]>;
  bids: Array<[string, string]>;
  symbol: string;
}

export interface RecentTrade {
  is_buyer_taker: boolean;
  price: string;
  qty: string;
  quote_qty: string;
  symbol: string;
  time: string;
}

export interface FundingRate {
  id: number;
  symbol: string;
  funding_rate: string;
  index_price: string;
  mark_price: string;
  premium: string;
  time: string;
  created_at: string;
  updated_at: string;
}

export interface KlineHistory {
  s: 'ok' | 'no_data';
  t: number[];
  c: number[];
  o: number[];
  h: number[];
  l: number[];
  v: number[];
}

export interface PublicTrade {
  id: number;
  price: string;
  qty: string;
  side: Side;
  symbol: string;
  time: number;
}

export type ExchangeEvent =
  | { type: 'order'; user: string; order: Order }
  | { type: 'order_result'; user: string; orderId: number; clOrdId: string; code: number; message: string }
  | { type: 'position'; user: string; position: Position }
  | { type: 'balance'; user: string; wallet: WalletRecord }
  | { type: 'trade'; user: string; trade: Trade }
  | { type: 'public_trade'; symbol: string; trade: PublicTrade }
  | { type: 'depth'; symbol: string }
  | { type: 'price'; symbol: string }
  | { type: 'funding'; symbol: string; record: FundingRate };

export type { Prng };
