import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewOrderBody, Order } from '../api/schemas';
import { useToasts } from '../stores/toasts';
import { cancelOrder, describeOrder, placeOrder } from './order-commands';
import { chooseOrderPath } from './order-path';
import { FakeSocket } from '../testing/fake-socket';
import { orderExchangeEachTest } from './testing/order-exchange';

// Which way an order travels (issue 17 #2): the app's real OrderStream over a socket the test drives,
// the app's real signed HTTP client over a local server (testing/order-exchange.ts). What the
// exchange receives, and what the trader is told.

type Frame = { session_id: string; request_id: string; method: string; header?: Record<string, string>; params: string };
const exchange = orderExchangeEachTest({
  createSocket: () => new FakeSocket<Frame>(),
  // Asked after an order got no answer: this exchange never saw it.
  reads: (url) => (url.startsWith('/api/query_order') ? { status: 404, body: { code: 404, message: 'order not found', request_id: 'q' } } : undefined),
});
const { http, logIn } = exchange;
afterEach(() => useToasts.setState({ toasts: [] }));

const limit: NewOrderBody = { symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '0.01', price: '95000', time_in_force: 'gtc', reduce_only: false, cl_ord_id: 'web-1' };
const toasts = () => useToasts.getState().toasts.map((t) => ({ kind: t.kind, title: t.title }));
const tick = () => new Promise((r) => setTimeout(r, 0));
const frame = (method: string) => exchange.socket.sentRequest(method);

describe('which way an order goes', () => {
  it('with the order stream logged in, the order goes over it as a signed order:new, not over HTTP', async () => {
    logIn();
    const placed = placeOrder(exchange.api, exchange.stream, limit);
    const f = await frame('order:new');
    expect(JSON.parse(f.params)).toEqual(limit);
    expect(f.session_id).toBe(exchange.stream.sessionId);
    expect(f.header).toMatchObject({ 'x-request-id': f.request_id, 'x-request-signature': expect.any(String), 'x-request-timestamp': expect.stringMatching(/^\d+$/) });
    exchange.socket.reply({ code: 0, status: 'accepted', request_id: f.request_id });
    exchange.socket.reply({ code: 0, message: 'success', request_id: f.request_id });
    expect(await placed).toBe(true);
    expect(http).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'success', title: 'Order placed: Buy 0.0100 BTC-USD @ 95,000.00' }]);
  });

  it('a cancel goes over the logged-in stream as order:cancel', async () => {
    logIn();
    const o = { id: 42, cl_ord_id: 'web-1', side: 'buy', qty: '0.01', symbol: 'BTC-USD' } as Order;
    const canceled = cancelOrder(exchange.api, exchange.stream, o);
    const f = await frame('order:cancel');
    expect(JSON.parse(f.params)).toEqual({ order_id: 42 });
    exchange.socket.reply({ code: 0, status: 'accepted', request_id: f.request_id });
    exchange.socket.reply({ code: 0, message: 'success', request_id: f.request_id });
    expect(await canceled).toBe(true);
    expect(http).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'success', title: 'Cancel accepted: Buy 0.0100 BTC-USD' }]);
  });

  it('not logged in: HTTP, without a session id', async () => {
    exchange.socket.open();
    expect(await placeOrder(exchange.api, exchange.stream, limit)).toBe(true);
    expect(http).toEqual([{ path: '/api/new_order', sessionId: undefined, body: limit }]);
    expect(exchange.socket.sent.filter((m) => m.method === 'order:new')).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'info', title: 'Order submitted: Buy 0.0100 BTC-USD @ 95,000.00' }]);
  });

  it('forced to HTTP: x-session-id, and the outcome still comes on the stream', async () => {
    logIn();
    const placed = placeOrder(exchange.api, exchange.stream, limit, undefined, 'http');
    for (let i = 0; i < 200 && http.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(http).toEqual([{ path: '/api/new_order', sessionId: exchange.stream.sessionId, body: limit }]);
    await tick();
    exchange.socket.reply({ code: 0, message: 'success', request_id: 'h1' });
    expect(await placed).toBe(true);
    expect(exchange.socket.sent.filter((m) => m.method === 'order:new')).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'success', title: 'Order placed: Buy 0.0100 BTC-USD @ 95,000.00' }]);
  });

  it('the socket closed since the login: HTTP carries the order', async () => {
    logIn();
    exchange.socket.close();
    expect(exchange.stream.status).not.toBe('open');
    expect(await placeOrder(exchange.api, exchange.stream, limit)).toBe(true);
    // No session id: its outcome could not come on a closed socket.
    expect(http).toEqual([{ path: '/api/new_order', sessionId: undefined, body: limit }]);
    expect(exchange.socket.sent.filter((m) => m.method === 'order:new')).toEqual([]);
    expect(toasts()).toEqual([{ kind: 'info', title: 'Order submitted: Buy 0.0100 BTC-USD @ 95,000.00' }]);
  });

  it("the stream's refusal is told in its own words", async () => {
    logIn();
    const placed = placeOrder(exchange.api, exchange.stream, { ...limit, time_in_force: 'alo' });
    const f = await frame('order:new');
    exchange.socket.reply({ code: 0, status: 'accepted', request_id: f.request_id });
    exchange.socket.reply({ code: 400, message: 'alo order rejected', request_id: f.request_id });
    expect(await placed).toBe(false);
    expect(toasts()).toEqual([{ kind: 'error', title: 'Order rejected: Buy 0.0100 BTC-USD @ 95,000.00' }]);
  });

  it('sent on the socket, which then drops before any reply: unknown, never "rejected", then checked by its cl_ord_id', async () => {
    logIn();
    const placed = placeOrder(exchange.api, exchange.stream, limit);
    await frame('order:new');
    exchange.socket.close();
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
    const placed = placeOrder(exchange.api, exchange.stream, limit);
    const f = await frame('order:new');
    exchange.socket.reply({ code: 401, message: 'token expired', request_id: f.request_id });
    for (let i = 0; i < 200 && http.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(http.map((h) => h.path)).toEqual(['/api/new_order']);
    await tick();
    exchange.socket.reply({ code: 0, message: 'success', request_id: 'h1' });
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
