import type { FundingTransaction, Trade } from '../schemas';
import type { HistoryKind, HistoryRow } from './history-kinds';
import { memoryHistoryStore, type HistoryStore, type MemoryHistoryStore } from './history-store';
import { addRange, rangeHolding, type IdRange } from './id-ranges';

/** Rows kept only in this tab's memory (the cache refused them): the portfolio worker is sent them. */
export interface MemoryRows {
  trades: readonly Trade[];
  funding: readonly FundingTransaction[];
}

/**
 * What one account's sync holds, without holding the rows: the id ranges and row counts of each
 * history, and where the rows are — the cache (IndexedDB, read by the portfolio worker) or, where the
 * cache is refused or fails, this tab's memory. `revision` changes whenever the rows held change.
 */
export class HistoryHoldings {
  readonly ranges: Record<HistoryKind, IdRange[]> = { trades: [], funding: [] };
  readonly counts: Record<HistoryKind, number> = { trades: 0, funding: 0 };
  revision = 0;
  storage: 'persistent' | 'memory' = 'persistent';
  private store: HistoryStore | null = null;
  /** Where rows go once the cache failed (rows saved before stay in the cache). */
  private memory: MemoryHistoryStore | null = null;

  constructor(
    private readonly key: string,
    private readonly openStore: () => Promise<HistoryStore>,
  ) {}

  get persistent(): boolean {
    return this.memory === null && this.store?.persistent === true;
  }

  /** Opens the cache; where it is refused, memory. */
  async open(): Promise<void> {
    try {
      const store = await this.openStore();
      if (store.persistent) this.store = store;
      else this.useMemory(store as MemoryHistoryStore);
    } catch {
      this.useMemory();
    }
  }

  private useMemory(store: MemoryHistoryStore = memoryHistoryStore()): void {
    this.memory ??= store;
    this.storage = 'memory';
  }

  private memo: { revision: number; rows: MemoryRows } | null = null;

  /** The rows in memory, if any are (none while the cache holds everything); the same object until they change. */
  memoryRows(): MemoryRows | null {
    const m = this.memory;
    if (m === null) return null;
    if (this.memo?.revision !== this.revision) {
      this.memo = { revision: this.revision, rows: { trades: m.rows(this.key, 'trades') as Trade[], funding: m.rows(this.key, 'funding') as FundingTransaction[] } };
    }
    return this.memo.rows;
  }

  /** Takes in what the cache holds (ranges and counts; at start, and when another tab says it wrote). */
  async reload(): Promise<void> {
    const store = this.store;
    if (!store || this.memory !== null) return;
    try {
      for (const kind of ['trades', 'funding'] as const) {
        const held = await store.held(this.key, kind);
        this.ranges[kind] = held.ranges.reduce(addRange, this.ranges[kind]);
        this.counts[kind] = Math.max(this.counts[kind], held.count);
      }
      this.revision++;
    } catch {
      this.useMemory();
    }
  }

  /** True when the cache claims more than this tab knows of (another tab walked). */
  async cacheHasMore(): Promise<boolean> {
    const store = this.store;
    if (!store || this.memory !== null) return false;
    try {
      for (const kind of ['trades', 'funding'] as const) {
        const theirs = await store.ranges(this.key, kind);
        const mine = this.ranges[kind];
        if (JSON.stringify(theirs.reduce(addRange, mine)) !== JSON.stringify(mine)) return true;
      }
    } catch {
      return true; // reload() falls back to memory if the cache cannot be read
    }
    return false;
  }

  /** The cache's rows of `kind` cannot be trusted (the worker found damaged records): fetch them all again. */
  distrust(kind: HistoryKind): void {
    this.ranges[kind] = [];
    this.counts[kind] = 0;
  }

  /** A page fetched: counted (rows not held before), kept (cache, else memory), and the ranges it proved. */
  async add(kind: HistoryKind, rows: readonly HistoryRow[], ranges: IdRange[]): Promise<void> {
    const before = this.ranges[kind];
    let fresh = 0;
    for (const r of rows) if (rangeHolding(before, r.id) === undefined) fresh++;
    this.counts[kind] += fresh;
    this.ranges[kind] = ranges;
    if (this.store && this.memory === null) {
      try {
        await this.store.save(this.key, kind, rows, ranges);
      } catch {
        // Quota or a revoked database mid-walk: the rows so far stay in the cache, the rest in memory.
        this.useMemory();
      }
    }
    if (this.memory !== null) await this.memory.save(this.key, kind, rows, ranges);
    this.revision++;
  }
}
