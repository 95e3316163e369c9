import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../api/query-keys';

/**
 * True once the symbol's order book has data and the frame showing it has painted (it stays true).
 * The chart's code waits for it, so the first paint of the book does not share the network and the
 * main thread with the chart library.
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
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [qc, ready, symbol]);
  return ready;
}
