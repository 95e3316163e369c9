import { describe, expect, it } from 'vitest';
import type { Order } from '../api/schemas';
import type { ScaleBatch, ScaleChildState } from '../stores/scale-batches';
import type { Outcome } from './order-outcome';
import type { OrderFate } from './reconcile-order';
import { batchSummary, cancelableIds, createPacer, newScaleBatchId, runScaleBatch, scaleChildBody, scaleChildId } from './scale-batch';

const places = { price: 2, qty: 3 };
const five = ['95000', '94750', '94500', '94250', '94000'].map((price) => ({ price, qty: '0.01' }));

/** A clock that only moves when slept on: what the pacer asked to wait, in order. */
function fakeClock() {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        const wake = now + ms;
        waits.push(ms);
        await Promise.resolve();
        now = Math.max(now, wake);
      },
    },
  };
}

/** Runs a batch over `outcomes` (by child), recording the sends' times and every state. */
async function run(outcomes: Outcome[], opts: { fate?: OrderFate; cancelAfter?: number } = {}) {
  const { clock } = fakeClock();
  const states: ScaleChildState[][] = five.map(() => []);
  const sentAt: number[] = [];
  const r = await runScaleBatch({
    children: five,
    place: async (i) => {
      sentAt.push(clock.now());
      return outcomes[i]!;
    },
    reconcile: async () => opts.fate ?? { kind: 'missing' },
    pace: createPacer(8, clock),
    update: (i, s) => states[i]!.push(s),
    canceled: () => opts.cancelAfter !== undefined && sentAt.length >= opts.cancelAfter,
    inFlight: 1,
  });
  await r.reconciled;
  return { stop: r.stop, states, sentAt, last: states.map((s) => s.at(-1)) };
}

const placed: Outcome = { kind: 'done' };

describe('createPacer', () => {
  it('spaces slots 125 ms apart at 8 a second, in the order they were asked for', async () => {
    const { waits, clock } = fakeClock();
    const pace = createPacer(8, clock);
    await Promise.all([pace(), pace(), pace()]);
    expect(waits).toEqual([125, 250]);
  });
});

describe('runScaleBatch', () => {
  it('places every child, paced at 8 a second', async () => {
    const r = await run([placed, placed, placed, placed, placed]);
    expect(r.stop).toBeNull();
    expect(r.last).toEqual(five.map(() => ({ kind: 'placed' })));
    expect(r.sentAt).toEqual([0, 125, 250, 375, 500]);
    expect(r.states[0]).toEqual([{ kind: 'sending' }, { kind: 'placed' }]);
  });

  it('stops at the first refusal: the service words kept, the rest not sent', async () => {
    const r = await run([placed, placed, { kind: 'refused', message: 'too many open orders in BTC-USD (max 100)' }, placed, placed]);
    expect(r.stop).toEqual({ reason: 'refused', index: 2 });
    expect(r.last).toEqual([
      { kind: 'placed' },
      { kind: 'placed' },
      { kind: 'refused', message: 'too many open orders in BTC-USD (max 100)' },
      { kind: 'not-sent' },
      { kind: 'not-sent' },
    ]);
    expect(r.sentAt).toHaveLength(3);
  });

  it('stops at an unknown outcome and asks the exchange what became of that child', async () => {
    const order = { status: 'open', remark: '' } as Order;
    const r = await run([placed, { kind: 'unknown', message: 'No answer on the order stream within 10 s' }, placed, placed, placed], { fate: { kind: 'found', order } });
    expect(r.stop).toEqual({ reason: 'unknown', index: 1 });
    expect(r.states[1]).toEqual([{ kind: 'sending' }, { kind: 'unknown', message: 'No answer on the order stream within 10 s', checking: true }, { kind: 'placed' }]);
    expect(r.last.slice(2)).toEqual([{ kind: 'not-sent' }, { kind: 'not-sent' }, { kind: 'not-sent' }]);
  });

  it('says a child the exchange never heard of never arrived, and one refused in matching is refused', async () => {
    const lost = await run([{ kind: 'unknown', message: 'timeout' }, placed, placed, placed, placed]);
    expect(lost.last[0]).toEqual({ kind: 'missing' });
    const rejected = await run([{ kind: 'unknown', message: 'timeout' }, placed, placed, placed, placed], { fate: { kind: 'found', order: { status: 'rejected', remark: 'alo order rejected' } as Order } });
    expect(rejected.last[0]).toEqual({ kind: 'refused', message: 'alo order rejected' });
  });

  it('sends no more once the trader cancels the batch', async () => {
    const r = await run([placed, placed, placed, placed, placed], { cancelAfter: 2 });
    expect(r.stop).toEqual({ reason: 'canceled' });
    expect(r.last.map((s) => s!.kind)).toEqual(['placed', 'placed', 'not-sent', 'not-sent', 'not-sent']);
  });
});

