import type { UserApi } from '../user';
import type { HistoryKind, HistoryRow } from './history-kinds';
import { HistoryHoldings } from './history-holdings';
import { HistoryNotifier } from './history-notifier';
import type { HistoryStore } from './history-store';
import { walkHistory, HISTORY_PAGE_SIZE } from './history-walk';
import { problemOf, type AccountHistoryState, type HistoryProblem, type HistoryStatus } from './history-state';
import type { Pacer } from './pacer';
import type { WaitNotice } from './patient-fetch';
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
 * called (a fill on the stream). Listeners get a new state object at each change. The rows go to
 * the cache as they come; the state says how many are held and where (history-holdings.ts).
 */
export class AccountHistorySync {
  private readonly held: HistoryHoldings;
  private readonly notifier: HistoryNotifier<AccountHistoryState>;
  private readonly abort = new AbortController();
  /** The running walk's own abort: a page left (pause) stops it, the rows stay. */
  private walkAbort: AbortController | null = null;
  private paused = false;
  /** The last walk was stopped by a pause before it ended: a resume must walk again. */
  private interrupted = false;
  private running: Promise<void> | null = null;
  private again = false;
  private waiting: WaitNotice['reason'] | null = null;
  private offChanged: () => void = () => undefined;
  private status: HistoryStatus = 'idle';
  private failure: HistoryProblem | undefined;
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
    this.held = new HistoryHoldings(key, deps.openStore);
    this.notifier = new HistoryNotifier(() => this.build(), deps.notifyMs ?? 200);
  }

  get state(): AccountHistoryState {
    return this.notifier.state;
  }

  subscribe(listener: () => void): () => void {
    return this.notifier.subscribe(listener);
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
   * The cache's rows of `kind` were found damaged (by their reader, the portfolio worker, which
   * removed them): fetch that history whole again.
   */
  refetch(kind: HistoryKind): Promise<void> {
    this.held.distrust(kind);
    this.notifier.notify(true);
    return this.refresh();
  }

  /**
   * Stops the walk (nobody is looking, or the acting account is changing: no request may go out
   * under another account's session for this one's cache); what is held stays for `resume`.
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
    this.notifier.close();
  }

  private async begin(): Promise<void> {
    this.setStatus('loading');
    await this.held.open();
    // Another tab finished a walk: take in what it wrote, unless this tab already knows of everything.
    this.offChanged = this.deps.tabs.onChanged(this.key, () => void this.held.cacheHasMore().then((more) => (more ? this.reloadCache() : undefined)));
    await this.reloadCache();
    this.fromCache = this.held.counts.trades + this.held.counts.funding;
    this.cacheRead = true;
    this.notifier.notify(true);
    await this.walkAll();
  }

  private async reloadCache(): Promise<void> {
    if (this.abort.signal.aborted) return;
    await this.held.reload();
    this.notifier.notify(this.held.storage === 'memory');
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
          if (await this.held.cacheHasMore()) await this.reloadCache();
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
      ranges: this.held.ranges[kind],
      pacer: this.deps.pacer,
      shortPageEnds: kind === 'trades',
      signal,
      onWait: (w) => {
        this.waiting = w.reason;
        this.notifier.notify(true);
      },
      onPage: async (rows, ranges) => {
        this.waiting = null;
        this.pages++;
        const wasMemory = this.held.storage === 'memory';
        await this.held.add(kind, rows, ranges);
        this.notifier.notify(!wasMemory && this.held.storage === 'memory');
      },
    });
    this.held.ranges[kind] = result.ranges;
  }

  private setStatus(status: HistoryStatus): void {
    this.status = status;
    if (status !== 'failed') this.failure = undefined;
    if (status !== 'loading') this.waiting = null;
    this.notifier.notify(true);
  }

  private build(): AccountHistoryState {
    const problem = this.failure ?? this.waiting ?? (this.held.storage === 'memory' ? 'storage-unavailable' : undefined);
    return {
      status: this.status,
      progress: {
        trades: this.held.counts.trades,
        funding: this.held.counts.funding,
        pages: this.pages,
        fromCache: this.fromCache,
        tradesTotal: this.tradesTotal,
      },
      storage: this.held.storage,
      cacheRead: this.cacheRead,
      revision: this.held.revision,
      memory: this.held.memoryRows(),
      ...(problem ? { problem } : {}),
    };
  }
}
