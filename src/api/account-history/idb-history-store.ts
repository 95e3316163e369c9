import { addRange, type IdRange } from './id-ranges';
import { isCachedRow, type HistoryKind, type HistoryRow } from './history-kinds';
import { rangesOf, type CachedHistory, type HistoryStore } from './history-store';

export const HISTORY_DB = 'account-history';
const DB_VERSION = 1;
/** Records written under another version are ignored (and rewritten by the next walk). */
export const RECORD_VERSION = 1;
const META = 'meta';

interface RowRecord {
  k: string;
  id: number;
  v: number;
  row: HistoryRow;
}
interface MetaRecord {
  k: string;
  kind: HistoryKind;
  v: number;
  ranges: IdRange[];
}

const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

/** One account's rows of one kind: keys [account key, id], so a key range reads them in id order. */
const accountRows = (key: string) => IDBKeyRange.bound([key, -Infinity], [key, Infinity]);

/**
 * Rows read a batch at a time: the browser hands each request's records to the page in one task, and
 * 100,000 at once held the page's main thread ~200 ms (bench figure 8). Each batch is its own task.
 */
export const READ_BATCH = 5_000;

/** One account's records in id order, `READ_BATCH` per request, in one transaction; `take` sees each batch. */
function readInBatches(store: IDBObjectStore, key: string, take: (records: unknown[]) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const next = (range: IDBKeyRange) => {
      const req = store.getAll(range, READ_BATCH);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
      req.onsuccess = () => {
        const records = req.result as { id?: unknown }[];
        take(records);
        const last = records[records.length - 1]?.id;
        // The next request is asked in this callback: the transaction stays active.
        if (records.length < READ_BATCH || typeof last !== 'number') resolve();
        else next(IDBKeyRange.bound([key, last], [key, Infinity], true, false));
      };
    };
    next(accountRows(key));
  });
}

/** Opens the history database; rejects where IndexedDB is missing or refused (the caller falls back to memory). */
export function openHistoryDb(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<IDBDatabase> {
  if (factory === undefined) return Promise.reject(new Error('IndexedDB is not available'));
  let req: IDBOpenDBRequest;
  try {
    req = factory.open(HISTORY_DB, DB_VERSION);
  } catch (e) {
    return Promise.reject(e instanceof Error ? e : new Error(String(e))); // older private modes throw here
  }
  req.onupgradeneeded = () => {
    const db = req.result;
    for (const kind of ['trades', 'funding'] satisfies HistoryKind[]) {
      if (!db.objectStoreNames.contains(kind)) db.createObjectStore(kind, { keyPath: ['k', 'id'] });
    }
    if (!db.objectStoreNames.contains(META)) db.createObjectStore(META, { keyPath: ['k', 'kind'] });
  };
  // Another tab holding an older version open: let it go rather than block this one forever.
  req.onblocked = () => undefined;
  return done(req).then((db) => {
    db.onversionchange = () => db.close();
    return db;
  });
}

/** The cache in IndexedDB. Writes are puts by [account, id]: two tabs writing the same row keep one. */
export function idbHistoryStore(db: IDBDatabase): HistoryStore {
  return {
    persistent: true,
    async load(key, kind): Promise<CachedHistory> {
      const tx = db.transaction([kind, META], 'readonly');
      const meta = done(tx.objectStore(META).get([key, kind]) as IDBRequest<unknown>);
      const rows: HistoryRow[] = [];
      let damaged = false;
      await readInBatches(tx.objectStore(kind), key, (records) => {
        for (const rec of records) {
          const r = rec as Partial<RowRecord>;
          if (r.v === RECORD_VERSION && isCachedRow(kind, r.row, r.id)) rows.push(r.row);
          else damaged = true;
        }
      });
      // A row the ranges claim but that cannot be read would be missing for good: refetch all.
      return { rows, ranges: damaged ? [] : rangesOf(await meta, RECORD_VERSION) };
    },
    async ranges(key, kind) {
      const tx = db.transaction(META, 'readonly');
      return rangesOf(await done(tx.objectStore(META).get([key, kind]) as IDBRequest<unknown>), RECORD_VERSION);
    },
    save(key, kind, add, ranges) {
      const tx = db.transaction([kind, META], 'readwrite');
      const commit = committed(tx);
      const store = tx.objectStore(kind);
      for (const row of add) store.put({ k: key, id: row.id, v: RECORD_VERSION, row } satisfies RowRecord);
      const metaStore = tx.objectStore(META);
      // Read and write the meta in the same transaction (callbacks, not awaits, keep it active).
      const before = metaStore.get([key, kind]);
      before.onsuccess = () => {
        const merged = ranges.reduce(addRange, rangesOf(before.result, RECORD_VERSION));
        metaStore.put({ k: key, kind, v: RECORD_VERSION, ranges: merged } satisfies MetaRecord);
      };
      return commit;
    },
  };
}
