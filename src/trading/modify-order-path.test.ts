import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../api/schemas';
import { FakeSocket } from '../testing/fake-socket';
import { runModify, type ModifyRequest } from './modify-order-machine';
import { forceOrderPath } from './order-path';
import { orderExchangeEachTest } from './testing/order-exchange';
import { modifyEffects } from './use-modify-order';

// Issue 17 leftover: a modify's cancel and replacement take the same way as every other order command
// — the logged-in order stream, HTTP with x-session-id otherwise — and keep their three outcomes.
// The app's real OrderStream over a socket the test drives, its real HTTP client over a local server
// that plays the exchange's query_order (testing/order-exchange.ts).

/** What query_order answers for the original (by order_id) and the replacement (by cl_ord_id). */
let original: Partial<Order> = { status: 'canceled', fill_qty: '0' };
let replacement: Partial<Order> | null = null;
type Frame = { session_id: string; request_id: string; method: string; params: string };

const order: Order = {
  id: 42, cl_ord_id: 'web-old', user: '0xabc', symbol: 'BTC-USD', side: 'buy', order_type: 'limit', time_in_force: 'gtc',
  price: '90000', qty: '0.01', fill_qty: '0', fill_avg_price: '0', reduce_only: false, leverage: '10', margin: '90',
  avail_locked: '90', status: 'open', position_id: 0, liq_id: 0, created_block: 1, closed_block: 0, source: 'web', remark: '',
  payload: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};
const request: ModifyRequest = { order, price: '89000', qty: '0.02', clOrdId: 'web-new', minQty: '0.001' };

const exchange = orderExchangeEachTest({
  createSocket: () => new FakeSocket<Frame>(),
  reads: (url) => {
    if (url.startsWith('/api/query_order')) {
      const byClOrdId = url.includes('cl_ord_id');
      const found = byClOrdId ? replacement : original;
      if (!found) return { status: 404, body: { code: 404, message: 'order not found', request_id: 'q' } };
      return { status: 200, body: byClOrdId ? { ...order, id: 43, cl_ord_id: 'web-new', ...found } : { ...order, ...found } };
    }
    if (url.startsWith('/api/query_position_config')) return { status: 404, body: '{}' };
    return undefined;
  },
});
const { logIn } = exchange;
/** The commands HTTP carried, by path and session id. */
const http = () => exchange.http.map(({ path, sessionId }) => ({ path, sessionId }));

beforeEach(() => {
  original = { status: 'canceled', fill_qty: '0' };
  replacement = null;
});
afterEach(() => forceOrderPath(null));

const tick = () => new Promise((r) => setTimeout(r, 0));
const frame = (method: string) => exchange.socket.sentRequest(method);
/** Waits until HTTP carried a request to this path. */
async function httpCall(path: string) {
  for (let i = 0; i < 400; i++) {
    const h = http().find((c) => c.path === path);
    if (h) return h;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no HTTP ${path}`);
}
const answer = (f: Frame, code = 0, message = 'success') => exchange.socket.reply({ code, message, request_id: f.request_id });
const noPause = { pause: () => Promise.resolve() };
const run = () => runModify(request, { ...modifyEffects(exchange.api, exchange.stream), ...noPause });

describe('which way a modify goes', () => {
  it('logged in: the cancel goes as order:cancel and the replacement as order:new on the stream, nothing over HTTP', async () => {
    logIn();
    const end = run();
    const cancel = await frame('order:cancel');
    expect(JSON.parse(cancel.params)).toEqual({ order_id: 42 });
    answer(cancel);
    const placed = await frame('order:new');
    expect(JSON.parse(placed.params)).toMatchObject({ symbol: 'BTC-USD', side: 'buy', price: '89000', qty: '0.02', cl_ord_id: 'web-new' });
    answer(placed);
    expect((await end).result).toEqual({ kind: 'moved', qty: '0.02', filledMeanwhile: '0' });
    expect(http()).toEqual([]);
  });

  it("the stream refuses the replacement: the original is canceled and the new order refused, in the service's words", async () => {
    logIn();
    const end = run();
    answer(await frame('order:cancel'));
    answer(await frame('order:new'), 400, 'insufficient margin');
    expect((await end).result).toEqual({ kind: 'not-placed', message: 'insufficient margin' });
  });

  it('the socket drops after the replacement left: unknown, then found by its cl_ord_id', async () => {
    logIn();
    const end = run();
    answer(await frame('order:cancel'));
    await frame('order:new');
    replacement = { status: 'open' };
    exchange.socket.close();
    const s = await end;
    expect(s.result).toEqual({ kind: 'moved', qty: '0.02', filledMeanwhile: '0', status: 'open' });
  });

  it('forced to HTTP: both go over HTTP with the session id, their outcomes on the stream', async () => {
    forceOrderPath('http');
    logIn();
    const end = run();
    expect(await httpCall('/api/cancel_order')).toEqual({ path: '/api/cancel_order', sessionId: exchange.stream.sessionId });
    await tick();
    exchange.socket.reply({ code: 0, message: 'success', request_id: 'h1' });
    expect(await httpCall('/api/new_order')).toEqual({ path: '/api/new_order', sessionId: exchange.stream.sessionId });
    await tick();
    exchange.socket.reply({ code: 0, message: 'success', request_id: 'h2' });
    expect((await end).result).toEqual({ kind: 'moved', qty: '0.02', filledMeanwhile: '0' });
    expect(exchange.socket.sent.filter((m) => m.method.startsWith('order:'))).toEqual([]);
  });

  it('not logged in: HTTP without a session id, accepted is all there is to know', async () => {
    exchange.socket.open();
    const s = await run();
    expect(http()).toEqual([
      { path: '/api/cancel_order', sessionId: undefined },
      { path: '/api/new_order', sessionId: undefined },
    ]);
    expect(s.result).toEqual({ kind: 'moved', qty: '0.02', filledMeanwhile: '0' });
  });
});
