import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { AccountHistorySync, type SyncDeps } from './history-sync';
import { memoryHistoryStore, type HistoryStore, type MemoryHistoryStore } from './history-store';
import { dropDamaged, loadCachedHistory } from './idb-history-read';
import { idbHistoryStore, openHistoryDb } from './idb-history-store';
import { Pacer } from './pacer';
import { pagedList } from './fake-history';
import { sampleFunding, sampleTrade } from './testing-rows';
import type { TabCoordination } from './tab-coordination';

const noTabs: TabCoordination = { exclusive: (_k, _s, work) => work(), announce: () => undefined, onChanged: () => () => undefined };

function service(trades = 1200, funding = 30) {
  const t = pagedList(Array.from({ length: trades }, (_, i) => sampleTrade(i + 1)));
  const f = pagedList(Array.from({ length: funding }, (_, i) => sampleFunding(i + 1)));
  let refuse: ApiError | null = null;
  const user: SyncDeps['user'] = {
    queryTrades: async (q = {}) => {
      if (refuse) throw refuse;
      const result = await t.fetchPage(q.last_id, q.limit);
      return { page_size: result.length, result, total: t.rows.length };
    },
    queryFundingHistory: (q = {}) => f.fetchPage(q.last_id, q.limit),
  };
  return { user, t, f, refuseWith: (e: ApiError | null) => (refuse = e) };
}

/** A store that keeps rows like IndexedDB would (the sync writes only to a persistent store). */
const keptStore = (): MemoryHistoryStore => ({ ...memoryHistoryStore(), persistent: true });
const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id);

const sync = (key: string, deps: Partial<SyncDeps> & { user: SyncDeps['user'] }) =>
  new AccountHistorySync(key, { openStore: () => Promise.resolve(keptStore()), pacer: new Pacer(10_000, 100), tabs: noTabs, notifyMs: 0, ...deps });

