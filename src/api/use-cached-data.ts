import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';

/**
 * Hands a cached query's data to `draw` now and at every change, from the cache's own notice (in
 * the task that wrote it), never through a React render. For rows written by hand under a feed that
 * changes them every frame (the order book, the trades tape): a render per frame cost the page more
 * than the rows' own writes. `draw` must be stable (useCallback): a new one redraws.
 */
export function useCachedData<T>(queryKey: QueryKey, draw: (data: T | undefined) => void): void {
  const qc = useQueryClient();
  const hash = hashKey(queryKey);
  useLayoutEffect(() => {
    const query = qc.getQueryCache().get<unknown, Error, T>(hash);
    let drawn = query?.state.data;
    draw(drawn);
    return qc.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== hash) return;
      const data = event.query.state.data as T | undefined;
      // Fetch-status changes notify too: only new data is drawn.
      if (data === drawn) return;
      drawn = data;
      draw(data);
    });
  }, [qc, hash, draw]);
}
