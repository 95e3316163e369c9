// The engine's records: mutable, integer-valued internal state (bigint money, tick/lot prices and
// quantities). The wire shapes they are rendered to (views.ts) are the app's own schema types, so the
// devnet cannot drift from what the app parses.
import type {
  FundingRate, MarginMode, Order, OrderStatus, OrderType, Position, PublicTrade, Side, TimeInForce, Trade,
} from '../../src/api/schemas';

export type {
  Balance, DepthBook, FundingRate, FundingTransaction as FundingTx, KlineHistory, MarginMode, MarketOverview, Order,
  OrderStatus, OrderType, Position, PositionConfig, PublicTrade, RecentTrade, Side, SymbolInfo, SymbolMarket, SymbolPrice,
  TimeInForce, Trade, WalletRow,
} from '../../src/api/schemas';
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
  /** Not state (never in snapshots): wallets.ts settle's memo of each ledger's inbound − outbound. */
  settled?: { spot: SettledNet; perps: SettledNet };
  /** Not state: state.ts DIRTY_PERPS / DIRTY_CASH while the account waits in ctx.dirtyPerps / dirtyCash. */
  dirtyWallets?: number;
  /** Not state (never in snapshots): margin.ts memo of the last figures it derived, with what they came from. */
  marginMemo?: MarginMemo;
  /** Not state: state.ts watchedAccount's answer for this account, good while ctx.watchEpoch equals watchEpoch. */
  watchEpoch?: number;
  watchAnswer?: boolean;
}

/**
 * margin.ts's memo: the order lock of one symbol's Σ ticks×lots at a leverage, and a position's initial
 * margin for its entry value at a leverage. Each is reused only while all it came from is the same.
 */
export interface MarginMemo {
  lockIdx: number;
  lockTl: number;
  lockLev: number;
  lock: bigint;
  imPos: PositionRec | undefined;
  imEntry: bigint;
  imLev: number;
  im: bigint;
}

/** A ledger's inbound − outbound with the ledger it was taken from (wallets.ts settle). */
export interface SettledNet {
  ledger: WalletLedger | undefined;
  net: bigint;
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

/**
 * What the engine queues as things happen: the records themselves (an order as a copy taken at the
 * change, since it changes again within the same command). events.ts renders them to the wire
 * (ExchangeEvent) when it delivers; positions and wallets are read at delivery anyway.
 */
export type EngineEvent =
  | { type: 'order'; user: string; order: OrderRec }
  | { type: 'trade'; user: string; trade: TradeRec }
  | { type: 'public_trade'; symbol: string; trade: PublicTradeRec }
  | { type: 'funding'; symbol: string; record: FundingRateRec }
  | Extract<ExchangeEvent, { type: 'order_result' | 'position' | 'balance' | 'depth' | 'price' }>;

/** An event as listeners receive it: wire JSON (src/api/schemas) for user and market feeds. */
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

