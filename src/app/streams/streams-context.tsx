import { useQueryClient } from '@tanstack/react-query';
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
      streams.onReconnected(() => {
        // What we missed while away: everything but candles (the chart reloads its own tail).
        void qc.invalidateQueries({ queryKey: queryKeys.market.all, predicate: (q) => q.queryKey[1] !== 'klines' });
        const account = actingAccount(useSessionStore.getState());
        if (account) void qc.invalidateQueries({ queryKey: queryKeys.user.all(account) });
      }),
    [streams, qc],
  );

  useUserFeed(streams.market);

  return <StreamsScope streams={streams}>{children}</StreamsScope>;
}
