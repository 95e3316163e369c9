import { describe, expect, it } from 'vitest';
import { sampleOrder } from '../api/__fixtures__/spec-samples';
import { ApiError } from '../api/errors';
import type { Order } from '../api/schemas';
import { useToasts } from '../stores/toasts';
import { checkUnknownOrder, fateToast, reconcileOrder } from './reconcile-order';

const order = (x: Partial<Order>): Order => ({ ...(sampleOrder as Order), ...x });
const timeout = () => new ApiError({ kind: 'timeout', code: 0, status: 0, message: 'No answer from 127.0.0.1:7100 within 10 s', endpoint: 'GET /api/query_order' });
const notFound = () => new ApiError({ kind: 'http', code: 404, status: 404, message: 'order not found', endpoint: 'GET /api/query_order' });

/** query_order answering each call with the next scripted result. */
function scripted(results: (Order | ApiError)[]) {
  let calls = 0;
  const query = () => {
    const r = results[Math.min(calls++, results.length - 1)]!;
    return r instanceof ApiError ? Promise.reject(r) : Promise.resolve(r);
  };
  return { query, calls: () => calls };
}
const waited: number[] = [];
const sleep = (ms: number) => {
  waited.push(ms);
  return Promise.resolve();
};

describe('reconciling an order whose command got no answer', () => {
  it('keeps asking while the exchange does not answer, backing off, and reports what it finds', async () => {
    waited.length = 0;
    const q = scripted([timeout(), timeout(), order({ status: 'filled' })]);
    const fate = await reconcileOrder(q.query, { sleep });
    expect(fate).toMatchObject({ kind: 'found', order: { status: 'filled' } });
    expect(waited).toEqual([1_000, 2_000]);
  });

  it('"not found" means the order never arrived', async () => {
    expect(await reconcileOrder(scripted([timeout(), notFound()]).query, { sleep })).toEqual({ kind: 'missing' });
  });

  it('gives up after a bound and says it is still unknown', async () => {
    const q = scripted([timeout()]);
    expect(await reconcileOrder(q.query, { sleep, delaysMs: [1, 1, 1] })).toMatchObject({ kind: 'unknown', message: 'No answer from 127.0.0.1:7100 within 10 s' });
    expect(q.calls()).toBe(4);
  });

  it('tells the trader: checking first, then what happened, under the order\'s toast key', async () => {
    useToasts.setState({ toasts: [] });
    const q = scripted([timeout(), order({ status: 'open' })]);
    const seen: string[] = [];
    const off = useToasts.subscribe((s) => seen.push(...s.toasts.filter((t) => t.key === 'order-c1').map((t) => t.title)));
    await checkUnknownOrder({ query: q.query, what: 'Buy 0.01 BTC-USD @ 95000', key: 'order-c1', why: 'No answer within 10 s', sleep });
    off();
    expect(seen[0]).toBe('Outcome unknown — checking…');
    expect(useToasts.getState().toasts.filter((t) => t.key === 'order-c1').map((t) => t.title)).toEqual(['Order placed: Buy 0.01 BTC-USD @ 95000']);
  });

  it('words each fate', () => {
    expect(fateToast({ kind: 'missing' }, 'Buy 1 BTC-USD').title).toBe('Never arrived: Buy 1 BTC-USD');
    expect(fateToast({ kind: 'unknown', message: 'x' }, 'Buy 1 BTC-USD').title).toBe('Outcome still unknown: Buy 1 BTC-USD');
    expect(fateToast({ kind: 'found', order: order({ status: 'canceled', remark: 'ioc: nothing to match' }) }, 'Buy 1 BTC-USD')).toMatchObject({ title: 'Canceled: Buy 1 BTC-USD', body: 'ioc: nothing to match' });
    expect(fateToast({ kind: 'found', order: order({ status: 'rejected' }) }, 'Buy 1 BTC-USD').kind).toBe('error');
  });

  it('words the fate of a cancel that got no answer: gone, still open, or filled first', () => {
    expect(fateToast({ kind: 'found', order: order({ status: 'canceled' }) }, 'Sell 1 BTC-USD', 'cancel')).toMatchObject({ kind: 'success', title: 'Canceled: Sell 1 BTC-USD' });
    expect(fateToast({ kind: 'found', order: order({ status: 'open' }) }, 'Sell 1 BTC-USD', 'cancel')).toMatchObject({ kind: 'warn', title: 'Still open: Sell 1 BTC-USD' });
    expect(fateToast({ kind: 'found', order: order({ status: 'filled' }) }, 'Sell 1 BTC-USD', 'cancel').title).toBe('Filled before the cancel: Sell 1 BTC-USD');
  });

  it('an immediate order (a market close) canceled after filling in part says so, not plain "Canceled"', () => {
    expect(fateToast({ kind: 'found', order: order({ status: 'canceled', fill_qty: '0.2', remark: 'ioc remainder' }) }, 'Close 0.500 BTC-USD at market')).toMatchObject({
      kind: 'info',
      title: 'Partly filled, the rest canceled: Close 0.500 BTC-USD at market',
      body: 'ioc remainder',
    });
  });

  it('words the fate of a position TP/SL: set (the exchange records it done at once), refused, never arrived', () => {
    const what = 'BTC-USD TP 97,000.0';
    expect(fateToast({ kind: 'found', order: order({ status: 'filled', qty: '0' }) }, what, 'tpsl')).toMatchObject({ kind: 'success', title: 'TP/SL set: BTC-USD TP 97,000.0' });
    expect(fateToast({ kind: 'found', order: order({ status: 'rejected', remark: 'no position' }) }, what, 'tpsl')).toEqual({ kind: 'error', rank: 1, title: 'TP/SL refused: BTC-USD TP 97,000.0', body: 'no position' });
    expect(fateToast({ kind: 'missing' }, what, 'tpsl').title).toBe('TP/SL never arrived: BTC-USD TP 97,000.0');
    expect(fateToast({ kind: 'unknown', message: 'x' }, what, 'tpsl')).toMatchObject({ title: 'Outcome still unknown: TP/SL BTC-USD TP 97,000.0', body: expect.stringContaining('positions table') });
  });
});