describe('one account history in a tab', () => {
  it('says when the cache has been read: before, its empty lists say nothing; after, they hold what the cache held', async () => {
    const svc = service(10, 2);
    const store = keptStore();
    await store.save('k0', 'trades', [sampleTrade(1), sampleTrade(2)], [{ low: null, high: 2 }]);
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const s = sync('k0', { user: svc.user, openStore: () => gate.then(() => store) });
    const seen: { cacheRead: boolean; trades: number }[] = [];
    s.subscribe(() => seen.push({ cacheRead: s.state.cacheRead, trades: s.state.progress.trades }));
    const done = s.start();
    expect(s.state).toMatchObject({ status: 'loading', cacheRead: false, progress: { trades: 0 } });
    release();
    await done;
    expect(seen.find((x) => x.cacheRead)?.trades).toBeGreaterThanOrEqual(2);
    expect(seen.filter((x) => !x.cacheRead).every((x) => x.trades === 0)).toBe(true);
    expect(s.state).toMatchObject({ status: 'complete', cacheRead: true, progress: { trades: 10 }, memory: null });
    // The rows are in the cache (the portfolio worker reads them there), not in the state.
    expect(ids(store.rows('k0', 'trades'))).toEqual(ids(svc.t.rows));
  });

  it('where IndexedDB is refused the cache counts as read (nothing to wait for)', async () => {
    const svc = service(3, 1);
    const s = sync('k0b', { user: svc.user, openStore: () => Promise.reject(new DOMException('denied', 'InvalidStateError')) });
    await s.start();
    expect(s.state.cacheRead).toBe(true);
  });

  it('where IndexedDB is refused (private mode) it works from memory and says so', async () => {
    const svc = service();
    const s = sync('k1', { user: svc.user, openStore: () => Promise.reject(new DOMException('denied', 'InvalidStateError')) });
    await s.start();
    expect(s.state).toMatchObject({ status: 'complete', storage: 'memory', problem: 'storage-unavailable', progress: { trades: 1200 } });
    // Nowhere else to keep them: the rows are in the state, for the worker to be sent.
    expect(s.state.memory?.trades.length).toBe(1200);
  });

  it('a cache that fails mid-walk (quota) keeps the rows in memory and says so', async () => {
    const svc = service();
    const db = await openHistoryDb();
    const real = idbHistoryStore(db);
    let saves = 0;
    const full: HistoryStore = {
      ...real,
      save: (...a) => (++saves > 1 ? Promise.reject(new DOMException('quota', 'QuotaExceededError')) : real.save(...a)),
    };
    const s = sync('k2', { user: svc.user, openStore: () => Promise.resolve(full) });
    await s.start();
    expect(s.state).toMatchObject({ status: 'complete', storage: 'memory', problem: 'storage-unavailable' });
    // The cache keeps what it took before it failed; memory the rest: together, every row.
    const cached = await loadCachedHistory(db, 'k2', 'trades');
    db.close();
    const together = new Set([...ids(cached.rows), ...ids(s.state.memory!.trades)]);
    expect([...together].sort((a, b) => a - b)).toEqual(ids(svc.t.rows));
    expect(s.state.memory!.funding.length).toBe(30);
    expect(s.state.progress).toMatchObject({ trades: 1200, funding: 30 });
  });

  it('a refusal fails with its code; retry walks on from where it stopped', async () => {
    const svc = service();
    svc.refuseWith(new ApiError({ kind: 'http', code: 401, status: 401, message: 'token expired', endpoint: 'GET /api/query_trades' }));
    const store = keptStore();
    const s = sync('k3', { user: svc.user, openStore: () => Promise.resolve(store) });
    await s.start();
    expect(s.state).toMatchObject({ status: 'failed', problem: 'signed-out' });
    svc.refuseWith(null);
    await s.retry();
    expect(s.state.status).toBe('complete');
    expect(s.state.problem).toBeUndefined();
    expect(s.state.progress.trades).toBe(1200);
    expect(ids(store.rows('k3', 'trades'))).toEqual(ids(svc.t.rows));
  });

  it('shows the cache at once, then what is new; progress counts rows held, requests and the cache', async () => {
    const svc = service(700, 3);
    const store = keptStore();
    await sync('k4', { user: svc.user, openStore: () => Promise.resolve(store) }).start();
    svc.t.rows.push(sampleTrade(701), sampleTrade(702));
    const again = sync('k4', { user: svc.user, openStore: () => Promise.resolve(store) });
    const seen: number[] = [];
    const revisions: number[] = [];
    again.subscribe(() => {
      seen.push(again.state.progress.trades);
      revisions.push(again.state.revision);
    });
    await again.start();
    expect(seen).toContain(700); // the cache, before any request
    // The reader (the portfolio worker) is told each time the rows held change.
    expect(new Set(revisions).size).toBeGreaterThanOrEqual(2);
    expect(ids(store.rows('k4', 'trades'))).toEqual(ids(svc.t.rows));
    expect(again.state.progress).toEqual({ trades: 702, funding: 3, pages: 2, fromCache: 703, tradesTotal: 702 });
  });

  it('paused (the page left, or the account is switching) it sends nothing more; resumed it finishes', async () => {
    const svc = service(3_000, 3);
    const store = keptStore();
    const s = sync('k5', { user: svc.user, pacer: new Pacer(50, 1), openStore: () => Promise.resolve(store) });
    const walking = s.start();
    await new Promise((r) => setTimeout(r, 50));
    s.pause();
    await walking;
    const sent = svc.t.calls.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(svc.t.calls.length).toBe(sent);
    expect(s.state.progress.trades).toBeLessThan(3_000);
    await s.resume();
    expect(s.state.status).toBe('complete');
    expect(s.state.progress.trades).toBe(3_000);
    expect(ids(store.rows('k5', 'trades'))).toEqual(ids(svc.t.rows));
  });

  it('cached rows found damaged by their reader (which removed them) are fetched again whole', async () => {
    const svc = service(1_200, 3);
    const db = await openHistoryDb();
    const s = sync('k6', { user: svc.user, openStore: () => Promise.resolve(idbHistoryStore(db)) });
    await s.start();
    const sent = svc.t.calls.length;
    // What the portfolio worker does on reading a damaged record: removes it and the claim to hold the rows.
    await dropDamaged(db, 'k6', 'trades', [5]);
    await s.refetch('trades');
    expect(svc.t.calls.length - sent).toBe(3); // 1,200 trades: three pages again
    expect(s.state).toMatchObject({ status: 'complete', progress: { trades: 1_200 } });
    expect(ids((await loadCachedHistory(db, 'k6', 'trades')).rows)).toEqual(ids(svc.t.rows));
    db.close();
  });
});
