// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleOrder } from '../../api/__fixtures__/spec-samples';
import type { NewOrderBody } from '../../api/schemas';
import { sentOrders } from '../../trading/sent-orders';
import { queryKeys } from '../../api/query-keys';
import { useToasts } from '../../stores/toasts';
import { FakeSocket } from '../../testing/fake-socket';
import { placeOrder } from '../../trading/order-commands';
import { localExchangeEachFile } from '../../trading/testing/local-exchange';
import { useSessionStore } from '../../wallet/session-store';
import { appStreamsEachTest } from './testing/app-streams-each-test';

// The "Filled" toast of an order this tab sent, when the fill's push never reaches the page: it
// landed before the account stream was subscribed (right after sign-in), or while the socket was
// down. The real app wiring (streams, user feed, trade layer, API client) against a local HTTP
// exchange and a fake socket standing in for the market stream.

type Fate = Partial<typeof sampleOrder> | 'missing';
/** What query_order answers for an order asked for by its cl_ord_id. */
let fate: Fate = 'missing';
/** While set, query_order answers only when the test calls `answerQuery`. */
let holdQueries = false;
const heldQueries: (() => void)[] = [];
const answerQuery = () => heldQueries.splice(0).forEach((a) => a());
const queried: string[] = [];

const CL = 'web-missedfill1';
const BODY: NewOrderBody = { symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty: '0.01', time_in_force: 'ioc', reduce_only: false, cl_ord_id: CL };
const ORDER = { ...sampleOrder, id: 501, cl_ord_id: CL, user: 'bsc_0xabc', side: 'buy', order_type: 'market', time_in_force: 'ioc', qty: '0.01', price: '0' };
const OPEN = { status: 'open', fill_qty: '0', fill_avg_price: '0', updated_at: '2025-08-11T03:35:25.559151Z' } as const;
const FILLED = { status: 'filled', fill_qty: '0.01', fill_avg_price: '95000', updated_at: '2025-08-11T03:35:26.000000Z' } as const;

const exchange = localExchangeEachFile(({ path, query }, reply) => {
  const json = reply.send;
  if (path === '/api/new_order') return json(200, { code: 0, message: 'success', request_id: 'r1' });
  if (path === '/api/query_order') {
    queried.push(query.get('cl_ord_id') ?? '');
    const answer = () => (fate === 'missing' ? json(404, { code: 404, message: 'order not found', request_id: 'q' }) : json(200, { ...ORDER, ...fate }));
    if (holdQueries) return void heldQueries.push(answer);
    return answer();
  }
  return json(404, { code: 404, message: 'no such path', request_id: 'q' });
});
const app = appStreamsEachTest({ createSocket: (url) => new FakeSocket(url) });

/** Every "Filled" toast raised (a toast replacing another under its key is raised anew). */
let fillToasts: { title: string; body?: string | undefined }[];
let stopWatching: () => void;

const market = () => app.latest('/ws-stream/v1');
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
let seq = 1;
const push = (channel: string, data: unknown) => act(() => market().onmessage?.({ data: JSON.stringify({ seq: seq++, channel, data }) }));
const authOk = () => push('auth', { code: 200, msg: 'success' });
/** Lets the read-back's requests come and go. */
const settle = () => act(() => wait(300));

beforeEach(() => {
  fate = 'missing';
  holdQueries = false;
  queried.length = 0;
  fillToasts = [];
  const raised = new Set(useToasts.getState().toasts.map((t) => t.id));
  stopWatching = useToasts.subscribe((s) => {
    for (const t of s.toasts) {
      if (raised.has(t.id)) continue;
      raised.add(t.id);
      if (t.title.startsWith('Filled')) fillToasts.push({ title: t.title, body: t.body });
    }
  });
  act(() => market().open());
  act(() => useSessionStore.setState({ session: { chain: 'bsc', address: '0xabc', token: 'jwt-1', expiresAt: Date.now() + 60_000, key: {} as never } }));
});
afterEach(() => {
  stopWatching();
  act(() => useToasts.setState({ toasts: [] }));
  sentOrders.clear();
});

