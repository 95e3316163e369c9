// The set-up the trade layer's order-path tests share (order-commands.test.ts,
// modify-order-path.test.ts): a local HTTP server playing the exchange, the app's real signed client
// on it with a signed-in session, and the app's real OrderStream over a socket the test drives. Only
// tests import this file. It cannot import src/testing (lint layers: only *.test files may), so each
// test hands in its FakeSocket.
import { afterEach, beforeEach, expect } from 'vitest';
import type { ApiClient } from '../../api/client';
import { OrderStream } from '../../api/stream/order-stream';
import type { StreamSocket } from '../../api/stream/socket';
import type { SessionKey } from '../../wallet/session-key';
import { useSessionStore } from '../../wallet/session-store';
import { localExchangeEachFile } from './local-exchange';

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
  let stream: OrderStream;
  let socket: S;
  const exchange = localExchangeEachFile(({ url, headers, text }, reply) => {
    const read = a.reads?.(url);
    if (read) return reply.send(read.status, read.body);
    http.push({ path: url, sessionId: headers['x-session-id'] as string | undefined, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined });
    reply.send(200, { code: 0, message: 'success', request_id: `h${http.length}` });
  });

  beforeEach(() => {
    useSessionStore.setState({ session: { chain: 'bsc', address: '0xabc', token: 't', expiresAt: Date.now() + 3_600_000, key: exchange.key }, vault: null });
    stream = new OrderStream({ url: 'ws://x/ws-api/v1', createSocket: () => (socket = a.createSocket()) });
  });
  afterEach(() => {
    stream.close();
    http.length = 0;
    useSessionStore.setState({ session: null, vault: null });
  });

  return {
    get api() {
      return exchange.api;
    },
    get key() {
      return exchange.key;
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
