import { isApiError } from '../errors';
import type { MemoryRows } from './history-holdings';
import { NotPagingError } from './history-walk';

export type HistoryStatus = 'idle' | 'loading' | 'complete' | 'failed';
/**
 * Codes only (words are the page's): `storage-unavailable` the cache could not be used, the history
 * lives in memory for this visit; `rate-limited` / `no-answer` waiting (while loading) or given up
 * (failed); `signed-out` 401; `not-paging` the service ignored last_id; `service-error` any other refusal.
 */
export type HistoryProblem = 'storage-unavailable' | 'rate-limited' | 'no-answer' | 'signed-out' | 'not-paging' | 'service-error';

export interface HistoryProgress {
  /** Trade / funding rows held now (cache and fetched). */
  trades: number;
  funding: number;
  /** Requests answered in this visit. */
  pages: number;
  /** Rows the cache gave at the start of this visit. */
  fromCache: number;
  /** query_trades' `total` of the last walk (for "n of total"); funding has none. */
  tradesTotal: number | null;
}

export interface AccountHistoryState {
  status: HistoryStatus;
  progress: HistoryProgress;
  problem?: HistoryProblem;
  /** Where the rows are kept: IndexedDB, or this tab's memory only. */
  storage: 'persistent' | 'memory';
  /**
   * The cache has been read (or could not be): the rows are at least what this browser held. Before
   * that they are none, which says nothing about the account (the page waits rather than show zeros).
   */
  cacheRead: boolean;
  /**
   * Changes whenever the rows held change. The rows are not here: they are in the cache, where the
   * portfolio worker reads them (idb-history-read.ts), so the page never holds 100,000 of them.
   */
  revision: number;
  /** Rows only this tab's memory holds (the cache refused or failed): null while the cache holds every row. */
  memory: MemoryRows | null;
}

/** A failure's code for the page. */
export function problemOf(e: unknown): HistoryProblem {
  if (e instanceof NotPagingError) return 'not-paging';
  if (!isApiError(e)) return 'service-error';
  if (e.isUnauthorized) return 'signed-out';
  if (e.isRateLimited) return 'rate-limited';
  if (e.kind === 'network' || e.kind === 'timeout' || (e.kind === 'http' && e.status >= 500)) return 'no-answer';
  return 'service-error';
}