describe('a fill the account stream never pushed', () => {
  it('is read back and told once the account stream is subscribed: a market order sent right after sign-in', async () => {
    // Sent before the stream's auth is answered: the fill lands before the order channel is subscribed.
    await act(() => placeOrder(exchange.api, null, BODY));
    fate = FILLED;
    authOk();
    await settle();
    expect(queried).toEqual([CL]);
    expect(fillToasts).toEqual([{ title: 'Filled: Buy 0.0100 BTC-USD', body: 'Average price 95,000.00' }]);

    // The push comes after all (late): it is not told a second time.
    push('order', { ...ORDER, ...FILLED });
    await settle();
    expect(fillToasts).toHaveLength(1);
  });

  it('is read back after a reconnect when the fill landed while the socket was down', async () => {
    authOk();
    await act(() => placeOrder(exchange.api, null, { ...BODY, order_type: 'limit', price: '95000', time_in_force: 'gtc' }));
    push('order', { ...ORDER, ...OPEN });
    expect(fillToasts).toEqual([]);
    act(() => market().close());
    fate = FILLED;
    await act(() => wait(700)); // the first backoff is at most 625 ms
    act(() => market().open());
    authOk();
    await settle();
    expect(fillToasts).toEqual([{ title: 'Filled: Buy 0.0100 BTC-USD', body: 'Average price 95,000.00' }]);
  });

  it('is told once when the push arrives while the read-back is on its way', async () => {
    await act(() => placeOrder(exchange.api, null, BODY));
    fate = FILLED;
    holdQueries = true;
    authOk();
    await act(() => wait(100));
    expect(queried).toEqual([CL]);
    push('order', { ...ORDER, ...FILLED });
    expect(fillToasts).toHaveLength(1);
    act(() => answerQuery());
    await settle();
    expect(fillToasts).toHaveLength(1);
  });

  it('is not read back again once the stream told it', async () => {
    authOk();
    await act(() => placeOrder(exchange.api, null, BODY));
    push('order', { ...ORDER, ...FILLED });
    expect(fillToasts).toHaveLength(1);
    fate = FILLED;
    act(() => market().close());
    await act(() => wait(700));
    act(() => market().open());
    authOk();
    await settle();
    expect(queried).toEqual([]);
    expect(fillToasts).toHaveLength(1);
  });

  it('is not told, nor written into the other account, when the read-back is answered after the trader switched account', async () => {
    authOk();
    await act(() => placeOrder(exchange.api, null, { ...BODY, order_type: 'limit', price: '95000', time_in_force: 'gtc' }));
    push('order', { ...ORDER, ...OPEN });
    act(() => market().close());
    fate = FILLED;
    holdQueries = true;
    await act(() => wait(700));
    act(() => market().open());
    authOk();
    await act(() => wait(100));
    expect(queried).toEqual([CL]);
    // The trader switches to another account while the read-back is on its way.
    act(() => useSessionStore.setState({ session: { chain: 'bsc', address: '0xbbb', token: 'jwt-2', expiresAt: Date.now() + 60_000, key: {} as never } }));
    app.qc.setQueryData(queryKeys.user.orders('bsc_0xbbb', {}), { page_size: 0, result: [], total: 0 });
    act(() => answerQuery());
    await settle();
    const bOrders = app.qc.getQueryData<{ result: { id: number; user: string }[] }>(queryKeys.user.orders('bsc_0xbbb', {}));
    expect(bOrders?.result.map((o) => o.id)).toEqual([]);
    expect(fillToasts).toEqual([]);
  });

  it('is read back only while the account it was sent for acts, and told when the trader comes back to it', async () => {
    const as = (address: string, token: string) => act(() => useSessionStore.setState({ session: { chain: 'bsc', address, token, expiresAt: Date.now() + 60_000, key: {} as never } }));
    const resubscribe = async () => {
      act(() => market().close());
      await act(() => wait(700));
      act(() => market().open());
      authOk();
      await settle();
    };
    authOk();
    await act(() => placeOrder(exchange.api, null, { ...BODY, order_type: 'limit', price: '95000', time_in_force: 'gtc' }));
    push('order', { ...ORDER, ...OPEN });
    fate = FILLED;
    as('0xbbb', 'jwt-2');
    await resubscribe();
    expect(queried).toEqual([]);
    expect(fillToasts).toEqual([]);
    as('0xabc', 'jwt-3');
    await resubscribe();
    expect(queried).toEqual([CL]);
    expect(fillToasts).toEqual([{ title: 'Filled: Buy 0.0100 BTC-USD', body: 'Average price 95,000.00' }]);
  });

  it('is told once when the pushes of its fills (one matching tick: the same updated_at) arrive after the read-back told it', async () => {
    await act(() => placeOrder(exchange.api, null, BODY));
    fate = FILLED;
    authOk();
    await settle();
    expect(fillToasts).toHaveLength(1);
    // the stream's pushes of the two fills of this order (one matching tick: the same updated_at) arrive late
    push('order', { ...ORDER, status: 'open', fill_qty: '0.005', fill_avg_price: '95000', updated_at: FILLED.updated_at });
    push('order', { ...ORDER, ...FILLED });
    await settle();
    expect(fillToasts).toHaveLength(1);
  });

  it('stays out of Open orders when the read-back answers an older state after the fill push', async () => {
    authOk();
    await act(() => placeOrder(exchange.api, null, { ...BODY, order_type: 'limit', price: '95000', time_in_force: 'gtc' }));
    push('order', { ...ORDER, status: 'new', fill_qty: '0', fill_avg_price: '0', updated_at: '2025-08-11T03:35:25.000000Z' });
    const A = 'bsc_0xabc';
    app.qc.setQueryData(queryKeys.user.openOrders(A, {}), { page_size: 1, result: [{ ...ORDER, ...OPEN }], total: 1 });
    act(() => market().close());
    await act(() => wait(700));
    act(() => market().open());
    fate = OPEN; // the server read the order while it still rested
    holdQueries = true;
    authOk();
    await act(() => wait(100));
    push('order', { ...ORDER, ...FILLED }); // it fills; the push beats the read-back's answer
    expect(fillToasts).toHaveLength(1);
    expect(app.qc.getQueryData<{ result: { id: number }[] }>(queryKeys.user.openOrders(A, {}))?.result).toEqual([]);
    act(() => answerQuery());
    await settle();
    const open = app.qc.getQueryData<{ result: { id: number }[] }>(queryKeys.user.openOrders(A, {}));
    expect(open?.result.map((o) => o.id)).toEqual([]);
  });
});
