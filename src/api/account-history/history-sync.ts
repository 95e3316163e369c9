import type { FundingTransaction, Trade } from '../schemas';
import type { UserApi } from '../user';
import type { IdRange } from './id-ranges';
import { addRange } from './id-ranges';
import type { HistoryKind, HistoryRow } from './history-kinds';
import { memoryHistoryStore, type HistoryStore } from './history-store';
import { walkHistory, HISTORY_PAGE_SIZE } from './history-walk';
import { problemOf, type AccountHistoryState, type HistoryProblem, type HistoryStatus } from './history-state';
import type { Pacer } from './pacer';
import type { WaitNotice } from './patient-fetch';
import { RowsById } from './rows-by-id';
import type { TabCoordination } from './tab-coordination';

export interface SyncDeps {
  user: Pick<UserApi, 'queryTrades' | 'queryFundingHistory'>;
  /** The cache (opening it may fail: the sync then works from memory). */
  openStore: () => Promise<HistoryStore>;
  pacer: Pacer;
  tabs: TabCoordination;
  /** Listeners hear at most one change per this many ms while a walk runs (default 200). */
  notifyMs?: number;
}

/**
 * One account's whole trade and funding history: the cache first, then a walk of what it lacks
 * (newest first, paced, under the tab lock), then a walk of what is new each time `refresh` is
 * called (a fill on the stream). Listeners get a new state object at each change.
 */
export class AccountHistorySync {
  private readonly rows = { trades: new RowsById<Trade>(), funding: new RowsById<FundingTransaction>() };
  private readonly ranges: Record<HistoryKind, IdRange[]> = { trades: [], funding: [] };
  private readonly listeners = new Set<() => void>();
  private readonly abort = new AbortController();
  /** The running walk's own abort: a page left (pause) stops it, the rows stay. */
  private walkAbort: AbortController | null = null;
  private paused = false;
  /** The last walk was stopped by a pause before it ended: a resume must walk again. */
  private interrupted = false;
  private store: HistoryStore | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private waiting: WaitNotice['reason'] | null = null;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private offChanged: () => void = () => undefined;
  private snapshot: AccountHistoryState;
  private status: HistoryStatus = 'idle';
  private failure: HistoryProblem | undefined;
  private storage: 'persistent' | 'memory' = 'persistent';
  private pages = 0;
  private fromCache = 0;
  private tradesTotal: number | null = null;
  private cacheRead = false;
  /** Counts this sync's requests by kind (tests and the bench read it). */
  readonly requests = { trades: 0, funding: 0 };

  constructor(
    readonly key: string,
    private readonly deps: SyncDeps,
  ) {
    this.snapshot = this.build();
  }

