import { addRange, isRangeList, type IdRange } from './id-ranges';
import type { HistoryKind, HistoryRow } from './history-kinds';
import { RowsById } from './rows-by-id';

/** What the cache holds of one account's history of one kind, without reading the rows. */
export interface HeldHistory {
  ranges: IdRange[];
  /** Rows stored (a cheap count: the rows themselves stay in storage, read by the portfolio worker). */
  count: number;
}

/**
 * Persistence of the walks: rows by id (writing one twice keeps one) and the ranges held. The page
 * never reads the rows back: 100,000 of them held on the page cost it long tasks (reading, garbage
 * collecting, sending them to the worker); the portfolio worker reads them (idb-history-read.ts).
 */
export interface HistoryStore {
  readonly persistent: boolean;
  held(key: string, kind: HistoryKind): Promise<HeldHistory>;
  /** Only the ranges held (cheap): to tell whether another tab added to the cache. */
  ranges(key: string, kind: HistoryKind): Promise<IdRange[]>;
  /** Rows and what is held, in one step; the stored ranges become the union (another tab's walk included). */
  save(key: string, kind: HistoryKind, rows: readonly HistoryRow[], ranges: readonly IdRange[]): Promise<void>;
}

/** A store in this tab's memory: its rows are read from it (there is nowhere else to read them from). */
export interface MemoryHistoryStore extends HistoryStore {
  /** The rows held, oldest first, each id once (a new array after each save). */
  rows(key: string, kind: HistoryKind): readonly HistoryRow[];
}

/** The cache's key of an account on one service: the same wallet on devnet and mainnet is two accounts. */
export const historyKey = (baseUrl: string, account: string) => `${baseUrl}|${account}`;

/** Ranges read from a meta record, or none when it is missing, old or damaged (the walk refetches). */
export function rangesOf(meta: unknown, version: number): IdRange[] {
  if (typeof meta !== 'object' || meta === null) return [];
  const m = meta as { v?: unknown; ranges?: unknown };
  return m.v === version && isRangeList(m.ranges) ? m.ranges : [];
}

/** Nothing kept beyond the tab: where IndexedDB is missing or refused (private mode, quota). */
export function memoryHistoryStore(): MemoryHistoryStore {
  const rows = new Map<string, RowsById<HistoryRow>>();
  const ranges = new Map<string, IdRange[]>();
  return {
    persistent: false,
    held: (key, kind) => {
      const k = `${kind}|${key}`;
      return Promise.resolve({ ranges: ranges.get(k) ?? [], count: rows.get(k)?.size ?? 0 });
    },
    rows: (key, kind) => rows.get(`${kind}|${key}`)?.rows ?? [],
    ranges: (key, kind) => Promise.resolve(ranges.get(`${kind}|${key}`) ?? []),
    save: (key, kind, add, r) => {
      const k = `${kind}|${key}`;
      let m = rows.get(k);
      if (!m) rows.set(k, (m = new RowsById()));
      m.add(add);
      ranges.set(k, r.reduce(addRange, ranges.get(k) ?? []));
      return Promise.resolve();
    },
  };
}
