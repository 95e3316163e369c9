// The history as the portfolio worker holds it: read from the cache (IndexedDB) by the worker itself,
// so the rows never cross to the page (issue 32: the page held ~110,000 rows, and reading, collecting
// and sending them held its main thread 30-70 ms at a time), merged with any rows only the page's
// memory holds (the cache refused or failed), each id once, in id order. The figures' core is fed
// what is new: the rows after those it holds, or everything again when rows came in between.
import type { HistoryKind } from '../../api/account-history';
import { dropDamaged, readCachedChanges, readCachedRows, type CacheRead } from '../../api/account-history/idb-history-read';
import { openHistoryDb } from '../../api/account-history/idb-history-store';
import { RowsById } from '../../api/account-history/rows-by-id';
import type { HistoryFunding, HistoryTrade } from '../../lib/portfolio/portfolio-input';
import type { ToPortfolioWorker } from '../../lib/portfolio/worker-protocol';

type HistoryMessage = Extract<ToPortfolioWorker, { kind: 'history' }>;

/** What has been read of one kind from the cache: records counted, and the span of ids read. */
interface CacheSpan {
  records: number;
  low: number | null;
  high: number | null;
}

const KINDS = ['trades', 'funding'] as const;

/** Records a cache read asks for at a time: here, off the page, a batch's task may be long; fewer round trips. */
const WORKER_READ_BATCH = 20_000;

export class WorkerHistory {
  private readonly rows = { trades: new RowsById<HistoryTrade>(), funding: new RowsById<HistoryFunding>() };
  private span: Record<HistoryKind, CacheSpan> = { trades: { records: 0, low: null, high: null }, funding: { records: 0, low: null, high: null } };
  /** How many rows of each the core holds (a prefix of `rows` unless `mixed`). */
  private sent = { trades: 0, funding: 0 };
  /** Rows came in before the last row the core holds: it must be given everything again. */
  private mixed = false;
  private db: Promise<IDBDatabase | null> | null = null;
  private key: string | null = null;

  constructor(private readonly open: () => Promise<IDBDatabase> = () => openHistoryDb()) {}

  /** Rows to hold (from the page's memory, or read from the cache). */
  merge(kind: HistoryKind, rows: readonly (HistoryTrade | HistoryFunding)[]): void {
    if (rows.length === 0) return;
    const held = this.rows[kind] as RowsById<HistoryTrade | HistoryFunding>;
    const n = this.sent[kind];
    const lastSent = n > 0 ? held.rows[n - 1]!.id : null;
    // Held as read (a copy of 110,000 rows with only the fields the figures read would cost more than it saves).
    held.add(rows);
    if (lastSent !== null && held.rows[n - 1]!.id !== lastSent) this.mixed = true;
  }

  /**
   * Reads what the cache holds for `key` beyond what was read: the rows above and below those read
   * (a fill on top, a backfill underneath), and everything again when the count says rows came in
   * between (another tab filled a gap, or the page wrote back rows removed as damaged). Returns the kinds whose damaged records were removed (to be
   * fetched again). A cache that cannot be opened gives nothing (the page's memory rows still count).
   */
  async readCache(key: string): Promise<HistoryKind[]> {
    if (this.key !== key) {
      this.key = key;
      this.span = { trades: { records: 0, low: null, high: null }, funding: { records: 0, low: null, high: null } };
    }
    this.db ??= this.open().catch(() => null);
    const db = await this.db;
    if (db === null) return [];
    const damagedKinds: HistoryKind[] = [];
    for (const kind of KINDS) {
      try {
        const damaged = await this.readKind(db, key, kind);
        if (damaged.length > 0) {
          await dropDamaged(db, key, kind, damaged);
          // Their records are gone: the span no longer holds them. The page fetches them again under
          // the same ids, inside the span, and only the count (back up by as many) shows them.
          this.forget(kind, damaged.length);
          damagedKinds.push(kind);
        }
      } catch {
        // A read or removal that fails (the database closed under a version change): nothing more of
        // this kind now; read it all again next time (damaged records left are found and removed then).
        this.forget(kind, Infinity);
      }
    }
    return damagedKinds;
  }

  /** `n` records counted in the span are gone (Infinity: start the span over). */
  private forget(kind: HistoryKind, n: number): void {
    const span = this.span[kind];
    span.records = Math.max(0, span.records - n);
    if (span.records === 0) Object.assign(span, { low: null, high: null });
  }

  private async readKind(db: IDBDatabase, key: string, kind: HistoryKind): Promise<number[]> {
    const span = this.span[kind];
    let damaged: number[] = [];
    const take = (read: CacheRead) => {
      this.merge(kind, read.rows);
      damaged.push(...read.damaged);
      span.records += read.records;
      if (read.low !== null && (span.low === null || read.low < span.low)) span.low = read.low;
      if (read.high !== null && (span.high === null || read.high > span.high)) span.high = read.high;
    };
    const readAll = async () => {
      // Everything again (the merge keeps each id once); what the partial reads found damaged is found again.
      Object.assign(span, { records: 0, low: null, high: null });
      damaged = [];
      take(await readCachedRows(db, key, kind, {}, WORKER_READ_BATCH));
    };
    if (span.high === null || span.low === null) {
      await readAll();
      return damaged;
    }
    // The count and both reads in one transaction: one snapshot of the cache.
    const changes = await readCachedChanges(db, key, kind, span.low, span.high, WORKER_READ_BATCH);
    take(changes.above);
    take(changes.below);
    // Records between those read (another tab filled a gap; rows fetched again after damage) or gone.
    if (span.records !== changes.count) await readAll();
    return damaged;
  }

  /** What the core lacks, as its history message (null: nothing); the core then holds everything. */
  delta(): HistoryMessage | null {
    const t = this.rows.trades.rows;
    const f = this.rows.funding.rows;
    const reset = this.mixed;
    const from = reset ? { trades: 0, funding: 0 } : this.sent;
    if (!reset && from.trades === t.length && from.funding === f.length) return null;
    this.sent = { trades: t.length, funding: f.length };
    this.mixed = false;
    return { kind: 'history', reset, trades: t.slice(from.trades), funding: f.slice(from.funding) };
  }
}
