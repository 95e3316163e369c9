import { addRange, type IdRange } from './id-ranges';
import type { HistoryKind, HistoryRow } from './history-kinds';
import { rangesOf, type HistoryStore } from './history-store';

export const HISTORY_DB = 'account-history';
const DB_VERSION = 1;
/** Records written under another version are ignored (and rewritten by the next walk). */
export const RECORD_VERSION = 1;
export const META = 'meta';

export interface RowRecord {
  k: string;
  id: number;
  v: number;
  row: HistoryRow;
}
export interface MetaRecord {
  k: string;
  kind: HistoryKind;
  v: number;
  ranges: IdRange[];
}

export const done = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
export const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

/** One account's rows of one kind: keys [account key, id], so a key range reads them in id order. */
export const accountRows = (key: string) => IDBKeyRange.bound([key, -Infinity], [key, Infinity]);

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
    async held(key, kind) {
      const tx = db.transaction([kind, META], 'readonly');
      // A count, not the rows: the page holds none (the portfolio worker reads them, idb-history-read.ts).
      const [count, meta] = await Promise.all([done(tx.objectStore(kind).count(accountRows(key))), done(tx.objectStore(META).get([key, kind]) as IDBRequest<unknown>)]);
      return { count, ranges: rangesOf(meta, RECORD_VERSION) };
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
