import { useCallback, useSyncExternalStore } from 'react';
import { useApi, useMarketStream } from '../react';
import type { HistoryKind } from './history-kinds';
import type { AccountHistoryState } from './history-state';
import { holdAccountHistory, peekAccountHistory } from './history-registry';

/** A burst of fills (a market order sweeping levels) is one walk of what is new, this long after the last. */
export const NEW_FILL_DEBOUNCE_MS = 1_000;
/**
 * Funding is paid at interval boundaries with no news on the stream: while the history is shown,
 * the newest page of each is asked for this often (2 requests a minute, nothing against ≈ 22/s).
 */
export const QUIET_REFRESH_MS = 60_000;

export type AccountHistory = AccountHistoryState & {
  retry: () => void;
  /** The cache's rows of `kind` were found damaged by their reader (and removed): fetch them again. */
  refetch: (kind: HistoryKind) => void;
};

const IDLE: AccountHistoryState = {
  status: 'idle',
  progress: { trades: 0, funding: 0, pages: 0, fromCache: 0, tradesTotal: null },
  storage: 'persistent',
  cacheRead: false,
  revision: 0,
  memory: null,
};

/**
 * The account's whole trade and funding history — how much is held and where (the rows themselves
 * are in the cache, read by the portfolio worker) — from the cache at once, then fetched page by page
 * under the rate limits, then kept current as fills arrive on the account stream. `account`
 * undefined (signed out): idle and empty.
 */
export function useAccountHistory(account: string | undefined): AccountHistory {
  const api = useApi();
  const market = useMarketStream();

  // Subscribing holds the account's sync (starting its walk); unsubscribing lets it go.
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (account === undefined) return () => undefined;
      const held = holdAccountHistory(api, account);
      const offState = held.sync.subscribe(onChange);
      let timer: ReturnType<typeof setTimeout> | null = null;
      const soon = () => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void held.sync.refresh(), NEW_FILL_DEBOUNCE_MS);
      };
      // A fill, or a reconnect (fills may have happened while the stream was down): fetch what is new.
      const offs = market ? [market.onUser('trade', soon), market.onReconnected(soon)] : [];
      const quiet = setInterval(() => void held.sync.refresh(), QUIET_REFRESH_MS);
      return () => {
        if (timer) clearTimeout(timer);
        clearInterval(quiet);
        for (const off of offs) off();
        offState();
        held.release();
      };
    },
    [api, market, account],
  );
  const state = useSyncExternalStore(subscribe, () => (account === undefined ? IDLE : (peekAccountHistory(api, account)?.state ?? IDLE)));
  const retry = useCallback(() => {
    if (account !== undefined) void peekAccountHistory(api, account)?.retry();
  }, [api, account]);
  const refetch = useCallback(
    (kind: HistoryKind) => {
      if (account !== undefined) void peekAccountHistory(api, account)?.refetch(kind);
    },
    [api, account],
  );
  return { ...state, retry, refetch };
}
