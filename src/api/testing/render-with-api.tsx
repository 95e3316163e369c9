import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from '../client';
import { ApiProvider, StreamsScope } from '../react';
import type { ServiceConfig } from '../service-config';
import type { AppStreams } from '../stream/app-streams';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const urls = { baseUrl: 'http://x.invalid', authUrl: 'http://x.invalid', bridgeUrl: 'http://x.invalid', geoUrl: 'http://x.invalid' };

export interface RenderedPanel {
  container: HTMLDivElement;
  qc: QueryClient;
  unmount: () => void;
}

/**
 * A panel in jsdom as the app mounts it, over an API client that is offline: what it shows comes
 * from the query cache, which `seed` fills (as the stream or a fetch would). `streams`, when given,
 * are the app's streams (over fake sockets) the panel reads its feed's health from.
 */
export function renderWithApi(ui: ReactNode, seed: (qc: QueryClient) => void, streams?: AppStreams): RenderedPanel {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed(qc);
  const api = createApiClient({ urls, fetch: () => Promise.reject(new Error('offline')) });
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={qc}>
          <ApiProvider client={api} config={urls as unknown as ServiceConfig}>
            {streams ? <StreamsScope streams={streams}>{ui}</StreamsScope> : ui}
          </ApiProvider>
        </QueryClientProvider>
      </I18nProvider>,
    ),
  );
  return {
    container,
    qc,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}
