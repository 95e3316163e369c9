// Reading the history cache's rows back — in the portfolio worker, never on the page (issue 32: the
// page held the ~110,000 rows, and reading, collecting and sending them cost it 30-70 ms tasks).
// The page's sync writes the rows (idb-history-store.ts) and keeps only ranges and counts.
import { isCachedRow, type HistoryKind, type HistoryRow } from './history-kinds';
import { rangesOf } from './history-store';
import type { IdRange } from './id-ranges';
import { accountRows, done, META, RECORD_VERSION, type RowRecord } from './idb-history-store';

/** Rows read a batch at a time (each request one task of the reader's thread). */
export const READ_BATCH = 5_000;

export interface CacheRead {
  /** Valid rows, in id order. */
  rows: HistoryRow[];
  /** Records read (valid or not): what the store's count is checked against. */
  records: number;
  /** Ids of records of an old version or damaged: not shown, and to be fetched again. */
  damaged: number[];
  /** Lowest and highest id of the records read (null: none). */
  low: number | null;
  high: number | null;
}

/** `within`: only ids above `above` and / or below `below` (exclusive); everything when empty. */
export function readCachedRows(db: IDBDatabase, key: string, kind: HistoryKind, within: { above?: number; below?: number } = {}, batch = READ_BATCH): Promise<CacheRead> {
  return readFrom(db.transaction(kind, 'readonly').objectStore(kind), key, kind, within, batch);
}

/** What the cache holds beyond ids `low`..`high` (already read), and its count: `count` and the reads are one snapshot. */
export interface CacheChanges {
  count: number;
  above: CacheRead;
  below: CacheRead;
}

/**
 * The count and the records above `high` and below `low`, in one readonly transaction: all three see
 * the same cache (separate transactions could see another tab's writes land between the count and a
 * read, and rows it filled in between would go unnoticed until the next read).
 */
export function readCachedChanges(db: IDBDatabase, key: string, kind: HistoryKind, low: number, high: number, batch = READ_BATCH): Promise<CacheChanges> {
  const store = db.transaction(kind, 'readonly').objectStore(kind);
  // All three asked now, in this task: the transaction stays active for their follow-up batches.
  return Promise.all([done(store.count(accountRows(key))), readFrom(store, key, kind, { above: high }, batch), readFrom(store, key, kind, { below: low }, batch)])
    .then(([count, above, below]) => ({ count, above, below }));
}

function readFrom(store: IDBObjectStore, key: string, kind: HistoryKind, within: { above?: number; below?: number }, batch: number): Promise<CacheRead> {
  const out: CacheRead = { rows: [], records: 0, damaged: [], low: null, high: null };
  const lower = within.above ?? -Infinity;
  const upper = within.below ?? Infinity;
  if (lower >= upper) return Promise.resolve(out);
  return new Promise<CacheRead>((resolve, reject) => {
    const next = (range: IDBKeyRange) => {
      const req = store.getAll(range, batch);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
      req.onsuccess = () => {
        const records = req.result as Partial<RowRecord>[];
        for (const r of records) {
          out.records++;
          if (typeof r.id === 'number') {
            out.low ??= r.id;
            out.high = r.id;
          }
          if (r.v === RECORD_VERSION && isCachedRow(kind, r.row, r.id)) out.rows.push(r.row);
          else if (typeof r.id === 'number') out.damaged.push(r.id);
        }
        const last = records[records.length - 1]?.id;
        // The next request is asked in this callback: the transaction stays active.
        if (records.length < batch || typeof last !== 'number') resolve(out);
        else next(IDBKeyRange.bound([key, last], [key, upper], true, within.below !== undefined));
      };
    };
    next(within.above === undefined && within.below === undefined ? accountRows(key) : IDBKeyRange.bound([key, lower], [key, upper], within.above !== undefined, within.below !== undefined));
  });
}

/** How many records the cache holds for the account (a key count: no row is read). */
export function countCachedRows(db: IDBDatabase, key: string, kind: HistoryKind): Promise<number> {
  return done(db.transaction(kind, 'readonly').objectStore(kind).count(accountRows(key)));
}

/**
 * Removes damaged records and the kind's claim to hold its rows (the meta's ranges), so the next walk
 * fetches the whole history of that kind again: a row the ranges claim but that cannot be read would
 * otherwise be missing for good.
 */
export function dropDamaged(db: IDBDatabase, key: string, kind: HistoryKind, ids: readonly number[]): Promise<void> {
  const tx = db.transaction([kind, META], 'readwrite');
  for (const id of ids) tx.objectStore(kind).delete([key, id]);
  tx.objectStore(META).delete([key, kind]);
  return new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Every valid row of the account and the ranges claimed ([] when a record is damaged): for tests and tools. */
export async function loadCachedHistory(db: IDBDatabase, key: string, kind: HistoryKind): Promise<{ rows: HistoryRow[]; ranges: IdRange[] }> {
  const read = await readCachedRows(db, key, kind);
  const meta = await done(db.transaction(META, 'readonly').objectStore(META).get([key, kind]) as IDBRequest<unknown>);
  return { rows: read.rows, ranges: read.damaged.length > 0 ? [] : rangesOf(meta, RECORD_VERSION) };
}
