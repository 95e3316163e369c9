// The set-up the trade layer's order-path tests share (order-commands.test.ts,
// modify-order-path.test.ts): a local HTTP server playing the exchange, the app's real signed client
// on it with a signed-in session, and the app's real OrderStream over a socket the test drives. Only
// tests import this file. It cannot import src/testing (lint layers: only *.test files may), so each
// test hands in its FakeSocket.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { createApiClient, type ApiClient } from '../../api/client';
import type { ServiceConfig } from '../../api/service-config';
import { OrderStream } from '../../api/stream/order-stream';
import type { StreamSocket } from '../../api/stream/socket';
import { createSessionKey, type SessionKey } from '../../wallet/session-key';
import { useSessionStore } from '../../wallet/session-store';

/** A command the exchange received over HTTP: its path, the `x-session-id` it carried and its body. */
export interface ExchangeCall {
  path: string;
  sessionId: string | undefined;
  body: Record<string, unknown> | undefined;
}

/**
 * How the test's exchange answers a request it should not record (a read such as query_order):
 * status and JSON body; undefined: a command, recorded in `http` and accepted (`request_id` h1, h2, …).
 */
export type ExchangeReads = (url: string) => { status: number; body: unknown } | undefined;

/** The socket the test drives (src/testing/fake-socket.ts), as the fixture uses it. */
export interface DrivenSocket extends StreamSocket {
  open(): void;
  reply(message: unknown): void;
  readonly sent: readonly { method: string; request_id: string }[];
}

export interface OrderExchange<S extends DrivenSocket> {
  readonly api: ApiClient;
  readonly key: SessionKey;
  /** A fresh stream for every test, logged out, its socket not yet open. */
  readonly stream: OrderStream;
  /** The stream's current socket (a reconnect makes a new one). */
  readonly socket: S;
  /** Commands received over HTTP in this test, in order. */
  readonly http: ExchangeCall[];
  /** Opens the socket and logs in, as the app's stream wiring does after sign-in. */
  logIn(): void;
}

/**
 * Registers the hooks: the server and client once for the file, a signed-in session and a fresh
 * order stream for each test (closed after it, with `http` emptied and the session cleared).
 */
export function orderExchangeEachTest<S extends DrivenSocket>(a: { createSocket: () => S; reads?: ExchangeReads }): OrderExchange<S> {
  const http: ExchangeCall[] = [];
  let server: Server;
  let api: ApiClient;
  let key: SessionKey;
  let stream: OrderStream;
  let socket: S;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        const url = req.url ?? '';
        res.setHeader('content-type', 'application/json');
        const read = a.reads?.(url);
        if (read) return res.writeHead(read.status).end(typeof read.body === 'string' ? read.body : JSON.stringify(read.body));
        http.push({ path: url, sessionId: req.headers['x-session-id'] as string | undefined, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined });
        res.writeHead(200).end(JSON.stringify({ code: 0, message: 'success', request_id: `h${http.length}` }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    key = await createSessionKey();
    const urls = { baseUrl: url, authUrl: url, bridgeUrl: url, geoUrl: url, isDevnet: false } as ServiceConfig;
    api = createApiClient({ urls, getCredentials: () => ({ token: 't', signer: key }) });
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  beforeEach(() => {
    useSessionStore.setState({ session: { chain: 'bsc', address: '0xabc', token: 't', expiresAt: Date.now() + 3_600_000, key }, vault: null });
    stream = new OrderStream({ url: 'ws://x/ws-api/v1', createSocket: () => (socket = a.createSocket()) });
  });
  afterEach(() => {
    stream.close();
    http.length = 0;
    useSessionStore.setState({ session: null, vault: null });
  });

  return {
    get api() {
      return api;
    },
    get key() {
      return key;
    },
    get stream() {
      return stream;
    },
    get socket() {
      return socket;
    },
    http,
    logIn() {
      socket.open();
      stream.authenticate({ token: 't' });
      const login = socket.sent.find((m) => m.method === 'auth:login')!;
      socket.reply({ code: 0, message: 'success', request_id: login.request_id });
      expect(stream.isLoggedIn).toBe(true);
    },
  };
}
