import { describe, expect, it } from 'vitest';
import type { NewOrderBody } from '../api/schemas';
import { sampleOrder } from '../api/__fixtures__/spec-samples';
import { FakeSocket } from '../testing/fake-socket';
import { orderExchangeEachTest } from './testing/order-exchange';
import { outcomeOfOrder, readSlice, sendSlice } from './twap-slice';

// A TWAP slice end to end through the app's real client and order stream (testing/order-exchange.ts):
// what it sends, and what it learns of the fill by reading the order back.

type Frame = { session_id: string; request_id: string; method: string; params: string };
let readBack: { status: number; body: unknown } = { status: 404, body: { code: 404, message: 'order not found', request_id: 'q' } };
const exchange = orderExchangeEachTest({
  createSocket: () => new FakeSocket<Frame>(),
  reads: (url) => (url.startsWith('/api/query_order') ? readBack : undefined),
});

const slice: NewOrderBody = { symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '0.003', price: '95950', time_in_force: 'ioc', reduce_only: false, cl_ord_id: 'web-s1' };

describe('a TWAP slice', () => {
  it('goes as an IOC limit at its cap, and its fill is read back by its client order id', async () => {
    exchange.logIn();
    readBack = { status: 200, body: { ...sampleOrder, cl_ord_id: 'web-s1', status: 'canceled', qty: '0.003', fill_qty: '0.002', fill_avg_price: '95001.5' } };
    const sent = sendSlice(exchange.api, exchange.stream, slice);
    const f = await exchange.socket.sentRequest('order:new');
    expect(JSON.parse(f.params)).toEqual(slice);
    exchange.socket.reply({ code: 0, message: 'success', request_id: f.request_id });
    expect(await sent).toEqual({ kind: 'filled', qty: '0.002', avgPrice: '95001.5' });
  });
  it("refused: the service's own words", async () => {
    exchange.logIn();
    const sent = sendSlice(exchange.api, exchange.stream, slice);
    const f = await exchange.socket.sentRequest('order:new');
    exchange.socket.reply({ code: 400, message: 'insufficient available margin', request_id: f.request_id });
    expect(await sent).toEqual({ kind: 'refused', message: 'insufficient available margin' });
  });
  const noWait = () => Promise.resolve();
  it('still open after every read-back wait: unknown (stays in flight, the TWAP pauses), never recorded as filled', async () => {
    readBack = { status: 200, body: { ...sampleOrder, cl_ord_id: 'web-s1', status: 'open', qty: '0.003', fill_qty: '0', fill_avg_price: '0' } };
    expect((await readSlice(exchange.api, 'web-s1', noWait)).kind).toBe('unknown');
    readBack = { status: 200, body: { ...sampleOrder, cl_ord_id: 'web-s1', status: 'new', qty: '0.003', fill_qty: '0.001', fill_avg_price: '95000' } };
    expect((await readSlice(exchange.api, 'web-s1', noWait)).kind).toBe('unknown');
    exchange.logIn();
    const sent = sendSlice(exchange.api, exchange.stream, slice, noWait);
    const f = await exchange.socket.sentRequest('order:new');
    exchange.socket.reply({ code: 0, message: 'success', request_id: f.request_id });
    expect((await sent).kind).toBe('unknown');
  });
  it('accepted by the exchange, then the read-back says 404 (query_order lags): unknown, never "nothing was placed"', async () => {
    readBack = { status: 404, body: { code: 404, message: 'order not found', request_id: 'q' } };
    exchange.logIn();
    const sent = sendSlice(exchange.api, exchange.stream, slice, noWait);
    const f = await exchange.socket.sentRequest('order:new');
    exchange.socket.reply({ code: 0, message: 'success', request_id: f.request_id });
    expect(await sent).toMatchObject({ kind: 'unknown' });
    // An accepted slice read back again later (a resume) is still not "nothing was placed".
    expect(await readSlice(exchange.api, 'web-s1', noWait, true)).toMatchObject({ kind: 'unknown' });
  });
});

describe('what an order record says a slice did', () => {
  it('filled in part, nothing filled, rejected', () => {
    expect(outcomeOfOrder({ status: 'filled', fill_qty: '0.003', fill_avg_price: '95000', remark: '' })).toEqual({ kind: 'filled', qty: '0.003', avgPrice: '95000' });
    expect(outcomeOfOrder({ status: 'canceled', fill_qty: '0', fill_avg_price: '0', remark: '' })).toEqual({ kind: 'filled', qty: '0', avgPrice: null });
    expect(outcomeOfOrder({ status: 'rejected', fill_qty: '0', fill_avg_price: '0', remark: 'price out of band' })).toEqual({ kind: 'refused', message: 'price out of band' });
  });
});
