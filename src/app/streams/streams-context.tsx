import { useQueryClient, type Query, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { queryKeys } from '../../api/query-keys';
import { StreamsScope } from '../../api/react';
import type { AppStreams } from '../../api/stream/app-streams';
import { actingAccount, isSessionLive, useSessionStore } from '../../wallet/session-store';
import { appStreams } from './app-streams';
import { useUserFeed } from './use-user-feed';

/**
 * Mounts the app's streams: authenticates them with the session token (and the selected vault),
 * feeds the account's channels into the query cache, and reconciles over HTTP after a reconnect.
 */
export function StreamsProvider({ children, streams = appStreams() }: { children: ReactNode; streams?: AppStreams }) {
  const qc = useQueryClient();
  const session = useSessionStore((s) => s.session);
  const vault = useSessionStore((s) => s.vault);

  useEffect(() => {
    const auth = isSessionLive(session) ? { token: session.token, ...(vault ? { impersonate: vault } : {}) } : null;
    streams.market.authenticate(auth);
    streams.order.authenticate(auth);
    if (!auth || !session) return;
    // An expired token is not sent again after a reconnect: the streams forget it when it expires,
    // and the session guard asks the trader to sign in.
    const forget = setTimeout(() => {
      streams.market.authenticate(null);
      streams.order.authenticate(null);
    }, Math.min(session.expiresAt - Date.now(), 2 ** 31 - 1));
    return () => clearTimeout(forget);
  }, [streams, session, vault]);

  useEffect(
    () =>
      streams.onReconnected((kind) => {
        // What we missed while away, or before the first subscription: everything but candles (the
        // chart reloads its own tail).
        const account = actingAccount(useSessionStore.getState());
        const missed = [
          { queryKey: queryKeys.market.all, predicate: (q: Query) => q.queryKey[1] !== 'klines' },
          ...(account ? [{ queryKey: queryKeys.user.all(account) }] : []),
        ];
        if (kind === 'first') readBackAfterFirstLoads(qc, missed);
        else readBack(qc, missed);
      }),
    [streams, qc],
  );

  useUserFeed(streams.market);

  return <StreamsScope streams={streams}>{children}</StreamsScope>;
}

/**
 * Asks again for what the app holds: a new request for each, even where one is on its way. A query
 * with data is restarted by the invalidation itself; one still on its first load would only be joined,
 * and pushes kept for that request (live-writes.ts) would be replayed onto an answer that may be newer
 * than pushes lost with the socket (an order shown open again, its fill never heard of). So that
 * request is cancelled first.
 */
function readBack(qc: QueryClient, filters: QueryFilters[]): void {
  const firstLoad = (q: Query) => q.state.data === undefined && q.state.fetchStatus !== 'idle';
  // The cancel takes effect at once (its promise only says when), so the invalidation asks anew.
  for (const f of filters) void qc.cancelQueries({ ...f, predicate: (q) => firstLoad(q) && (f.predicate?.(q) ?? true) });
  for (const f of filters) void qc.invalidateQueries(f);
}

/**
 * After the first connection's subscription: an answer that landed before it may have missed a change
 * made since, so it is asked again; one still on its way is left to land (no push was lost: pushes
 * since the subscription are replayed onto it, live-writes.ts) and asked again once it has, as its
 * answer may predate the subscription too. A request that failed has no answer to bring up to date:
 * it stays as it is (its error shown, its own retries).
 */
function readBackAfterFirstLoads(qc: QueryClient, filters: QueryFilters[]): void {
  const cache = qc.getQueryCache();
  const onTheirWay = new Set<Query>();
  for (const f of filters) {
    for (const q of cache.findAll(f)) if (q.state.fetchStatus !== 'idle') onTheirWay.add(q);
    void qc.invalidateQueries({ ...f, predicate: (q) => q.state.status === 'success' && !onTheirWay.has(q) && (f.predicate?.(q) ?? true) });
  }
  if (onTheirWay.size === 0) return;
  const stop = cache.subscribe((e) => {
    if (!onTheirWay.has(e.query)) return;
    if (e.type === 'removed') onTheirWay.delete(e.query);
    else if (e.query.state.fetchStatus === 'idle') {
      onTheirWay.delete(e.query);
      // In a later task: the cache's other listeners hear of this answer first, among them the one
      // that replays the pushes kept for it (live-writes.ts), which a new fetch would discard.
      const key = e.query.queryKey;
      if (e.query.state.status === 'success') setTimeout(() => void qc.invalidateQueries({ queryKey: key, exact: true }), 0);
    }
    if (onTheirWay.size === 0) stop();
  });
}