  get state(): AccountHistoryState {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the cache, then walks; resolves when the history is complete or failed. */
  start(): Promise<void> {
    this.running ??= this.begin().finally(() => (this.running = null));
    return this.running;
  }

  /** New rows may exist (a fill on the stream): walk again now, or right after the current walk. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (this.status !== 'complete' && this.status !== 'failed') return Promise.resolve();
    this.running = this.walkAll().finally(() => (this.running = null));
    return this.running;
  }

  /** After a failure: walk again from where the last walk stopped. */
  retry(): Promise<void> {
    return this.status === 'failed' ? this.refresh() : (this.running ?? Promise.resolve());
  }

  /**
   * Stops the walk (nobody is looking, or the acting account is changing: no request may go out
   * under another account's session for this one's cache); the rows stay for `resume`.
   */
  pause(): void {
    this.paused = true;
    this.walkAbort?.abort(new DOMException('history walk paused', 'AbortError'));
  }

  /** Walks again after a pause: finishes the backfill, or fetches what is new. */
  resume(): Promise<void> {
    this.paused = false;
    if (this.abort.signal.aborted) return Promise.resolve();
    // A pause and a resume in one breath (React's strict double mount): walk again once the stopped walk has let go.
    if (this.running) return this.running.then(() => (this.interrupted && !this.paused ? this.resume() : undefined));
    this.running = this.walkAll().finally(() => (this.running = null));
    return this.running;
  }

  dispose(): void {
    this.pause();
    this.abort.abort(new DOMException('history sync disposed', 'AbortError'));
    this.offChanged();
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.listeners.clear();
  }

  private async begin(): Promise<void> {
    this.setStatus('loading');
    try {
      this.store = await this.deps.openStore();
      if (!this.store.persistent) this.storage = 'memory';
    } catch {
      this.useMemory();
    }
    // Another tab finished a walk: read its rows, unless this tab already holds everything it wrote.
    this.offChanged = this.deps.tabs.onChanged(this.key, () => void this.cacheHasMore().then((more) => (more ? this.reloadCache() : undefined)));
    await this.reloadCache();
    this.fromCache = this.rows.trades.size + this.rows.funding.size;
    this.cacheRead = true;
    this.notify(true);
    await this.walkAll();
  }

  private useMemory(): void {
    this.store = memoryHistoryStore();
    this.storage = 'memory';
  }

  /** Takes in what the cache holds (at start, and when another tab says it wrote). */
  private async reloadCache(): Promise<void> {
    const store = this.store;
    if (!store?.persistent || this.abort.signal.aborted) return;
    try {
      for (const kind of ['trades', 'funding'] as const) {
        const cached = await store.load(this.key, kind);
        this.take(kind, cached.rows);
        this.ranges[kind] = cached.ranges.reduce(addRange, this.ranges[kind]);
      }
      this.notify(false);
    } catch {
      this.useMemory();
      this.notify(true);
    }
  }

  private async cacheHasMore(): Promise<boolean> {
    const store = this.store;
    if (!store?.persistent) return false;
    try {
      for (const kind of ['trades', 'funding'] as const) {
        const theirs = await store.ranges(this.key, kind);
        const mine = this.ranges[kind];
        if (JSON.stringify(theirs.reduce(addRange, mine)) !== JSON.stringify(mine)) return true;
      }
    } catch {
      // read again below through load(), which falls back to memory on failure
      return true;
    }
    return false;
  }

  private take(kind: HistoryKind, rows: readonly HistoryRow[]): void {
    if (kind === 'trades') this.rows.trades.add(rows as Trade[]);
    else this.rows.funding.add(rows as FundingTransaction[]);
  }

  private async walkAll(): Promise<void> {
    const walk = new AbortController();
    this.walkAbort = walk;
    const signal = walk.signal;
    if (this.paused || this.abort.signal.aborted) {
      this.interrupted = true;
      return;
    }
    this.interrupted = false;
    // Once whole, the history stays 'complete' while what is new is fetched (no flicker per fill).
    if (this.status !== 'complete') this.setStatus('loading');
    try {
      do {
        this.again = false;
        await this.deps.tabs.exclusive(this.key, signal, async () => {
          // Another tab may have walked while this one waited for the lock: take its rows first.
          if (await this.cacheHasMore()) await this.reloadCache();
          await Promise.all([this.walk('trades', signal), this.walk('funding', signal)]);
        });
        this.deps.tabs.announce(this.key);
      } while (this.again && !signal.aborted);
      this.setStatus('complete');
    } catch (e) {
      if (signal.aborted) {
        this.interrupted = true;
        return;
      }
      walk.abort(e); // the other history's walk stops too; a retry resumes both
      this.failure = problemOf(e);
      this.setStatus('failed');
    } finally {
      if (this.walkAbort === walk) this.walkAbort = null;
    }
  }

  private async walk(kind: HistoryKind, signal: AbortSignal): Promise<void> {
    const api = this.deps.user;
    const fetchPage =
      kind === 'trades'
        ? async (lastId: number | undefined) => {
            this.requests.trades++;
            const page = await api.queryTrades({ last_id: lastId, limit: HISTORY_PAGE_SIZE });
            if (lastId === undefined) this.tradesTotal = page.total;
            return page.result;
          }
        : (lastId: number | undefined) => {
            this.requests.funding++;
            return api.queryFundingHistory({ last_id: lastId, limit: HISTORY_PAGE_SIZE });
          };
    const result = await walkHistory<HistoryRow>({
      fetchPage,
      idOf: (r) => r.id,
      ranges: this.ranges[kind],
      pacer: this.deps.pacer,
      shortPageEnds: kind === 'trades',
      signal,
      onWait: (w) => {
        this.waiting = w.reason;
        this.notify(true);
      },
      onPage: async (rows, ranges) => {
        this.waiting = null;
        this.pages++;
        this.take(kind, rows);
        this.ranges[kind] = ranges;
        await this.persist(kind, rows, ranges);
        this.notify(false);
      },
    });
    this.ranges[kind] = result.ranges;
  }

  private async persist(kind: HistoryKind, rows: readonly HistoryRow[], ranges: readonly IdRange[]): Promise<void> {
    if (!this.store?.persistent) return;
    try {
      await this.store.save(this.key, kind, rows, ranges);
    } catch {
      // Quota or a revoked database mid-walk: the rows are in memory; the page says the cache is off.
      this.useMemory();
      this.notify(true);
    }
  }

  private setStatus(status: HistoryStatus): void {
    this.status = status;
    if (status !== 'failed') this.failure = undefined;
    if (status !== 'loading') this.waiting = null;
    this.notify(true);
  }

  private build(): AccountHistoryState {
    const problem = this.failure ?? this.waiting ?? (this.storage === 'memory' ? 'storage-unavailable' : undefined);
    return {
      status: this.status,
      trades: this.rows.trades.rows,
      funding: this.rows.funding.rows,
      progress: {
        trades: this.rows.trades.size,
        funding: this.rows.funding.size,
        pages: this.pages,
        fromCache: this.fromCache,
        tradesTotal: this.tradesTotal,
      },
      storage: this.storage,
      cacheRead: this.cacheRead,
      ...(problem ? { problem } : {}),
    };
  }

  /** A new state for the listeners: at once for a status change, else at most every notifyMs. */
  private notify(now: boolean): void {
    if (this.abort.signal.aborted) return;
    const fire = () => {
      this.notifyTimer = null;
      this.snapshot = this.build();
      for (const l of [...this.listeners]) l();
    };
    if (now) {
      if (this.notifyTimer) clearTimeout(this.notifyTimer);
      fire();
    } else {
      this.notifyTimer ??= setTimeout(fire, this.deps.notifyMs ?? 200);
    }
  }
}
