// The page's end of the portfolio worker: typed requests, answers matched by request id. A newer
// request of a kind makes the older ones stale at once (they resolve 'stale' and their answers, when
// they come, are dropped), so the page never draws figures of a history it has since replaced.
//
// The rows do not cross from the page: the worker reads them from the history cache (IndexedDB)
// itself, told which account and that it changed (`cache`: key and revision). Only rows the page's
// memory holds (the cache refused or failed) are sent — the ones the worker lacks, in chunks with a
// pause between them, and only the fields the figures read (serializing 100,000 trades for one
// postMessage blocks the page ~100 ms).
import type { FiguresCsvKey, HistoryCsvKey } from '../../lib/portfolio/portfolio-csv';
import type { HistoryFunding, HistoryTrade, PnlWindow, PortfolioInput } from '../../lib/portfolio/portfolio-input';
import type { PortfolioSummary } from '../../lib/portfolio/portfolio-summary';
import { unpackSummary } from '../../lib/portfolio/summary-wire';
import type { CsvWordMaps, FromPortfolioWorker, PortfolioRequest, PortfolioState, ToPortfolioWorker } from '../../lib/portfolio/worker-protocol';

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

/** The account's history cache, and its revision (a new one: the worker reads what is new). */
export interface HistoryCacheRef {
  key: string;
  revision: number;
}

/**
 * What the figures are computed from: the state now, `cache` (the rows the worker reads itself), and
 * as `trades` / `funding` the rows only the page's memory holds (none while the cache holds every row).
 */
export type PortfolioJob = PortfolioInput & { cache?: HistoryCacheRef };

export interface PortfolioWorkerClient {
  summarize(input: PortfolioJob): Promise<PortfolioAnswer<PortfolioSummary>>;
  historyCsv(input: PortfolioJob, words: CsvWordMaps<HistoryCsvKey>): Promise<PortfolioAnswer<string>>;
  figuresCsv(input: PortfolioJob, window: PnlWindow, words: CsvWordMaps<FiguresCsvKey>): Promise<PortfolioAnswer<string>>;
  /** Starts the worker now (its code loads while the page gathers the first input). */
  warm(): void;
  /**
   * Starts the worker reading the account's history cache now, while the page still waits for the
   * balance and positions (the read is most of the time to this visit's own figures).
   */
  prefetch(key: string): void;
  /** Ends the worker; whatever is pending resolves 'stale'. */
  dispose(): void;
  /** Calls `listener` when the worker found (and removed) damaged cached rows of these kinds; returns the unsubscribe. */
  onCacheDamaged(listener: (kinds: ('trades' | 'funding')[]) => void): () => void;
}

/** Rows a message carries: ~5 ms of serializing on the page. */
export const ROWS_PER_CHUNK = 5_000;

type Kind = PortfolioRequest['kind'];
type Answer = PortfolioAnswer<PortfolioSummary | string>;

/** What the worker holds of one list: how many rows, and the first and last id, to tell an append from a change. */
interface Held {
  count: number;
  firstId: number;
  lastId: number;
}

const NONE: Held = { count: 0, firstId: 0, lastId: 0 };

function extends_(held: Held, rows: readonly { id: number }[]): boolean {
  return held.count === 0 || (rows.length >= held.count && rows[0]!.id === held.firstId && rows[held.count - 1]!.id === held.lastId);
}

function heldOf(rows: readonly { id: number }[], count: number): Held {
  return count === 0 ? NONE : { count, firstId: rows[0]!.id, lastId: rows[count - 1]!.id };
}

const tradeFields = (t: HistoryTrade): HistoryTrade => ({
  id: t.id, symbol: t.symbol, side: t.side, price: t.price, qty: t.qty, value: t.value, fee_asset: t.fee_asset, fee_qty: t.fee_qty, pnl: t.pnl, created_at: t.created_at,
});
const fundingFields = (f: HistoryFunding): HistoryFunding => ({ id: f.id, symbol: f.symbol, qty: f.qty, transact_time: f.transact_time });

/**
 * A turn of the event loop between chunks (the page handles input and paints meanwhile): a message to
 * itself, not setTimeout(0), which the browser stretches to 4 ms once nested — 80 ms over 20 chunks.
 */