describe('the batch on the wire and in words', () => {
  it('gives each child a client order id sharing the batch prefix, within 64 characters', () => {
    const id = newScaleBatchId();
    expect(scaleChildId(id, 0)).toBe(`web-${id}-1`);
    expect(scaleChildId(id, 49).length).toBeLessThanOrEqual(64);
    expect(scaleChildId(id, 49)).toMatch(/^[A-Za-z0-9_.:-]+$/);
  });

  it('sends each child as a resting limit (gtc, or alo when post-only)', () => {
    const child = five[0]!;
    expect(scaleChildBody({ symbol: 'BTC-USD', side: 'buy', reduceOnly: false, postOnly: false, clOrdId: 'web-x-1', child })).toEqual({
      symbol: 'BTC-USD',
      side: 'buy',
      order_type: 'limit',
      price: '95000',
      qty: '0.01',
      time_in_force: 'gtc',
      reduce_only: false,
      cl_ord_id: 'web-x-1',
    });
    expect(scaleChildBody({ symbol: 'BTC-USD', side: 'sell', reduceOnly: true, postOnly: true, clOrdId: 'web-x-1', child }).time_in_force).toBe('alo');
  });

  const batch = (states: ScaleChildState[], stop: ScaleBatch['stop'] = null): ScaleBatch => ({
    id: 'abc',
    symbol: 'BTC-USD',
    side: 'buy',
    children: five.map((c, i) => ({ ...c, clOrdId: scaleChildId('abc', i), state: states[i]! })),
    sending: false,
    stop,
    cancel: null,
  });

  it('sums the batch up in one toast: all placed, or which were not and why', () => {
    const all = batchSummary(batch(five.map(() => ({ kind: 'placed' }))), places);
    expect(all).toEqual({ kind: 'success', title: '5 of 5 scale orders placed' });
    const some = batchSummary(
      batch([{ kind: 'placed' }, { kind: 'placed' }, { kind: 'refused', message: 'insufficient margin' }, { kind: 'not-sent' }, { kind: 'not-sent' }], { reason: 'refused', index: 2 }),
      places,
    );
    expect(some.kind).toBe('error');
    expect(some.title).toBe('2 of 5 scale orders placed');
    expect(some.body!.split('\n')).toEqual([
      'Sending stopped after order 3 was refused.',
      'Order 3 (Buy 0.010 BTC-USD @ 94,500.00): refused — insufficient margin',
      'Order 4 (Buy 0.010 BTC-USD @ 94,250.00): not sent',
      'Order 5 (Buy 0.010 BTC-USD @ 94,000.00): not sent',
    ]);
  });

  it('cancels the children that reached or may have reached the exchange', () => {
    const b = batch([{ kind: 'placed' }, { kind: 'unknown', message: 'x', checking: true }, { kind: 'refused', message: 'no' }, { kind: 'missing' }, { kind: 'not-sent' }]);
    expect(cancelableIds(b)).toEqual(['web-abc-1', 'web-abc-2']);
  });
});
