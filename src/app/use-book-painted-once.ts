import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../api/query-keys';

/**
 * How long the panels wait for the book at most: a book comes within a few hundred ms of a live
 * exchange, so past this it is not coming soon (the exchange is down or hung from page load) and the
 * order form and the account tabs load anyway — they say for themselves what they cannot reach.
 */
export const BOOK_WAIT_MS = 2_000;

/**
 * True once the symbol's order book has data and the frame showing it has painted, or BOOK_WAIT_MS
 * after mount without one (it stays true). The chart's code waits for it, so the first paint of the
 * book does not share the network and the main thread with the chart library.
 */
export function useBookPaintedOnce(symbol: string): boolean {
  const qc = useQueryClient();
  const [ready, setReady] = useState(() => qc.getQueryData(queryKeys.market.depth(symbol)) !== undefined);
  useEffect(() => {
    if (ready) return;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (frame !== 0 || qc.getQueryData(queryKeys.market.depth(symbol)) === undefined) return;
      // The frame after the rows render has painted once this timeout runs.
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setReady(true), 0);
      });
    };
    check();
    const unsubscribe = qc.getQueryCache().subscribe(check);
    const giveUp = setTimeout(() => setReady(true), BOOK_WAIT_MS);
    return () => {
      clearTimeout(giveUp);
      unsubscribe();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [qc, ready, symbol]);
  return ready;
}
