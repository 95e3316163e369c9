// Messages between the page and the portfolio worker (features/portfolio/portfolio.worker.ts): plain
// data with decimal strings, each request numbered so the page drops an answer it no longer wants.
import { figuresCsv, historyCsv, type FiguresCsvKey, type HistoryCsvKey } from './portfolio-csv';
import type { CsvRowKind } from './portfolio-csv';
import type { PortfolioInput, PnlWindow } from './portfolio-input';
import { summarizePortfolio, type PortfolioSummary } from './portfolio-summary';

/** Words can't cross as functions: the headers and kinds as maps. */
export interface CsvWordMaps<K extends string> {
  headers: Record<K, string>;
  kinds: Record<CsvRowKind, string>;
}

export type ToPortfolioWorker =
  | { id: number; kind: 'summary'; input: PortfolioInput }
  | { id: number; kind: 'history-csv'; input: PortfolioInput; words: CsvWordMaps<HistoryCsvKey> }
  | { id: number; kind: 'figures-csv'; input: PortfolioInput; window: PnlWindow; words: CsvWordMaps<FiguresCsvKey> };

export type FromPortfolioWorker =
  | { id: number; kind: 'summary'; summary: PortfolioSummary }
  | { id: number; kind: 'csv'; text: string }
  /** The computation threw (bad input, a bug): `detail` is for the console, not the trader. */
  | { id: number; kind: 'failed'; code: 'compute-failed'; detail: string };

/** The worker's whole job, pure (tests call it directly). */
export function answerPortfolioRequest(req: ToPortfolioWorker): FromPortfolioWorker {
  try {
    switch (req.kind) {
      case 'summary':
        return { id: req.id, kind: 'summary', summary: summarizePortfolio(req.input) };
      case 'history-csv':
        return { id: req.id, kind: 'csv', text: historyCsv(req.input, { header: (k) => req.words.headers[k], kind: (k) => req.words.kinds[k] }) };
      case 'figures-csv': {
        const w = summarizePortfolio(req.input).windows[req.window];
        const words = { header: (k: FiguresCsvKey) => req.words.headers[k], kind: (k: CsvRowKind) => req.words.kinds[k] };
        return { id: req.id, kind: 'csv', text: figuresCsv(w.totals, req.input.unrealizedPnl, w.markets, words) };
      }
    }
  } catch (e) {
    return { id: req.id, kind: 'failed', code: 'compute-failed', detail: e instanceof Error ? e.message : String(e) };
  }
}
