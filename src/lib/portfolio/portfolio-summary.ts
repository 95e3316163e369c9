// Everything the Portfolio page shows, computed at once from the history and the balance now: per
// window (24 h, 7 d, 30 d, all) the PnL curve, the account value curve, the figures and the figures per
// market; the 24 h check against the balance; and whether the replayed positions match the open ones.
// Plain data (strings and numbers): it crosses from the worker by postMessage as is.
import { accountValueCurve, valueSeries, type AccountValueCurve } from './account-value';
import { fromUnits, toUnits } from './exact-amount';
import { buildLedger, type Ledger } from './ledger';
import { tallyWindow, type MarketFigures } from './market-figures';
import { pnlCurve, windowDrawdown, windowSpan, type PnlCurve, type WindowSpan } from './pnl-curve';
import { PNL_WINDOWS, type OpenPositionNow, type PnlWindow, type PortfolioInput } from './portfolio-input';
import { realized24hCheck, type Realized24hCheck } from './realized-24h-check';
import type { TradingFigures } from './trading-figures';

export interface WindowSummary {
  window: PnlWindow;
  /** Epoch ms: the window's start (curve at 0) and end (now). */
  start: number;
  end: number;
  pnl: PnlCurve;
  value: AccountValueCurve;
  totals: TradingFigures;
  /** By symbol, sorted by symbol (re-sort with sortMarkets). */
  markets: MarketFigures[];
}

/** A symbol whose replayed size differs from the open position's: the history is not whole. */
export interface PositionMismatch {
  symbol: string;
  replayed: string;
  open: string;
}

export interface PortfolioSummary {
  /** Epoch ms the summary is as of. */
  now: number;
  settlementAsset: string;
  unrealizedPnl: string;
  equity: string;
  windows: Record<PnlWindow, WindowSummary>;
  realized24h: Realized24hCheck;
  positionMismatches: PositionMismatch[];
  /** Fills with pnl ≠ 0 and nothing to close in the replay (history starts mid-position). */
  unexplainedPnlFills: number;
}

/** Symbols where the replayed size (Σ ±qty of its fills) differs from the open position's qty. */
function mismatches(ledger: Ledger, input: PortfolioInput): PositionMismatch[] {
  const open = new Map((input.openPositions ?? []).map((p) => [p.symbol, toUnits(p.qty, ledger.qtyScale)]));
  const symbols = new Set([...open.keys(), ...ledger.replayed.keys()]);
  const out: PositionMismatch[] = [];
  for (const symbol of [...symbols].sort()) {
    const a = ledger.replayed.get(symbol) ?? 0n;
    const b = open.get(symbol) ?? 0n;
    if (a !== b) out.push({ symbol, replayed: fromUnits(a, ledger.qtyScale), open: fromUnits(b, ledger.qtyScale) });
  }
  return out;
}

/** A window's figures and per-market figures; the totals' drawdown is that of its PnL curve as drawn (unrealized last). */
export function windowFigures(ledger: Ledger, span: WindowSpan, unrealized: bigint, positions: readonly OpenPositionNow[]) {
  return tallyWindow(ledger, span, windowDrawdown(ledger, span, unrealized), positions);
}

/**
 * Mismatches are only checked when `openPositions` is given. `ledger`: one already built from this
 * input's history (the worker keeps it and extends it with new rows).
 */
export function summarizePortfolio(input: PortfolioInput, ledger: Ledger = buildLedger(input)): PortfolioSummary {
  const upnl = toUnits(input.unrealizedPnl, ledger.scale);
  const positions = input.openPositions ?? [];
  const values = valueSeries(ledger, input);
  const windows = {} as Record<PnlWindow, WindowSummary>;
  for (const w of PNL_WINDOWS) {
    const span = windowSpan(ledger, w, input.now);
    const { totals, markets } = windowFigures(ledger, span, upnl, positions);
    windows[w] = {
      window: w, start: span.start, end: span.end,
      pnl: pnlCurve(ledger, span, upnl),
      value: accountValueCurve(values, span, ledger.scale),
      totals, markets,
    };
  }
  return {
    now: input.now,
    settlementAsset: input.settlementAsset,
    unrealizedPnl: input.unrealizedPnl,
    equity: input.balance.equity,
    windows,
    realized24h: realized24hCheck(ledger, input.balance.at ?? input.now, input.balance.pnl_freeze, input.balance.pnl_24h),
    positionMismatches: input.openPositions === undefined ? [] : mismatches(ledger, input),
    unexplainedPnlFills: ledger.unexplainedPnlFills,
  };
}
