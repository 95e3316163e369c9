import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { marketQueries } from './queries';
import { queryKeys } from './query-keys';
import { useApi } from './react';
import type { DepthBook } from './schemas';

/**
 * Under a fast feed the form follows the book at most this often. The book panel draws every
 * snapshot (up to one a frame); the form would re-render with it, and typing would wait behind
 * those renders (bench figure 1: typing under the storm).
 */
export const BOOK_REFRESH_MS = 250;

/**
 * The order book for a panel that follows it slower than the book panel does (the order form, the
 * depth view). As the order form reads it: only while the form uses it (`needed`: a market
 * order's fill estimate, or the margin its fills would take for a signed-in trader), at most one
 * re-render per BOOK_REFRESH_MS for new snapshots. Any render the trader causes (a key, a click)
 * reads the newest snapshot in the cache, so what the form checks is never older than the last
 * thing the trader did or BOOK_REFRESH_MS, whichever is later.
 */
export function useOrderBook(symbol: string, needed: boolean): DepthBook | undefined {
  const api = useApi();
  const qc = useQueryClient();
  // Keeps the book's query mounted (fetched over HTTP, refetched after a reconnect) without a
  // re-render per snapshot: the store below decides when the form hears of a new book.
  useQuery({ ...marketQueries.depth(api, symbol), notifyOnChangeProps: [] });
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!needed) return () => undefined;
      const hash = hashKey(queryKeys.market.depth(symbol));
      let timer: ReturnType<typeof setTimeout> | undefined;
      let last = -Infinity;
      const tell = () => {
        timer = undefined;
        last = performance.now();
        changed();
      };
      const off = qc.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.query.queryHash !== hash || timer !== undefined) return;
        timer = setTimeout(tell, Math.max(0, last + BOOK_REFRESH_MS - performance.now()));
      });
      return () => {
        off();
        clearTimeout(timer);
      };
    },
    [qc, symbol, needed],
  );
  const latest = useLatestOrderBook(symbol, needed);
  return useSyncExternalStore(subscribe, latest, latest);
}

/**
 * The newest book in the cache at the moment of asking. A click re-renders nothing before its
 * handler runs, so the form's rendered book can be up to BOOK_REFRESH_MS old when the trader
 * presses Buy: the send and the size buttons check against this one instead.
 */
export function useLatestOrderBook(symbol: string, needed: boolean): () => DepthBook | undefined {
  const qc = useQueryClient();
  return useCallback(() => (needed ? qc.getQueryData<DepthBook>(queryKeys.market.depth(symbol)) : undefined), [qc, symbol, needed]);
}
