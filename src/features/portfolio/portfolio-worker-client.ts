// The page's end of the portfolio worker: typed requests, answers matched by request id. A newer
// summary request makes the older ones stale at once (they resolve 'stale' and their answers, when
// they come, are dropped), so the page never draws figures of a history it has since replaced.
import type { FiguresCsvKey, HistoryCsvKey } from '../../lib/portfolio/portfolio-csv';
import type { PnlWindow, PortfolioInput } from '../../lib/portfolio/portfolio-input';
import type { PortfolioSummary } from '../../lib/portfolio/portfolio-summary';
import type { CsvWordMaps, FromPortfolioWorker, ToPortfolioWorker } from '../../lib/portfolio/worker-protocol';

/** The part of a Worker the client uses (tests give a stand-in). */
export interface PortfolioWorkerHandle {
  postMessage(message: ToPortfolioWorker): void;
  onmessage: ((e: MessageEvent<FromPortfolioWorker>) => void) | null;
  onerror: ((e: { message: string }) => void) | null;
  terminate(): void;
}

export function createPortfolioWorker(): PortfolioWorkerHandle {
  return new Worker(new URL('./portfolio.worker.ts', import.meta.url), { type: 'module', name: 'portfolio' }) as unknown as PortfolioWorkerHandle;
}

export type PortfolioAnswer<T> =
  | { status: 'done'; value: T }
  /** A newer request of the same kind replaced it, or the client was disposed. */
  | { status: 'stale' }
  /** compute-failed: the computation threw; worker-failed: the worker could not run. `detail` is for the console. */
  | { status: 'failed'; code: 'compute-failed' | 'worker-failed'; detail: string };

export interface PortfolioWorkerClient {
  summarize(input: PortfolioInput): Promise<PortfolioAnswer<PortfolioSummary>>;
  historyCsv(input: PortfolioInput, words: CsvWordMaps<HistoryCsvKey>): Promise<PortfolioAnswer<string>>;
  figuresCsv(input: PortfolioInput, window: PnlWindow, words: CsvWordMaps<FiguresCsvKey>): Promise<PortfolioAnswer<string>>;
  /** Ends the worker; whatever is pending resolves 'stale'. */
  dispose(): void;
}

type Kind = ToPortfolioWorker['kind'];
interface Pending {
  kind: Kind;
  resolve: (a: PortfolioAnswer<PortfolioSummary | string>) => void;
}

/** The worker starts on the first request. */
export function portfolioWorkerClient(create: () => PortfolioWorkerHandle = createPortfolioWorker): PortfolioWorkerClient {
  let worker: PortfolioWorkerHandle | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const settle = (id: number, answer: Parameters<Pending['resolve']>[0]) => {
    const p = pending.get(id);
    if (p === undefined) return; // stale: already answered 'stale'
    pending.delete(id);
    p.resolve(answer);
  };

  const onAnswer = (m: FromPortfolioWorker) => {
    if (m.kind === 'failed') settle(m.id, { status: 'failed', code: m.code, detail: m.detail });
    else settle(m.id, { status: 'done', value: m.kind === 'summary' ? m.summary : m.text });
  };

  const started = (): PortfolioWorkerHandle => {
    if (worker !== null) return worker;
    const w = create();
    w.onmessage = (e) => onAnswer(e.data);
    w.onerror = (e) => {
      for (const id of [...pending.keys()]) settle(id, { status: 'failed', code: 'worker-failed', detail: e.message });
      w.terminate();
      if (worker === w) worker = null;
    };
    return (worker = w);
  };

  function send<T>(request: ToPortfolioWorker): Promise<PortfolioAnswer<T>> {
    for (const [id, p] of pending) if (p.kind === request.kind) settle(id, { status: 'stale' });
    return new Promise<PortfolioAnswer<T>>((resolve) => {
      pending.set(request.id, { kind: request.kind, resolve: resolve as Pending['resolve'] });
      started().postMessage(request);
    });
  }

  return {
    summarize: (input) => send<PortfolioSummary>({ id: nextId++, kind: 'summary', input }),
    historyCsv: (input, words) => send<string>({ id: nextId++, kind: 'history-csv', input, words }),
    figuresCsv: (input, window, words) => send<string>({ id: nextId++, kind: 'figures-csv', input, window, words }),
    dispose: () => {
      for (const id of [...pending.keys()]) settle(id, { status: 'stale' });
      worker?.terminate();
      worker = null;
    },
  };
}
