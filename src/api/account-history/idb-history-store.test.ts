import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleTrade, sampleFunding } from './testing-rows';
import { HISTORY_DB, idbHistoryStore, openHistoryDb, RECORD_VERSION } from './idb-history-store';
import { countCachedRows, dropDamaged, loadCachedHistory, READ_BATCH, readCachedChanges, readCachedRows } from './idb-history-read';
import { historyKey } from './history-store';

const A = historyKey('http://devnet', 'bsc_0xaaa');
const B = historyKey('http://devnet', 'bsc_0xbbb');

async function freshDb() {
  await new Promise<void>((resolve) => {
    const del = indexedDB.deleteDatabase(HISTORY_DB);
    del.onsuccess = () => resolve();
    del.onerror = () => resolve();
  });
  return openHistoryDb();
}

let db: IDBDatabase | null = null;
afterEach(() => db?.close());

describe('the history cache in IndexedDB', () => {
  it('writes rows by id: the same rows written twice (two tabs) are kept once, read in id order', async () => {
    db = await freshDb();
    const store = idbHistoryStore(db);
    await store.save(A, 'trades', [sampleTrade(3), sampleTrade(2)], [{ low: 2, high: 3 }]);
    await store.save(A, 'trades', [sampleTrade(2), sampleTrade(3), sampleTrade(1)], [{ low: null, high: 3 }]);
    const got = await loadCachedHistory(db!, A, 'trades');
    expect(got.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(got.ranges).toEqual([{ low: null, high: 3 }]);
  });

  it('reads a history longer than one read batch whole, in id order, and only that account\'s', async () => {
    db = await freshDb();
    const store = idbHistoryStore(db);
    const n = READ_BATCH * 2 + 7;
    const ids = Array.from({ length: n }, (_, i) => i * 3 + 1); // gaps between ids
    await store.save(A, 'trades', ids.map(sampleTrade), [{ low: null, high: ids[n - 1]! }]);
    await store.save(B, 'trades', [sampleTrade(2), sampleTrade(5)], [{ low: null, high: 5 }]);
    const got = await loadCachedHistory(db!, A, 'trades');
    expect(got.rows.map((r) => r.id)).toEqual(ids);
    expect(got.ranges).toEqual([{ low: null, high: ids[n - 1] }]);
    const exact = idbHistoryStore(db);
    await exact.save(B, 'funding', Array.from({ length: READ_BATCH }, (_, i) => sampleFunding(i + 1)), [{ low: null, high: READ_BATCH }]);
    expect((await loadCachedHistory(db!, B, 'funding')).rows).toHaveLength(READ_BATCH);
  });

  it('keeps the union of what two tabs say they hold', async () => {
    db = await freshDb();
    const store = idbHistoryStore(db);
    await store.save(A, 'funding', [sampleFunding(10)], [{ low: 10, high: 20 }]);
    await store.save(A, 'funding', [sampleFunding(5)], [{ low: null, high: 6 }]);
    expect(await store.ranges(A, 'funding')).toEqual([
      { low: 10, high: 20 },
      { low: null, high: 6 },
    ]);
  });

  it('keeps accounts, services and kinds apart', async () => {
    db = await freshDb();
    const store = idbHistoryStore(db);
    const otherService = historyKey('https://mainnet', 'bsc_0xaaa');
    await store.save(A, 'trades', [sampleTrade(1)], [{ low: null, high: 1 }]);
    await store.save(B, 'trades', [sampleTrade(2)], [{ low: null, high: 2 }]);
    await store.save(A, 'funding', [sampleFunding(7)], [{ low: null, high: 7 }]);
    expect((await loadCachedHistory(db!, A, 'trades')).rows.map((r) => r.id)).toEqual([1]);
    expect((await loadCachedHistory(db!, B, 'trades')).rows.map((r) => r.id)).toEqual([2]);
    expect((await loadCachedHistory(db!, A, 'funding')).rows.map((r) => r.id)).toEqual([7]);
    expect(await loadCachedHistory(db!, otherService, 'trades')).toEqual({ rows: [], ranges: [] });
  });

  it('survives a reopen (a reload)', async () => {
    db = await freshDb();
    await idbHistoryStore(db).save(A, 'trades', [sampleTrade(4)], [{ low: null, high: 4 }]);
    db.close();
    db = await openHistoryDb();
    expect((await loadCachedHistory(db, A, 'trades')).rows).toEqual([sampleTrade(4)]);
  });

  it('ignores old or damaged records, and then claims nothing so the walk fetches again', async () => {
    db = await freshDb();
    const store = idbHistoryStore(db);
    await store.save(A, 'trades', [sampleTrade(1), sampleTrade(2)], [{ low: null, high: 2 }]);
    const tx = db.transaction(['trades', 'meta'], 'readwrite');
    tx.objectStore('trades').put({ k: A, id: 3, v: RECORD_VERSION - 1, row: sampleTrade(3) });
    tx.objectStore('trades').put({ k: A, id: 4, v: RECORD_VERSION, row: { ...sampleTrade(4), pnl: 12 } });
    tx.objectStore('meta').put({ k: B, kind: 'trades', v: RECORD_VERSION, ranges: 'everything' });
    await new Promise((r) => (tx.oncomplete = r));
    const got = await loadCachedHistory(db!, A, 'trades');
    expect(got.rows.map((r) => r.id)).toEqual([1, 2]);
    expect(got.ranges).toEqual([]);
    expect((await loadCachedHistory(db!, B, 'trades')).ranges).toEqual([]);
  });

  it('tells what it holds without reading a row: the count and the ranges', async () => {
    db = await freshDb();
    const store = idbHistoryStore(db);
    await store.save(A, 'trades', [1, 2, 3].map(sampleTrade), [{ low: null, high: 3 }]);
    await store.save(B, 'trades', [sampleTrade(9)], [{ low: null, high: 9 }]);
    expect(await store.held(A, 'trades')).toEqual({ count: 3, ranges: [{ low: null, high: 3 }] });
    expect(await store.held(A, 'funding')).toEqual({ count: 0, ranges: [] });
  });

  it('its reader (the portfolio worker) reads only ids above or below those it read; damaged records are reported and removable', async () => {
    db = await freshDb();
    const store = idbHistoryStore(db);
    await store.save(A, 'trades', [1, 2, 3, 4, 5, 6].map(sampleTrade), [{ low: null, high: 6 }]);
    expect((await readCachedRows(db, A, 'trades', { above: 4 })).rows.map((r) => r.id)).toEqual([5, 6]);
    expect((await readCachedRows(db, A, 'trades', { below: 3 })).rows.map((r) => r.id)).toEqual([1, 2]);
    const tx = db.transaction('trades', 'readwrite');
    tx.objectStore('trades').put({ k: A, id: 7, v: RECORD_VERSION, row: { ...sampleTrade(7), qty: 1 } });
    await new Promise((r) => (tx.oncomplete = r));
    const read = await readCachedRows(db, A, 'trades');
    expect([read.rows.length, read.records, read.damaged, read.low, read.high]).toEqual([6, 7, [7], 1, 7]);
    await dropDamaged(db, A, 'trades', read.damaged);
    expect(await countCachedRows(db, A, 'trades')).toBe(6);
    expect(await store.ranges(A, 'trades')).toEqual([]); // nothing claimed: the walk fetches again
  });

  it('reads the count and the records above and below those read in one go, a small batch at a time', async () => {
    db = await freshDb();
    const store = idbHistoryStore(db);
    await store.save(A, 'trades', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(sampleTrade), [{ low: null, high: 10 }]);
    await store.save(B, 'trades', [sampleTrade(11)], [{ low: null, high: 11 }]);
    const changes = await readCachedChanges(db, A, 'trades', 4, 6, 2);
    expect(changes.count).toBe(10);
    expect(changes.above.rows.map((r) => r.id)).toEqual([7, 8, 9, 10]);
    expect(changes.below.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect([changes.above.records, changes.below.records]).toEqual([4, 3]);
  });

  it('rejects where there is no IndexedDB (the sync then works from memory)', async () => {
    const refusing = {
      open: () => {
        throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
      },
    } as unknown as IDBFactory;
    await expect(openHistoryDb(refusing)).rejects.toThrow(/mutation/);
  });
});
