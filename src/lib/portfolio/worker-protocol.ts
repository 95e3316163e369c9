// Messages between the page and the portfolio worker (features/portfolio/portfolio.worker.ts): plain
// data with decimal strings, each request numbered so the page drops an answer it no longer wants.
// The history is not sent whole with every request: serializing 100,000 trades for postMessage takes
// the page ~100 ms. The worker keeps the rows it was sent; the page sends only what is new, in chunks.
import { figuresCsv, historyCsv, type CsvRowKind, type FiguresCsvKey, type HistoryCsvKey } from './portfolio-csv';
import { buildLedger, extendLedger, scalesBeside, type Ledger } from './ledger';
import type { HistoryFunding, HistoryTrade, PnlWindow, PortfolioInput } from './portfolio-input';
import { summarizePortfolio } from './portfolio-summary';
import { packSummary, type WireSummary } from './summary-wire';

/** Words can't cross as functions: the headers and kinds as maps. */
export interface CsvWordMaps<K extends string> {
  headers: Record<K, string>;
  kinds: Record<CsvRowKind, string>;
}

/** Everything of the input but the history, which the worker holds. */
export type PortfolioState = Omit<PortfolioInput, 'trades' | 'funding'>;

export type ToPortfolioWorker =
  /** Rows to add after those held (`reset`: drop those first). No answer. */
  | { kind: 'history'; reset: boolean; trades: readonly HistoryTrade[]; funding: readonly HistoryFunding[] }
  /**
   * The history cache (IndexedDB) of the account `key` changed (`revision`): the worker reads what is
   * new itself, so the rows never cross from the page. No answer (the worker file handles it, not the core).
   */
  | { kind: 'cache'; key: string; revision: number }
  | { id: number; kind: 'summary'; state: PortfolioState }
  | { id: number; kind: 'history-csv'; state: PortfolioState; words: CsvWordMaps<HistoryCsvKey> }
  | { id: number; kind: 'figures-csv'; state: PortfolioState; window: PnlWindow; words: CsvWordMaps<FiguresCsvKey> };

export type PortfolioRequest = Exclude<ToPortfolioWorker, { kind: 'history' } | { kind: 'cache' }>;

export type FromPortfolioWorker =
  /** Packed (summary-wire.ts): the page reads it back in a few copies, not ~16,000 objects. */
  | { id: number; kind: 'summary'; summary: WireSummary }
  | { id: number; kind: 'csv'; text: string }
  /** The computation threw (bad input, a bug): `detail` is for the console, not the trader. */
  | { id: number; kind: 'failed'; code: 'compute-failed'; detail: string }
  /** Cached rows of these kinds were damaged (and removed): the page fetches those histories again. */
  | { kind: 'cache-damaged'; kinds: ('trades' | 'funding')[] };

/** The worker's whole job (tests drive it directly): the history held, each request answered from it. */
export class PortfolioWorkerCore {
  private trades: HistoryTrade[] = [];
  private funding: HistoryFunding[] = [];
  /** The ledger of the rows held, kept between requests and extended with new rows (a fill arriving). */
  private ledger: Ledger | null = null;

  /** history → held += rows (no answer); a request → its answer from the rows held. */
  handle(msg: ToPortfolioWorker): FromPortfolioWorker | null {
    if (msg.kind === 'history') {
      if (msg.reset) {
        this.trades = [];
        this.funding = [];
        this.ledger = null;
      }
      for (const t of msg.trades) this.trades.push(t);
      for (const f of msg.funding) this.funding.push(f);
      return null;
    }
    if (msg.kind === 'cache') return null; // read by the worker file (features/portfolio/worker-history.ts)
    return this.answer(msg);
  }

  /** The held ledger extended by the rows since, or built again (first time, reset, a row out of order or finer). */
  private ledgerFor(input: PortfolioInput): Ledger {
    const l = this.ledger;
    const beside = scalesBeside(input);
    const fits = l !== null && l.settlementAsset === input.settlementAsset && beside.scale <= l.scale && beside.qtyScale <= l.qtyScale;
    if (fits && extendLedger(l, input.trades, input.funding)) return l;
    return (this.ledger = buildLedger(input));
  }

  private answer(req: PortfolioRequest): FromPortfolioWorker {
    const input: PortfolioInput = { ...req.state, trades: this.trades, funding: this.funding };
    try {
      switch (req.kind) {
        case 'summary':
          return { id: req.id, kind: 'summary', summary: packSummary(summarizePortfolio(input, this.ledgerFor(input))) };
        case 'history-csv':
          return { id: req.id, kind: 'csv', text: historyCsv(input, { header: (k) => req.words.headers[k], kind: (k) => req.words.kinds[k] }) };
        case 'figures-csv': {
          const w = summarizePortfolio(input, this.ledgerFor(input)).windows[req.window];
          const words = { header: (k: FiguresCsvKey) => req.words.headers[k], kind: (k: CsvRowKind) => req.words.kinds[k] };
          return { id: req.id, kind: 'csv', text: figuresCsv(w.totals, input.unrealizedPnl, w.markets, words) };
        }
      }
    } catch (e) {
      return { id: req.id, kind: 'failed', code: 'compute-failed', detail: e instanceof Error ? e.message : String(e) };
    }
  }
}
