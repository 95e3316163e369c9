// A local HTTP server playing the exchange, and the app's real signed client on it: what the trade
// layer's and the app's tests run their commands against (the test says how the exchange answers).
// Only tests import this file. It lives here, not in src/testing, because it builds the api client and
// a session key (lint layers: src/testing may import only lib); app tests may import it too.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createApiClient, type ApiClient } from '../../api/client';
import type { ServiceConfig } from '../../api/service-config';
import { createSessionKey, type SessionKey } from '../../wallet/session-key';

/** A request the exchange received, its body read whole. */
export interface ExchangeRequest {
  method: string;
  /** Path and query string, as sent (e.g. `/api/query_order?cl_ord_id=c1`). */
  url: string;
  /** The path alone. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body as sent ('' for none). */
  text: string;
}

/** How the exchange answers one request; it may answer later (a held reply), or never. */
export interface ExchangeReply {
  /** Answers `status` with `body` as JSON (a string goes as it is: a plain-text body). */
  send(status: number, body: unknown): void;
  /** Cuts the connection without an answer: the client sees a network failure. */
  drop(): void;
}

export interface LocalExchange {
  /** The app's client, signing with `key`, token 't' (read after the file's hooks ran: in a test or a hook). */
  readonly api: ApiClient;
  readonly config: ServiceConfig;
  readonly key: SessionKey;
}

/** Registers the hooks: the server, and a client on it signing with a fresh session key, once for the file. */
export function localExchangeEachFile(answer: (req: ExchangeRequest, reply: ExchangeReply) => void): LocalExchange {
  let server: Server;
  let api: ApiClient;
  let config: ServiceConfig;
  let key: SessionKey;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        const url = req.url ?? '';
        const parsed = new URL(url, 'http://x');
        const reply: ExchangeReply = {
          send: (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body)),
          drop: () => req.socket.destroy(),
        };
        answer({ method: req.method ?? 'GET', url, path: parsed.pathname, query: parsed.searchParams, headers: req.headers, text }, reply);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    key = await createSessionKey();
    config = { baseUrl: url, authUrl: url, bridgeUrl: url, geoUrl: url, isDevnet: false } as ServiceConfig;
    api = createApiClient({ urls: config, getCredentials: () => ({ token: 't', signer: key }) });
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return {
    get api() {
      return api;
    },
    get config() {
      return config;
    },
    get key() {
      return key;
    },
  };
}
