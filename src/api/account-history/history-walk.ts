import type { FetchPage } from '../../lib/collect-pages';
import { addRange, rangeHolding, rangeOfPage, reachesBeginning, type IdRange } from './id-ranges';
import { fetchPatiently, type WaitNotice } from './patient-fetch';
import type { Pacer } from './pacer';

export const HISTORY_PAGE_SIZE = 500;

export interface WalkOptions<T> {
  fetchPage: FetchPage<T>;
  idOf: (row: T) => number;
  /** What is already held (from the cache); the walk fetches only what it does not cover. */
  ranges: readonly IdRange[];
  /** Called after every page, before the next request: the rows and what is now held. */
  onPage: (rows: readonly T[], ranges: IdRange[]) => void | Promise<void>;
  pacer: Pacer;
  pageSize?: number;
  /**
   * True where the service honours `limit` up to pageSize (query_trades: max 500), so a short page
   * is the last. Where the maximum is not documented (query_funding_history) only an empty page
   * ends the walk: one request more, never a history cut short by a smaller cap.
   */
  shortPageEnds: boolean;
  signal?: AbortSignal;
  onWait?: (w: WaitNotice) => void;
}

export interface WalkResult {
  ranges: IdRange[];
  pages: number;
  rows: number;
}

export class NotPagingError extends Error {
  constructor(lastId: number | undefined) {
    super(`the service sent rows at or above last_id ${lastId ?? 'none'}: it is not paging`);
    this.name = 'NotPagingError';
  }
}

/**
 * One newest-first walk: from the newest row down, jumping over every range already held, until
 * the ranges reach the account's first row. A later visit therefore asks for the newest page (one
 * request when nothing is new), and an interrupted backfill resumes where it stopped.
 */
export async function walkHistory<T>(o: WalkOptions<T>): Promise<WalkResult> {
  const pageSize = o.pageSize ?? HISTORY_PAGE_SIZE;
  let ranges = [...o.ranges];
  let cursor: number | undefined;
  let pages = 0;
  let rows = 0;
  for (;;) {
    o.signal?.throwIfAborted();
    const lastId = cursor;
    const page = await fetchPatiently(() => o.fetchPage(lastId), { pacer: o.pacer, signal: o.signal, onWait: o.onWait });
    o.signal?.throwIfAborted();
    pages++;
    rows += page.length;
    const ids = page.map(o.idOf);
    if (lastId !== undefined && ids.some((id) => id >= lastId)) throw new NotPagingError(lastId);
    const lastPage = o.shortPageEnds ? page.length < pageSize : page.length === 0;
    const proved = rangeOfPage(lastId, ids, lastPage);
    if (proved) ranges = addRange(ranges, proved);
    await o.onPage(page, ranges);
    if (reachesBeginning(ranges)) return { ranges, pages, rows };
    // Continue below the lowest row held contiguously with what this walk has read.
    const probe = ids.length > 0 ? Math.min(...ids) : (lastId ?? 1) - 1;
    const next = rangeHolding(ranges, probe)?.low;
    if (next === undefined || next === null) return { ranges, pages, rows };
    cursor = next;
  }
}