const pause = () =>
  new Promise<void>((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/** The worker starts on the first request. */
export function portfolioWorkerClient(create: () => PortfolioWorkerHandle = createPortfolioWorker, yieldToPage: () => Promise<void> = pause): PortfolioWorkerClient {
  let worker: PortfolioWorkerHandle | null = null;
  let held = { trades: NONE, funding: NONE };
  /** The cache revision the worker was last told of. */
  let told: HistoryCacheRef | null = null;
  const damagedListeners = new Set<(kinds: ('trades' | 'funding')[]) => void>();
  let nextId = 1;
  let syncing: Promise<void> = Promise.resolve();
  const pending = new Map<number, { kind: Kind; resolve: (a: Answer) => void }>();

  const settle = (id: number, answer: Answer) => {
    const p = pending.get(id);
    if (p === undefined) return; // stale: already answered 'stale'
    pending.delete(id);
    p.resolve(answer);
  };

  const started = (): PortfolioWorkerHandle => {
    if (worker !== null) return worker;
    const w = create();
    w.onmessage = (e) => {
      const m = e.data;
      if (m.kind === 'cache-damaged') {
        for (const l of [...damagedListeners]) l(m.kinds);
        return;
      }
      if (m.kind === 'failed') settle(m.id, { status: 'failed', code: m.code, detail: m.detail });
      else settle(m.id, { status: 'done', value: m.kind === 'summary' ? unpackSummary(m.summary) : m.text });
    };
    w.onerror = (e) => {
      for (const id of [...pending.keys()]) settle(id, { status: 'failed', code: 'worker-failed', detail: e.message });
      w.terminate();
      if (worker === w) {
        worker = null;
        held = { trades: NONE, funding: NONE };
        told = null;
      }
    };
    held = { trades: NONE, funding: NONE };
    told = null;
    return (worker = w);
  };

  /** Sends the rows the worker lacks, a chunk at a time; stops early when `id` went stale. */
  async function sync(id: number, trades: readonly HistoryTrade[], funding: readonly HistoryFunding[], cache: HistoryCacheRef | undefined): Promise<void> {
    const w = started();
    if (cache && (told?.key !== cache.key || told.revision !== cache.revision)) {
      w.postMessage({ kind: 'cache', key: cache.key, revision: cache.revision });
      told = cache;
    }
    const reset = !extends_(held.trades, trades) || !extends_(held.funding, funding) || trades.length < held.trades.count || funding.length < held.funding.count;
    let t = reset ? 0 : held.trades.count;
    let f = reset ? 0 : held.funding.count;
    let first = true;
    while (first || t < trades.length || f < funding.length) {
      if (!first) await yieldToPage();
      if (!pending.has(id) || worker !== w) return;
      const tEnd = Math.min(trades.length, t + ROWS_PER_CHUNK);
      const fEnd = Math.min(funding.length, f + Math.max(0, ROWS_PER_CHUNK - (tEnd - t)));
      if (reset || tEnd > t || fEnd > f) w.postMessage({ kind: 'history', reset: reset && first, trades: trades.slice(t, tEnd).map(tradeFields), funding: funding.slice(f, fEnd).map(fundingFields) });
      t = tEnd;
      f = fEnd;
      held = { trades: heldOf(trades, t), funding: heldOf(funding, f) };
      first = false;
    }
  }

  function send<T>(input: PortfolioJob, request: (id: number, state: PortfolioState) => PortfolioRequest): Promise<PortfolioAnswer<T>> {
    const id = nextId++;
    const { trades, funding, cache, ...state } = input;
    const req = request(id, state);
    for (const [older, p] of pending) if (p.kind === req.kind) settle(older, { status: 'stale' });
    const answer = new Promise<PortfolioAnswer<T>>((resolve) => pending.set(id, { kind: req.kind, resolve: resolve as (a: Answer) => void }));
    // One sync at a time: a newer request waits for the older's chunks (it stops at the next one).
    syncing = syncing
      .then(async () => {
        await sync(id, trades, funding, cache);
        if (pending.has(id) && worker !== null) worker.postMessage(req);
      })
      .catch((e: unknown) => settle(id, { status: 'failed', code: 'worker-failed', detail: e instanceof Error ? e.message : String(e) }));
    return answer;
  }

  return {
    summarize: (input) => send<PortfolioSummary>(input, (id, state) => ({ id, kind: 'summary', state })),
    historyCsv: (input, words) => send<string>(input, (id, state) => ({ id, kind: 'history-csv', state, words })),
    figuresCsv: (input, window, words) => send<string>(input, (id, state) => ({ id, kind: 'figures-csv', state, window, words })),
    warm: () => void started(),
    prefetch: (key) => {
      const w = started();
      if (told?.key === key) return;
      // Revision -1: any revision the page has later differs, so the worker is told again (and reads only what is new).
      told = { key, revision: -1 };
      w.postMessage({ kind: 'cache', key, revision: -1 });
    },
    dispose: () => {
      for (const id of [...pending.keys()]) settle(id, { status: 'stale' });
      worker?.terminate();
      worker = null;
    },
    onCacheDamaged: (listener) => {
      damagedListeners.add(listener);
      return () => damagedListeners.delete(listener);
    },
  };
}
