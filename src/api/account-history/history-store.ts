import { addRange, isRangeList, type IdRange } from './id-ranges';
import type { HistoryKind, HistoryRow } from './history-kinds';

/** What the cache holds for one account and one history. */
export interface CachedHistory {
  rows: HistoryRow[];
  ranges: IdRange[];
}

/** Persistence of the walks: rows by id (writing one twice keeps one) and the ranges held. */
export interface HistoryStore {
  readonly persistent: boolean;
  load(key: string, kind: HistoryKind): Promise<CachedHistory>;
  /** Only the ranges held (cheap): to tell whether another tab added to the cache. */
  ranges(key: string, kind: HistoryKind): Promise<IdRange[]>;
  /** Rows and what is held, in one step; the stored ranges become the union (another tab's walk included). */
  save(key: string, kind: HistoryKind, rows: readonly HistoryRow[], ranges: readonly IdRange[]): Promise<void>;
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
export function memoryHistoryStore(): HistoryStore {
  const rows = new Map<string, Map<number, HistoryRow>>();
  const ranges = new Map<string, IdRange[]>();
  return {
    persistent: false,
    load: (key, kind) => {
      const k = `${kind}|${key}`;
      const held = [...(rows.get(k)?.values() ?? [])].sort((a, b) => a.id - b.id);
      return Promise.resolve({ rows: held, ranges: ranges.get(k) ?? [] });
    },
    ranges: (key, kind) => Promise.resolve(ranges.get(`${kind}|${key}`) ?? []),
    save: (key, kind, add, r) => {
      const k = `${kind}|${key}`;
      let m = rows.get(k);
      if (!m) rows.set(k, (m = new Map()));
      for (const row of add) m.set(row.id, row);
      ranges.set(k, r.reduce(addRange, ranges.get(k) ?? []));
      return Promise.resolve();
    },
  };
}
