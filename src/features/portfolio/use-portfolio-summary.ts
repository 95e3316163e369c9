import { startTransition, useEffect, useRef, useState } from 'react';
import type { PortfolioInput } from '../../lib/portfolio/portfolio-input';
import type { PortfolioSummary } from '../../lib/portfolio/portfolio-summary';
import { portfolioWorkerClient, type PortfolioJob, type PortfolioWorkerClient } from './portfolio-worker-client';

/** While the history is still arriving, the figures are recomputed at most this often. */
export const RECOMPUTE_WHILE_LOADING_MS = 1_000;

export interface SummaryState {
  summary: PortfolioSummary | null;
  /** The input `summary` was computed from (the page keeps figures only of its whole history). */
  of: PortfolioInput | null;
  /** A newer input is being computed (the figures shown are of the one before). */
  computing: boolean;
  failed: boolean;
}

/**
 * The figures of `input`, computed in the portfolio worker so the page never stalls on a long
 * history. A newer input makes the answer for an older one stale (dropped). `settled` false (the
 * history still arriving): at most one computation a second, the last input always computed.
 */
export function usePortfolioSummary(input: PortfolioJob | null, settled: boolean, cacheKey?: string): SummaryState & { client: PortfolioWorkerClient } {
  // The worker starts on the first request; a remount (StrictMode) starts a fresh one.
  const [client] = useState<PortfolioWorkerClient>(() => portfolioWorkerClient());
  const [state, setState] = useState<SummaryState>({ summary: null, of: null, computing: false, failed: false });
  const lastSent = useRef(0);

  useEffect(() => {
    client.warm();
    if (cacheKey !== undefined) client.prefetch(cacheKey);
    return () => client.dispose();
  }, [client, cacheKey]);

  useEffect(() => {
    if (!input) return;
    let live = true;
    const run = () => {
      lastSent.current = Date.now();
      setState((s) => ({ ...s, computing: true }));
      void client.summarize(input).then((answer) => {
        if (!live || answer.status === 'stale') return;
        // A transition: the new figures render in slices that yield to the browser (never one long task).
        if (answer.status === 'done') startTransition(() => setState({ summary: answer.value, of: input, computing: false, failed: false }));
        else {
          console.error('portfolio figures failed', answer.code, answer.detail);
          setState((s) => ({ ...s, computing: false, failed: true }));
        }
      });
    };
    const wait = settled ? 0 : Math.max(0, lastSent.current + RECOMPUTE_WHILE_LOADING_MS - Date.now());
    const timer = setTimeout(run, wait);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, input, settled]);

  return { ...state, client };
}
