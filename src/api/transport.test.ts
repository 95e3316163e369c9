import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nacl from 'tweetnacl';
import { sampleBalance } from './__fixtures__/spec-samples';
import { createApiClient } from './client';
import { ApiError, isNoAnswer } from './errors';

/** A real HTTP server that answers like the public service does, good and bad. */
let server: Server;
let url = '';
const seen: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      const path = new URL(req.url!, 'http://x').pathname;
      if (path === '/api/query_balance') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sampleBalance));
      } else if (path === '/api/query_positions') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ id: 1, qty: 0.5 }]));
      } else if (path === '/api/query_depth_book') {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Failed to deserialize query string: missing field `symbol`');
      } else if (path === '/api/new_order') {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 400, message: 'qty below min_order_qty 0.0001', request_id: 'r-9' }));
      } else if (path === '/api/cancel_order') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 404, message: 'order not found', request_id: 'r-10' }));
      } else if (path === '/api/query_order') {
        // a hung service: the connection stays up, nothing ever comes back
      } else if (path === '/api/health') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
      } else {
        res.writeHead(500).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const pair = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(7));
const key = { sign: async (m: Uint8Array) => nacl.sign.detached(m, pair.secretKey) };
function client(vault: string | null = null) {
  return createApiClient({
    urls: { baseUrl: url, authUrl: url, bridgeUrl: url, geoUrl: url },
    getCredentials: () => ({ token: 'tok', signer: key }),
    getImpersonate: () => vault,
    now: () => 1754881200123,
  });
}

describe('transport', () => {
  it('validates a good response and sends the bearer token', async () => {
    const bal = await client().user.queryBalance();
    expect(bal.equity).toBe('1000.02015');
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer tok');
  });

  it('turns a shape the spec forbids into a clear invalid_response error', async () => {
    const err = await client().user.queryPositions().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('invalid_response');
    expect((err as ApiError).message).toMatch(/query_positions.*0\.(user|symbol|status|qty)/);
  });

  it('maps a plain-text error body to code = HTTP status with the text as message', async () => {
    const err = (await client().market.depthBook('').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.code).toBe(400);
    expect(err.message).toContain('missing field `symbol`');
  });

  it('maps a JSON error envelope to its code, message and request_id', async () => {
    const err = (await client()
      .trade.newOrder({ symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty: '0', time_in_force: 'ioc', reduce_only: false })
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ code: 400, status: 400, requestId: 'r-9', message: 'qty below min_order_qty 0.0001' });
  });

  it('treats a 200 envelope with a non-zero code as a rejection', async () => {
    const err = (await client().trade.cancelOrder({ order_id: 5 }).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ kind: 'rejected', code: 404, requestId: 'r-10' });
  });

  it('signs the exact body it sends, with x-session-id when given', async () => {
    await client()
      .trade.newOrder({ symbol: 'BTC-USD', side: 'buy', order_type: 'limit', price: '1', qty: '1', time_in_force: 'gtc', reduce_only: false }, 'sess-1')
      .catch(() => undefined);
    const req = seen.at(-1)!;
    expect(req.headers['x-session-id']).toBe('sess-1');
    expect(req.headers['x-request-timestamp']).toBe('1754881200123');
    expect(req.body).toBe(
      '{"symbol":"BTC-USD","side":"buy","order_type":"limit","price":"1","qty":"1","time_in_force":"gtc","reduce_only":false}',
    );
  });

  it('refuses x-impersonate without the cv_ prefix before anything is sent', async () => {
    const before = seen.length;
    const err = (await client('vault_1').user.queryBalance().catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ kind: 'client', code: 400 });
    expect(err.message).toMatch(/cv_/);
    expect(seen.length).toBe(before);
    await client('cv_abc').user.queryBalance();
    expect(seen.at(-1)!.headers['x-impersonate']).toBe('cv_abc');
  });

  it('reads the plain-text health check', async () => {
    expect(await client().market.health()).toBe('OK');
  });

  it('reports an unreachable service as a network error', async () => {
    const dead = createApiClient({ urls: { baseUrl: 'http://127.0.0.1:9', authUrl: url, bridgeUrl: url, geoUrl: url } });
    await expect(dead.market.health()).rejects.toMatchObject({ kind: 'network' });
  });

  it('gives up on a service that holds the request without answering: a timeout, which is no answer and never a refusal', async () => {
    const hung = createApiClient({ urls: { baseUrl: url, authUrl: url, bridgeUrl: url, geoUrl: url }, getCredentials: () => ({ token: 'tok', signer: key }), timeoutMs: 300 });
    const err = (await hung.user.queryOrder({ cl_ord_id: 'web-1' }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe(`No answer from ${new URL(url).host} within 0.3 s`);
    expect(isNoAnswer(err)).toBe(true);
  });

  it('tells no answer from a refusal', () => {
    const of = (kind: ApiError['kind'], status = 0) => new ApiError({ kind, code: status, status, message: 'm', endpoint: 'e' });
    expect([of('network'), of('timeout'), of('invalid_response', 200)].map(isNoAnswer)).toEqual([true, true, true]);
    expect([of('http', 400), of('rejected', 200), of('client', 401), new Error('x')].map(isNoAnswer)).toEqual([false, false, false, false]);
  });
});
