// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { ApiProvider } from '../api/react';
import type { ServiceConfig } from '../api/service-config';
import { useToasts } from '../stores/toasts';
import { createSessionKey } from '../wallet/session-key';
import { useSessionStore } from '../wallet/session-store';
import { useTransfer, type Transfer } from './transfer-commands';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The exchange's transfer endpoints over real HTTP: accepts, refuses, or drops the connection. */
let answer: 'accept' | 'refuse' | 'drop' = 'accept';
const received: { path: string; body: unknown }[] = [];
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      if (answer === 'drop') return req.socket.destroy();
      received.push({ path: req.url ?? '', body: JSON.parse(text) });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer === 'accept' ? { code: 0, message: 'ok', request_id: 'r' } : { code: 400, message: 'insufficient balance', request_id: 'r' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  received.length = 0;
  useToasts.setState({ toasts: [] });
});

type Handle = ReturnType<typeof useTransfer>;

async function mount(): Promise<{ current: Handle }> {
  const key = await createSessionKey();
  useSessionStore.setState({ session: { chain: 'bsc', address: '0x1111111111111111111111111111111111111111', token: 't', expiresAt: Date.now() + 3_600_000, key }, vault: null });
  const config = { baseUrl: url, authUrl: url, bridgeUrl: url, geoUrl: url, isDevnet: false } as ServiceConfig;
  const api = createApiClient({ urls: config, getCredentials: () => ({ token: 't', signer: key }) });
  const handle = { current: null as unknown as Handle };
  function Probe() {
    handle.current = useTransfer();
    return null;
  }
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  root = createRoot(document.createElement('div'));
  act(() =>
    root!.render(
      <QueryClientProvider client={qc}>
        <ApiProvider client={api} config={config}>
          <Probe />
        </ApiProvider>
      </QueryClientProvider>,
    ),
  );
  return handle;
}

async function send(h: { current: Handle }, t: Transfer) {
  await act(async () => {
    await h.current.mutateAsync(t).catch(() => undefined);
    // react-query tells observers on the next tick.
    await new Promise((r) => setTimeout(r, 10));
  });
}

const toasts = () => useToasts.getState().toasts.map((t) => ({ kind: t.kind, title: t.title }));

describe('moving DUSD between the Cash and Perps Wallets', () => {
  it('sends the exact amount to the right endpoint and says where it went', async () => {
    const h = await mount();
    await send(h, { to: 'perps', amount: '12.5' });
    await send(h, { to: 'spot', amount: '0.000000000000000001' });
    expect(received).toEqual([
      { path: '/api/transfer_to_perps', body: { amount: '12.5', token: 'DUSD' } },
      { path: '/api/transfer_to_spot', body: { amount: '0.000000000000000001', token: 'DUSD' } },
    ]);
    expect(toasts()).toEqual([
      { kind: 'success', title: 'Moved 12.50 DUSD to the Perps Wallet' },
      { kind: 'success', title: 'Moved 0.00 DUSD to the Cash Wallet' },
    ]);
  });

  it('a refusal is left to the form (the mutation’s error), with no toast claiming anything', async () => {
    answer = 'refuse';
    const h = await mount();
    await send(h, { to: 'perps', amount: '5' });
    expect(h.current.error?.message).toMatch(/insufficient balance/);
    expect(toasts()).toEqual([]);
    answer = 'accept';
  });

  it('no answer is not called a refusal: the outcome is unknown', async () => {
    answer = 'drop';
    const h = await mount();
    await send(h, { to: 'spot', amount: '5' });
    expect(toasts()).toEqual([{ kind: 'warn', title: 'No answer from the exchange: the move to the Cash Wallet may or may not have happened' }]);
    answer = 'accept';
  });
});
