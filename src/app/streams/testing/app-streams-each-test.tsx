// The app's stream wiring as it runs in the page (streams-context.tsx: both streams, the user feed,
// the cache writers), mounted in jsdom over sockets the test drives: what streams-context.test.tsx and
// missed-fills.test.tsx share. Only tests import this file. It cannot import src/testing (lint layers:
// only *.test files may), so each test hands in its socket (src/testing/fake-socket.ts).
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';
import { createAppStreams, type AppStreams } from '../../../api/stream/app-streams';
import type { StreamSocket } from '../../../api/stream/socket';
import { useSessionStore } from '../../../wallet/session-store';
import { StreamsProvider } from '../streams-context';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface MountedStreams<S> {
  readonly streams: AppStreams;
  /** This test's query cache, the one the streams write into. */
  readonly qc: QueryClient;
  readonly container: HTMLDivElement;
  /** The newest socket on the URL ending with `path`: '/ws-stream/v1' (market, account pushes) or '/ws-api/v1' (orders). A reconnect makes a new one. */
  latest(path: string): S;
}

/**
 * Registers the hooks: for every test, fresh streams over the test's sockets and a fresh query cache,
 * with `ui` rendered inside them (sockets not yet open, signed out); after it, all unmounted, the
 * streams closed and the session cleared.
 */
export function appStreamsEachTest<S extends StreamSocket & { readonly url: string }>(a: { createSocket: (url: string) => S; ui?: ReactNode }): MountedStreams<S> {
  let sockets: S[] = [];
  let streams: AppStreams;
  let qc: QueryClient;
  let root: Root;
  let container: HTMLDivElement;
  beforeEach(() => {
    sockets = [];
    streams = createAppStreams({ streamUrl: 'ws://x/ws-stream/v1', orderStreamUrl: 'ws://x/ws-api/v1' }, (url) => {
      const s = a.createSocket(url);
      sockets.push(s);
      return s;
    });
    qc = new QueryClient();
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    act(() =>
      root.render(
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={qc}>
            <StreamsProvider streams={streams}>{a.ui ?? null}</StreamsProvider>
          </QueryClientProvider>
        </I18nProvider>,
      ),
    );
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    streams.close();
    useSessionStore.setState({ session: null, vault: null });
  });
  return {
    get streams() {
      return streams;
    },
    get qc() {
      return qc;
    },
    get container() {
      return container;
    },
    latest: (path) => sockets.filter((s) => s.url.endsWith(path)).at(-1)!,
  };
}
