// The same figures per market (symbol), and the table's sort.
import { compareDecimalStrings } from '../decimal';
import type { DrawdownUnits } from './drawdown';
import { toUnits } from './exact-amount';
import type { Ledger } from './ledger';
import type { OpenPositionNow } from './portfolio-input';
import type { WindowSpan } from './pnl-curve';
import { FiguresTally, type TradingFigures } from './trading-figures';

export interface MarketFigures extends TradingFigures {
  symbol: string;
  /** Unrealized PnL of the open position now ('0' without one). */
  unrealizedPnl: string;
}

/**
 * Per-market figures of a window in one pass over its events, and the totals as their sum; the
 * totals' drawdown is the whole curve's (`drawdown`, from the window's PnL series).
 */
export function tallyWindow(
  ledger: Ledger,
  span: WindowSpan,
  drawdown: DrawdownUnits,
  positions: readonly OpenPositionNow[],
): { totals: TradingFigures; markets: MarketFigures[] } {
  const bySymbol = new Map<string, FiguresTally>();
  const { events } = ledger;
  let m: FiguresTally | undefined;
  for (let i = span.first; i < events.length; i++) {
    const e = events[i]!;
    if (m === undefined || e.symbol !== events[i - 1]!.symbol) m = bySymbol.get(e.symbol);
    if (m === undefined) bySymbol.set(e.symbol, (m = new FiguresTally(ledger.scale, span.start)));
    m.add(e);
  }
  const total = new FiguresTally(ledger.scale, span.start);
  for (const t of bySymbol.values()) total.absorb(t);
  const upnl = new Map(positions.map((p) => [p.symbol, p.upnl]));
  for (const p of positions) if (!bySymbol.has(p.symbol)) bySymbol.set(p.symbol, new FiguresTally(ledger.scale, span.start));
  const markets = [...bySymbol].map(([symbol, tally]): MarketFigures => {
    const u = upnl.get(symbol) ?? '0';
    return { symbol, unrealizedPnl: u, ...tally.finish({ at: span.end, units: toUnits(u, ledger.scale) }) };
  });
  return { totals: total.finish(undefined, drawdown), markets: sortMarkets(markets, 'symbol', 'asc') };
}

/** Columns the per-market table sorts by. */
export type MarketColumn =
  | 'symbol' | 'realizedPnl' | 'fees' | 'fundingPaid' | 'fundingReceived' | 'fundingNet' | 'netPnl' | 'unrealizedPnl'
  | 'volume' | 'trades' | 'closingTrades' | 'winRate' | 'averageWin' | 'averageLoss' | 'largestWin' | 'largestLoss' | 'maxDrawdown';
export type SortDirection = 'asc' | 'desc';

/** The value a column sorts by: a count, a decimal string, the symbol, or null when empty. */
function cell(m: MarketFigures, c: MarketColumn): string | number | null {
  switch (c) {
    case 'symbol': return m.symbol;
    case 'trades': return m.trades;
    case 'closingTrades': return m.closingTrades;
    case 'largestWin': return m.largestWin?.pnl ?? null;
    case 'largestLoss': return m.largestLoss?.pnl ?? null;
    case 'maxDrawdown': return m.maxDrawdown.amount;
    default: return m[c];
  }
}

/** Counts as numbers, the symbol as text, amounts exactly as decimals. */
function compareCells(a: string | number, b: string | number, c: MarketColumn): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (c === 'symbol') return a < b ? -1 : a > b ? 1 : 0;
  return compareDecimalStrings(String(a), String(b));
}

/**
 * Sorted copy by `column` (amounts compared exactly as decimals), stable: equal rows keep their order.
 * Empty cells (no win, no closing trade) go last in either direction.
 */
export function sortMarkets(rows: readonly MarketFigures[], column: MarketColumn, direction: SortDirection): MarketFigures[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: cell(row, column) }))
    .sort((x, y) => {
      if (x.v === null || y.v === null) return x.v === y.v ? x.i - y.i : x.v === null ? 1 : -1;
      return sign * compareCells(x.v, y.v, column) || x.i - y.i;
    })
    .map((x) => x.row);
}
