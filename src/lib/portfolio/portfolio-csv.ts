// CSV of the whole history (every fill and funding payment, in time order, with how each moved the
// position and the cumulative PnL) and of the figures (totals and per market). Columns are codes; the
// view gives the words for headers and row kinds (lib has none).
import { toCsv, type CsvColumn } from '../csv';
import { fromUnits } from './exact-amount';
import { buildLedger, isClosingFill, type LedgerEvent } from './ledger';
import type { MarketFigures } from './market-figures';
import type { PortfolioInput } from './portfolio-input';
import type { TradingFigures } from './trading-figures';

export const HISTORY_CSV_KEYS = [
  'time', 'kind', 'id', 'symbol', 'side', 'price', 'qty', 'value', 'fee', 'fee_asset', 'realized_pnl', 'funding',
  'closed_qty', 'opened_qty', 'position_after', 'closing', 'pnl_change', 'cumulative_pnl',
] as const;
export type HistoryCsvKey = (typeof HISTORY_CSV_KEYS)[number];

export const FIGURES_CSV_KEYS = [
  'scope', 'symbol', 'realized_pnl', 'fees', 'other_fees', 'funding_paid', 'funding_received', 'funding_net', 'net_pnl',
  'unrealized_pnl', 'volume', 'trades', 'closing_trades', 'wins', 'losses', 'win_rate', 'average_win', 'average_loss',
  'largest_win', 'largest_loss', 'max_drawdown', 'max_drawdown_peak', 'max_drawdown_trough',
] as const;
export type FiguresCsvKey = (typeof FIGURES_CSV_KEYS)[number];

/** Row kinds as codes: a fill, a funding payment, the totals row, a market's row. */
export type CsvRowKind = 'fill' | 'funding' | 'total' | 'market';

export interface CsvWords<K extends string> {
  header: (key: K) => string;
  kind: (kind: CsvRowKind) => string;
}

interface HistoryRow {
  e: LedgerEvent;
  cumulative: bigint;
}

/**
 * One row per fill and funding payment. Amounts as the exchange sent them; computed ones exact:
 * pnl_change = pnl − fee (settlement asset) for a fill, qty for funding; cumulative_pnl = Σ pnl_change.
 */
export function historyCsv(input: PortfolioInput, words: CsvWords<HistoryCsvKey>): string {
  const ledger = buildLedger(input);
  const { scale, qtyScale } = ledger;
  const trade = (r: HistoryRow) => (r.e.kind === 'fill' ? input.trades[r.e.index]! : null);
  const funding = (r: HistoryRow) => (r.e.kind === 'funding' ? input.funding[r.e.index]! : null);
  const split = (r: HistoryRow) => (r.e.kind === 'fill' ? r.e.split : null);
  const qty = (v: bigint | undefined) => (v === undefined ? null : fromUnits(v, qtyScale));
  const cell: Record<HistoryCsvKey, CsvColumn<HistoryRow>['value']> = {
    time: (r) => trade(r)?.created_at ?? funding(r)?.transact_time,
    kind: (r) => words.kind(r.e.kind),
    id: (r) => r.e.id,
    symbol: (r) => r.e.symbol,
    side: (r) => trade(r)?.side,
    price: (r) => trade(r)?.price,
    qty: (r) => trade(r)?.qty,
    value: (r) => trade(r)?.value,
    fee: (r) => trade(r)?.fee_qty,
    fee_asset: (r) => trade(r)?.fee_asset,
    realized_pnl: (r) => trade(r)?.pnl,
    funding: (r) => funding(r)?.qty,
    closed_qty: (r) => qty(split(r)?.closed),
    opened_qty: (r) => qty(split(r)?.opened),
    position_after: (r) => qty(split(r)?.after),
    closing: (r) => (r.e.kind === 'fill' ? isClosingFill(r.e) : null),
    pnl_change: (r) => fromUnits(r.e.change, scale),
    cumulative_pnl: (r) => fromUnits(r.cumulative, scale),
  };
  const rows = ledger.events.map((e, i): HistoryRow => ({ e, cumulative: ledger.cumulative[i]! }));
  return toCsv(rows, HISTORY_CSV_KEYS.map((k) => ({ header: words.header(k), value: cell[k] })));
}

type FiguresRow = { kind: 'total'; f: TradingFigures; unrealized: string } | { kind: 'market'; f: MarketFigures; unrealized: string };

/** The totals row, then one row per market, with the figures of one window. */
export function figuresCsv(totals: TradingFigures, unrealizedPnl: string, markets: readonly MarketFigures[], words: CsvWords<FiguresCsvKey>): string {
  const cell: Record<FiguresCsvKey, CsvColumn<FiguresRow>['value']> = {
    scope: (r) => words.kind(r.kind),
    symbol: (r) => (r.kind === 'market' ? r.f.symbol : null),
    realized_pnl: (r) => r.f.realizedPnl,
    fees: (r) => r.f.fees,
    other_fees: (r) => r.f.otherFees.map((x) => `${x.paid} ${x.asset}`).join('; '),
    funding_paid: (r) => r.f.fundingPaid,
    funding_received: (r) => r.f.fundingReceived,
    funding_net: (r) => r.f.fundingNet,
    net_pnl: (r) => r.f.netPnl,
    unrealized_pnl: (r) => r.unrealized,
    volume: (r) => r.f.volume,
    trades: (r) => r.f.trades,
    closing_trades: (r) => r.f.closingTrades,
    wins: (r) => r.f.wins,
    losses: (r) => r.f.losses,
    win_rate: (r) => r.f.winRate,
    average_win: (r) => r.f.averageWin,
    average_loss: (r) => r.f.averageLoss,
    largest_win: (r) => r.f.largestWin?.pnl,
    largest_loss: (r) => r.f.largestLoss?.pnl,
    max_drawdown: (r) => r.f.maxDrawdown.amount,
    max_drawdown_peak: (r) => (r.f.maxDrawdown.peakAt === null ? null : new Date(r.f.maxDrawdown.peakAt).toISOString()),
    max_drawdown_trough: (r) => (r.f.maxDrawdown.troughAt === null ? null : new Date(r.f.maxDrawdown.troughAt).toISOString()),
  };
  const rows: FiguresRow[] = [
    { kind: 'total', f: totals, unrealized: unrealizedPnl },
    ...markets.map((m): FiguresRow => ({ kind: 'market', f: m, unrealized: m.unrealizedPnl })),
  ];
  return toCsv(rows, FIGURES_CSV_KEYS.map((k) => ({ header: words.header(k), value: cell[k] })));
}
