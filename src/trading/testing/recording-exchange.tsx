import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createApiClient, type ApiClient } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ApiProvider } from '../../api/react';
import type { ServiceConfig } from '../../api/service-config';
import { createSessionKey } from '../../wallet/session-key';

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
 * each POST. Registers the hooks: the server, and a client signing with a fresh session key, once for
 * the file; `received` emptied after each test.
 */
export function recordingExchangeEachFile(): RecordingExchange {
  const received: RecordingExchange['received'] = [];
  let server: Server;
  let api: ApiClient;
  let config: ServiceConfig;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0]!;
        if (req.method === 'POST') received.push({ path, body: JSON.parse(text) as Record<string, unknown> });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 0, message: 'success', request_id: `r${received.length}` }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const key = await createSessionKey();
    config = { baseUrl: url, authUrl: url, bridgeUrl: url, geoUrl: url, isDevnet: false } as ServiceConfig;
    api = createApiClient({ urls: config, getCredentials: () => ({ token: 't', signer: key }) });
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  afterEach(() => {
    received.length = 0;
  });
  const providers = (ui: ReactNode, symbolInfo: unknown) => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
    qc.setQueryData(queryKeys.market.symbolInfo(), symbolInfo);
    return (
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={qc}>
          <ApiProvider client={api} config={config}>
            {ui}
          </ApiProvider>
        </QueryClientProvider>
      </I18nProvider>
    );
  };
  return { received, api: () => api, config: () => config, providers };
}
