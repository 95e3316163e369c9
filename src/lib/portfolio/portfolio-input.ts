// What the Portfolio's figures are computed from: the account's whole history (as the history cache
// gives it: trades and funding sorted by id, deduplicated), the balance and open positions now, and
// the moves of money in or out that the app knows of. Plain data: it crosses to the worker as is.

/**
 * The fields of a trade (spec §2.2, the api's `Trade`) the figures read; lib does not import api, and
 * any `Trade` fits this shape.
 */
export interface HistoryTrade {
  id: number;
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  qty: string;
  /** Notional: price × qty. */
  value: string;
  fee_asset: string;
  /** Fee paid, ≥ 0 on the devnet (liquidation fills: 0). */
  fee_qty: string;
  /** Realized PnL the exchange booked on the part of the fill that closed a position, before fees. */
  pnl: string;
  created_at: string;
}

/** The fields of a funding payment (spec §2.3, the api's `FundingTransaction`) the figures read. */
export interface HistoryFunding {
  id: number;
  symbol: string;
  /** + received, − paid. */
  qty: string;
  transact_time: string;
}

/**
 * Money moved into (+) or out of (−) the valued account (the Perps Wallet, whose equity the balance
 * reports): a Cash → Perps transfer is +, Perps → Cash −. A withdrawal to a chain leaves the Cash
 * Wallet, not the Perps equity: pass it only when valuing both wallets together.
 */
export interface KnownMove {
  /** Epoch ms. */
  at: number;
  /** Signed decimal string in the settlement asset. */
  amount: string;
  kind: 'transfer-in' | 'transfer-out' | 'deposit' | 'withdrawal';
}

/** An open position now, for its unrealized PnL per market and to check the replayed size. */
export interface OpenPositionNow {
  symbol: string;
  /** Signed size (negative = short), as the position's `qty`. */
  qty: string;
  /** Unrealized PnL now, decimal string. */
  upnl: string;
}

export interface PortfolioInput {
  trades: readonly HistoryTrade[];
  funding: readonly HistoryFunding[];
  /** The exchange's time now, epoch ms (the windows end here; the 24 h check counts back from it). */
  now: number;
  /** The asset PnL and funding settle in ('DUSD'); fees in any other asset are reported apart. */
  settlementAsset: string;
  /**
   * Balance now: `equity`, `pnl_freeze` (24 h realized trade PnL), `pnl_24h` when the service sends it,
   * and `at`, the epoch ms (server time) it was read: the 24 h check counts the fills of the 24 h before
   * then (not before `now`, which moves on while the balance stays as read). Absent: `now`.
   */
  balance: { equity: string; pnl_freeze: string; pnl_24h?: string | undefined; at?: number };
  /** Unrealized PnL of all open positions now (the balance's `upnl`), decimal string. */
  unrealizedPnl: string;
  openPositions?: readonly OpenPositionNow[];
  moves?: readonly KnownMove[];
}

/** The time windows of the curves and figures. */
export const PNL_WINDOWS = ['24h', '7d', '30d', 'all'] as const;
export type PnlWindow = (typeof PNL_WINDOWS)[number];

const HOUR_MS = 3_600_000;
export const WINDOW_MS: Record<Exclude<PnlWindow, 'all'>, number> = { '24h': 24 * HOUR_MS, '7d': 7 * 24 * HOUR_MS, '30d': 30 * 24 * HOUR_MS };
