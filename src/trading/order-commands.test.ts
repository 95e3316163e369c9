import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../api/client';
import type { NewOrderBody, Order } from '../api/schemas';
import type { ServiceConfig } from '../api/service-config';
import { OrderStream } from '../api/stream/order-stream';
import { useToasts } from '../stores/toasts';
import { createSessionKey, type SessionKey } from '../wallet/session-key';
import { useSessionStore } from '../wallet/session-store';
import { cancelOrder, describeOrder, placeOrder } from './order-commands';
import { chooseOrderPath } from './order-path';
import { FakeSocket } from '../testing/fake-socket';

// Which way an order travels (issue 17 #2): the app's real OrderStream over a socket the test drives,
// the app's real signed HTTP client over a local server. What the exchange receives, and what the
// trader is told.


const http: { path: string; sessionId: string | undefined; body: Record<string, unknown> }[] = [];
let server: Server;
let api: ApiClient;
let key: SessionKey;
type Frame = { session_id: string; request_id: string; method: string; header?: Record<string, string>; params: string };
let socket: FakeSocket<Frame>;
let stream: OrderStream;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      if (req.url?.startsWith('/api/query_order')) {
        // Asked after an order got no answer: this exchange never saw it.
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 404, message: 'order not found', request_id: 'q' }));
        return;
      }
      http.push({ path: req.url ?? '', sessionId: req.headers['x-session-id'] as string | undefined, body: JSON.parse(text) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, message: 'success', request_id: `h${http.length}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  key = await createSessionKey();
  api = createApiClient({ urls: { baseUrl: url, authUrl: url, bridgeUrl: url, geoUrl: url, isDevnet: false } as ServiceConfig, getCredentials: () => ({ token: 't', signer: key }) });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  useSessionStore.setState({ session: { chain: 'bsc', address: '0xabc', token: 't', expiresAt: Date.now() + 3_600_000, key }, vault: null });
  stream = new OrderStream({
    url: 'ws://x/ws-api/v1',
    createSocket: () => (socket = new FakeSocket<Frame>()),
  });
});
afterEach(() => {
  stream.close();
  http.length = 0;
  useToasts.setState({ toasts: [] });
  useSessionStore.setState({ session: null, vault: null });
});

/** Opens the socket and logs in, as the app's stream wiring does after sign-in. */
function logIn() {
  socket.open();
  stream.authenticate({ token: 't' });
  const login = socket.sent.find((m) => m.method === 'auth:login')!;
  socket.reply({ code: 0, message: 'success', request_id: login.request_id });
  expect(stream.isLoggedIn).toBe(true);
}

const limit: NewOrderBody = { symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '0.01', price: '95000', time_in_force: 'gtc', reduce_only: false, cl_ord_id: 'web-1' };
const toasts = () => useToasts.getState().toasts.map((t) => ({ kind: t.kind, title: t.title }));
const tick = () => new Promise((r) => setTimeout(r, 0));
const frame = (method: string) => socket.sentRequest(method);

describe('which way an order goes', () => {
  it('with the order stream logged in, the order goes over it as a signed order:new, not over HTTP', async () => {
    logIn();
    const placed = placeOrder(api, stream, limit);
    const f = await frame('order:new');
    expect(JSON.parse(f.params)).toEqual(limit);
    expect(f.session_id).toBe(stream.sessionId);
    expect(f.header).toMatchObject({ 'x-request-id': f.request_id, 'x-request-signature': expect.any(String), 'x-request-timestamp': expect.stringMatching(/^\d+$/) });
    socket.reply({ code: 0, status: 'accepted', request_id: f.request_id });
    socket.reply({ code: 0, message: 'success', request_id: f.request_id });
    expect(await placed).toBe(true);
    expect(http).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'success', title: 'Order placed: Buy 0.0100 BTC-USD @ 95,000.00' }]);
  });

  it('a cancel goes over the logged-in stream as order:cancel', async () => {
    logIn();
    const o = { id: 42, cl_ord_id: 'web-1', side: 'buy', qty: '0.01', symbol: 'BTC-USD' } as Order;
    const canceled = cancelOrder(api, stream, o);
    const f = await frame('order:cancel');
    expect(JSON.parse(f.params)).toEqual({ order_id: 42 });
    socket.reply({ code: 0, status: 'accepted', request_id: f.request_id });
    socket.reply({ code: 0, message: 'success', request_id: f.request_id });
    expect(await canceled).toBe(true);
    expect(http).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'success', title: 'Cancel accepted: Buy 0.0100 BTC-USD' }]);
  });

  it('not logged in: HTTP, without a session id', async () => {
    socket.open();
    expect(await placeOrder(api, stream, limit)).toBe(true);
    expect(http).toEqual([{ path: '/api/new_order', sessionId: undefined, body: limit }]);
    expect(socket.sent.filter((m) => m.method === 'order:new')).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'info', title: 'Order submitted: Buy 0.0100 BTC-USD @ 95,000.00' }]);
  });

  it('forced to HTTP: x-session-id, and the outcome still comes on the stream', async () => {
    logIn();
    const placed = placeOrder(api, stream, limit, undefined, 'http');
    for (let i = 0; i < 200 && http.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(http).toEqual([{ path: '/api/new_order', sessionId: stream.sessionId, body: limit }]);
    await tick();
    socket.reply({ code: 0, message: 'success', request_id: 'h1' });
    expect(await placed).toBe(true);
    expect(socket.sent.filter((m) => m.method === 'order:new')).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'success', title: 'Order placed: Buy 0.0100 BTC-USD @ 95,000.00' }]);
  });

  it('the socket closed since the login: HTTP carries the order', async () => {
    logIn();
    socket.close();
    expect(stream.status).not.toBe('open');
    expect(await placeOrder(api, stream, limit)).toBe(true);
    // No session id: its outcome could not come on a closed socket.
    expect(http).toEqual([{ path: '/api/new_order', sessionId: undefined, body: limit }]);
    expect(socket.sent.filter((m) => m.method === 'order:new')).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'info', title: 'Order submitted: Buy 0.0100 BTC-USD @ 95,000.00' }]);
  });

  it("the stream's refusal is told in its own words", async () => {
    logIn();
    const placed = placeOrder(api, stream, { ...limit, time_in_force: 'alo' });
    const f = await frame('order:new');
    socket.reply({ code: 0, status: 'accepted', request_id: f.request_id });
    socket.reply({ code: 400, message: 'alo order rejected', request_id: f.request_id });
    expect(await placed).toBe(false);
    expect(toasts()).toEqual([{ kind: 'error', title: 'Order rejected: Buy 0.0100 BTC-USD @ 95,000.00' }]);
  });

  it('sent on the socket, which then drops before any reply: unknown, never "rejected", then checked by its cl_ord_id', async () => {
    logIn();
    const placed = placeOrder(api, stream, limit);
    await frame('order:new');
    socket.close();
    expect(await placed).toBe(false);
    expect(useToasts.getState().toasts.map((t) => ({ title: t.title, body: t.body }))).toEqual([
      { title: 'Outcome unknown — checking…', body: 'Buy 0.0100 BTC-USD @ 95,000.00: The order stream closed before it answered. Asking the exchange what became of it.' },
    ]);
    // query_order says the exchange has no such order: it never arrived.
    await vi.waitFor(() => expect(toasts()).toEqual([{ kind: 'info', title: 'Never arrived: Buy 0.0100 BTC-USD @ 95,000.00' }]));
    expect(http).toEqual([]);
  });

  it('a 401 from the stream (token ran out, nothing executed): HTTP carries it instead', async () => {
    logIn();
    const placed = placeOrder(api, stream, limit);
    const f = await frame('order:new');
    socket.reply({ code: 401, message: 'token expired', request_id: f.request_id });
    for (let i = 0; i < 200 && http.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(http.map((h) => h.path)).toEqual(['/api/new_order']);
    await tick();
    socket.reply({ code: 0, message: 'success', request_id: 'h1' });
    expect(await placed).toBe(true);
    expect(toasts()).toEqual([{ kind: 'success', title: 'Order placed: Buy 0.0100 BTC-USD @ 95,000.00' }]);
  });

  it('the choice: the stream only when preferred, open and logged in', () => {
    expect(chooseOrderPath({ isLoggedIn: true, status: 'open' }, 'stream')).toBe('stream');
    expect(chooseOrderPath({ isLoggedIn: true, status: 'open' }, 'http')).toBe('http');
    expect(chooseOrderPath({ isLoggedIn: false, status: 'open' }, 'stream')).toBe('http');
    expect(chooseOrderPath({ isLoggedIn: true, status: 'reconnecting' }, 'stream')).toBe('http');
    expect(chooseOrderPath(null, 'stream')).toBe('http');
  });
});

describe('the words of an order toast', () => {
  it('tell price and size at the symbol\'s places, as the book shows them, not as they were typed', () => {
    const body = { symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '0.02', price: '93969' } as const;
    expect(describeOrder(body, { price: 2, qty: 3 })).toBe('Buy 0.020 BTC-USD @ 93,969.00');
    expect(describeOrder({ ...body, side: 'sell', order_type: 'market', price: undefined }, { price: 2, qty: 3 })).toBe('Sell 0.020 BTC-USD at market');
  });
});
