import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleOrder, samplePosition, sampleSymbolPrice } from '../api/__fixtures__/spec-samples';
import { progressOf, type Twap } from '../lib/twap-record';
import { useToasts } from '../stores/toasts';
import { useTwapStore } from '../stores/twap-store';
import { FakeSocket } from '../testing/fake-socket';
import { orderExchangeEachTest } from './testing/order-exchange';
import { startTwap } from './twap-machine';
import { stepTwap } from './twap-runner';

// The runner's steps through the app's real signed client against a local exchange
// (testing/order-exchange.ts): what each slice sends, and when the runner stops by itself.

const ACCOUNT = 'bsc_0xabc';
const market = { mark: '100000', positionQty: '0.002', fill: '0.002' };
const exchange = orderExchangeEachTest({
  createSocket: () => new FakeSocket<{ request_id: string; method: string }>(),
  reads: (url) => {
    if (url.startsWith('/api/query_symbol_price')) return { status: 200, body: { ...sampleSymbolPrice, symbol: 'BTC-USD', mark_price: market.mark } };
    if (url.startsWith('/api/query_positions')) return { status: 200, body: market.positionQty === '0' ? [] : [{ ...samplePosition, symbol: 'BTC-USD', qty: market.positionQty }] };
    if (url.startsWith('/api/query_open_orders')) return { status: 200, body: { page_size: 0, result: [], total: 0 } };
    if (url.startsWith('/api/query_order')) return { status: 200, body: { ...sampleOrder, symbol: 'BTC-USD', status: 'filled', fill_qty: market.fill, fill_avg_price: '99990' } };
    return undefined;
  },
});

const start = (over: Partial<Twap> = {}) =>
  startTwap(
    {
      id: 'tw1', account: ACCOUNT, symbol: 'BTC-USD', side: 'sell', total: '0.010', sizes: ['0.003', '0.003', '0.002', '0.002'],
      intervalMs: 5_000, durationMs: 20_000, reduceOnly: true, slippage: '0.01', qtyDecimals: 3, priceDecimals: 2,
      minQty: '0.001', maxQty: '100', capRatio: '0.3', floorRatio: '0.3', ...over,
    },
    Date.now(),
  );
const current = () => useTwapStore.getState().byAccount[ACCOUNT]![0]!;
const step = (tw = current(), now = Math.max(Date.now(), tw.nextAt)) => stepTwap(exchange.api, null, tw, now);

beforeEach(() => {
  Object.assign(market, { mark: '100000', positionQty: '0.002', fill: '0.002' });
  useTwapStore.setState({ byAccount: {}, restored: [] });
});
afterEach(() => useToasts.setState({ toasts: [] }));

describe('the TWAP runner', () => {
  it('a slice is an IOC limit at the slippage cap from the mark; reduce-only, capped at what the position lets reduce', async () => {
    useTwapStore.getState().add(start());
    await step();
    expect(exchange.http).toHaveLength(1);
    expect(exchange.http[0]!.body).toMatchObject({ symbol: 'BTC-USD', side: 'sell', order_type: 'limit', time_in_force: 'ioc', qty: '0.002', price: '99000', reduce_only: true });
    const tw = current();
    expect(tw.slices[0]).toMatchObject({ status: 'filled', filledQty: '0.002', avgPrice: '99990' });
    expect(progressOf(tw).filled.toFixed()).toBe('0.002');
  });
  it('reduce-only with no position left: done, saying why, nothing more sent', async () => {
    useTwapStore.getState().add(start());
    await step();
    market.positionQty = '0';
    await step();
    expect(exchange.http).toHaveLength(1);
    expect(current()).toMatchObject({ status: 'done', note: { code: 'no-position' } });
    expect(useToasts.getState().toasts.map((t) => t.body)).toContain('Stopped: reduce-only and no position left to reduce.');
  });
  it('not due yet, paused or canceled: nothing is sent', async () => {
    useTwapStore.getState().add(start({ reduceOnly: false, side: 'buy' }));
    await step();
    expect(exchange.http).toHaveLength(1);
    await step(current(), current().nextAt - 1);
    useTwapStore.getState().update(ACCOUNT, 'tw1', (t) => ({ ...t, status: 'paused' }));
    await step();
    useTwapStore.getState().update(ACCOUNT, 'tw1', (t) => ({ ...t, status: 'canceled' }));
    await step();
    expect(exchange.http).toHaveLength(1);
  });
  it('a buy never sends past the total: four slices fill the plan exactly, then it is done', async () => {
    useTwapStore.getState().add(start({ reduceOnly: false, side: 'buy' }));
    for (const fill of ['0.003', '0.003', '0.002', '0.002']) {
      market.fill = fill;
      await step();
    }
    await step();
    const qtys = exchange.http.map((c) => c.body!.qty);
    expect(qtys).toEqual(['0.003', '0.003', '0.002', '0.002']);
    expect(exchange.http[0]!.body).toMatchObject({ price: '101000', reduce_only: false });
    expect(current()).toMatchObject({ status: 'done', note: { code: 'total-reached' } });
  });
});
