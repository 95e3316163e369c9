import { startTransition, useEffect, useState } from 'react';
import type { PortfolioSummary } from '../../lib/portfolio/portfolio-summary';
import { keepSummary, readKeptSummary, type KeptSummary } from './kept-summary';

/**
 * The figures kept from the account's last visit: undefined while they are read, then the figures
 * or null. The page reads them before it starts on the history, whose read of 100,000 rows holds
 * the browser's IndexedDB for a while: asked after it, this small read would wait behind it.
 */
export function useKeptSummary(key: string): KeptSummary | null | undefined {
  const [kept, setKept] = useState<{ key: string; value: KeptSummary | null } | null>(null);
  useEffect(() => {
    let live = true;
    void readKeptSummary(key).then((value) => {
      // A transition: React renders the figures, curves and table in slices that yield to the
      // browser, not in one task (issue 32: the main thread is never held over 50 ms).
      if (live) startTransition(() => setKept({ key, value }));
    });
    return () => {
      live = false;
    };
  }, [key]);
  return kept?.key === key ? kept.value : undefined;
}

/** Keeps `whole` — figures of this visit's whole history — for the next visit (null: nothing yet). */
export function useKeepSummary(key: string, whole: PortfolioSummary | null): void {
  useEffect(() => {
    if (whole !== null) void keepSummary(key, whole);
  }, [key, whole]);
}
