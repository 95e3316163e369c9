import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '../api/errors';
import { ApiProvider } from '../api/react';
import { syncServerClock } from '../api/server-clock';
import { useSessionStore } from '../wallet/session-store';
import { apiClient, serverClock } from './api-client';
import { appConfig } from './config';
import { StreamsProvider } from './streams/streams-context';

// The streams write the cache inside an animation-frame callback; react-query's default setTimeout
// notification would render after that frame painted, one frame late. A microtask renders in it.
notifyManager.setScheduler(queueMicrotask);

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again; network faults and 5xx may.
        retry: (count, error) => count < 3 && !(isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  useEffect(() => {
    void syncServerClock(serverClock, () => apiClient.market.serverTime()).catch(() => undefined);
    void useSessionStore.getState().restore();
  }, []);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={apiClient} config={appConfig}><StreamsProvider>{children}</StreamsProvider></ApiProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
