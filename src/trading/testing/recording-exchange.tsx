import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { afterEach } from 'vitest';
import type { ApiClient } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ApiProvider } from '../../api/react';
import type { ServiceConfig } from '../../api/service-config';
import { localExchangeEachFile, type ExchangeRequest } from './local-exchange';

export interface RecordingExchange {
  /** The POSTs of the test so far: path and JSON body, in order. */
  readonly received: { path: string; body: Record<string, unknown> }[];
  readonly api: () => ApiClient;
  readonly config: () => ServiceConfig;
  /** `ui` inside a fresh query cache (no retries, nothing stale) holding `symbolInfo`, talking to this exchange. */
  readonly providers: (ui: ReactNode, symbolInfo: unknown) => ReactElement;
}

/**
 * An exchange over real HTTP for component tests: it answers every request with success and records
 * each POST, save the reads `reads` answers (status and JSON body; undefined: not one of them).
 * Registers the hooks: the server, and a client signing with a fresh session key, once for the file;
 * `received` emptied after each test.
 */
export function recordingExchangeEachFile(reads?: (req: ExchangeRequest) => { status: number; body: unknown } | undefined): RecordingExchange {
  const received: RecordingExchange['received'] = [];
  const exchange = localExchangeEachFile((req, reply) => {
    const read = reads?.(req);
    if (read) return reply.send(read.status, read.body);
    if (req.method === 'POST') received.push({ path: req.path, body: JSON.parse(req.text) as Record<string, unknown> });
    reply.send(200, { code: 0, message: 'success', request_id: `r${received.length}` });
  });
  afterEach(() => {
    received.length = 0;
  });
  const providers = (ui: ReactNode, symbolInfo: unknown) => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
    qc.setQueryData(queryKeys.market.symbolInfo(), symbolInfo);
    return (
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={qc}>
          <ApiProvider client={exchange.api} config={exchange.config}>
            {ui}
          </ApiProvider>
        </QueryClientProvider>
      </I18nProvider>
    );
  };
  return { received, api: () => exchange.api, config: () => exchange.config, providers };
}
