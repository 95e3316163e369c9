import { describe, expect, it } from 'vitest';
import type { NewOrderBody, Order } from '../api/schemas';
import { MAX_READS, next, runModify, startModify, type ModifyEffects, type ModifyRequest, type OrderRead } from './modify-order-machine';
import { canPlaceAgain, describeModify } from './modify-order-words';
import type { Outcome } from './order-outcome';

function order(o: Partial<Order> = {}): Order {
  return {
    id: 7, cl_ord_id: 'web-old', user: 'u', symbol: 'BTC-USD', side: 'buy', order_type: 'limit', time_in_force: 'alo', price: '95000', qty: '0.5',
    fill_qty: '0', fill_avg_price: '0', reduce_only: false, leverage: '10', margin: '0', avail_locked: '0', status: 'open', position_id: 0, liq_id: 0,
    created_block: 0, closed_block: 0, source: 'user', remark: '', payload: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...o,
  };
}

const request = (over: Partial<ModifyRequest> = {}): ModifyRequest => ({ order: order(), price: '94800', qty: '0.3', clOrdId: 'web-new', minQty: '0.001', marginMode: 'cross', ...over });
const D = { price: 1, qty: 3 };

/**
 * Effects that answer from scripts and log every call in order, so a test can see what was sent and
 * when: the original's reads and the new order's reads come from their own queues.
 */
function scripted(a: { cancel: Outcome | Error; original: (OrderRead | Error)[]; place?: Outcome | Error; replacement?: (OrderRead | Error)[] }) {
  const log: string[] = [];
  const placed: NewOrderBody[] = [];
  const answer = <T,>(x: T | Error | undefined): Promise<T> => (x instanceof Error ? Promise.reject(x) : x === undefined ? Promise.reject(new Error('not scripted')) : Promise.resolve(x));
  const fx: ModifyEffects = {
    cancel: (o) => {
      log.push(`cancel ${o.id}`);
      return answer(a.cancel);
    },
    readOrder: (id) => {
      if ('order_id' in id) {
        log.push(`read ${id.order_id}`);
        return answer(a.original.shift());
      }
      log.push(`read ${id.cl_ord_id}`);
      return answer(a.replacement?.shift());
    },
    place: (body) => {
      log.push(`place ${body.qty} @ ${body.price}`);
      placed.push(body);
      return answer(a.place);
    },
    pause: () => Promise.resolve(),
  };
  return { fx, log, placed };
}

const done: Outcome = { kind: 'done' };
const found = (o: Partial<Order>): OrderRead => ({ kind: 'found', order: order(o) });

describe('modify an order (cancel, then replace)', () => {
  it('places the new order only once the original reads back canceled, keeping everything but price, size and id', async () => {
    const { fx, log, placed } = scripted({ cancel: done, original: [found({ status: 'canceled' })], place: done });
    const end = await runModify(request(), fx);
    expect(log).toEqual(['cancel 7', 'read 7', 'place 0.3 @ 94800']);
    expect(placed[0]).toEqual({
      symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '0.3', price: '94800', time_in_force: 'alo', reduce_only: false, cl_ord_id: 'web-new', margin_mode: 'cross', leverage: 10,
    });
    expect(end.result).toEqual({ kind: 'moved', qty: '0.3', filledMeanwhile: '0' });
    expect(describeModify(end, D).title).toBe('Order modified: Buy 0.500 → 0.300 BTC-USD @ 95,000.0 → 94,800.0');
  });

  it('says "already filled — nothing changed" when the cancel finds the order filled, and places nothing', async () => {
    const { fx, log } = scripted({ cancel: { kind: 'refused', message: 'order is not open' }, original: [found({ status: 'filled', fill_qty: '0.5' })] });
    const end = await runModify(request(), fx);
    expect(log).toEqual(['cancel 7', 'read 7']);
    expect(end.result).toEqual({ kind: 'unchanged', why: 'filled' });
    expect(describeModify(end, D).title).toBe('Already filled — nothing changed: Buy 0.500 BTC-USD @ 95,000.0');
    expect(canPlaceAgain(end.result)).toBe(false);
  });

  it('does not bring back an order something else canceled', async () => {
    const { fx, log } = scripted({ cancel: { kind: 'refused', message: 'order is not open' }, original: [found({ status: 'canceled' })] });
    const end = await runModify(request(), fx);
    expect(log).toEqual(['cancel 7', 'read 7']);
    expect(describeModify(end, D).title).toMatch(/^Already canceled — nothing changed/);
  });

  it('a refused cancel of an order still open changes nothing and says why', async () => {
    const { fx, log } = scripted({ cancel: { kind: 'refused', message: 'rate limited' }, original: [found({ status: 'open' })] });
    const end = await runModify(request(), fx);
    expect(log).toEqual(['cancel 7', 'read 7']);
    expect(end.result).toEqual({ kind: 'unchanged', why: 'refused', message: 'rate limited' });
    expect(describeModify(end, D).body).toBe('rate limited. The order stays as it was.');
  });

  it('original canceled but the replacement refused: says both plainly and keeps the values to place again', async () => {
    const { fx, log } = scripted({ cancel: done, original: [found({ status: 'canceled' })], place: { kind: 'refused', message: 'alo order rejected' } });
    const end = await runModify(request(), fx);
    expect(log).toEqual(['cancel 7', 'read 7', 'place 0.3 @ 94800']);
    expect(end.result).toEqual({ kind: 'not-placed', message: 'alo order rejected' });
    expect(end.replacement?.qty).toBe('0.3');
    const words = describeModify(end, D);
    expect(words.title).toBe('Original canceled, new order refused: Buy 0.500 → 0.300 BTC-USD @ 95,000.0 → 94,800.0');
    expect(words.body).toMatch(/original order is canceled and the new one was not placed/);
    expect(canPlaceAgain(end.result)).toBe(true);
  });

  it('cancel with no answer: reads the original by order_id and goes on when it is canceled', async () => {
    const { fx, log } = scripted({ cancel: { kind: 'unknown', message: 'network' }, original: [found({ status: 'canceled' })], place: done });
    const end = await runModify(request(), fx);
    expect(log).toEqual(['cancel 7', 'read 7', 'place 0.3 @ 94800']);
    expect(end.result?.kind).toBe('moved');
  });

  it('cancel with no answer and the order still open after every read: nothing changed, nothing placed', async () => {
    const { fx, log } = scripted({ cancel: { kind: 'unknown', message: 'timeout' }, original: Array.from({ length: MAX_READS }, () => found({ status: 'open' })) });
    const end = await runModify(request(), fx);
    expect(log.filter((l) => l === 'read 7')).toHaveLength(MAX_READS);
    expect(log.some((l) => l.startsWith('place'))).toBe(false);
    expect(end.result).toEqual({ kind: 'unchanged', why: 'still-open', message: 'timeout' });
    expect(describeModify(end, D).body).toMatch(/no new order was placed/);
  });

  it('cancel with no answer and the order unreadable: says it may or may not be canceled, places nothing', async () => {
    const { fx, log } = scripted({ cancel: new Error('socket closed'), original: Array.from({ length: MAX_READS }, () => new Error('offline')) });
    const end = await runModify(request(), fx);
    expect(log.some((l) => l.startsWith('place'))).toBe(false);
    expect(end.result).toEqual({ kind: 'unknown', what: 'cancel', message: 'socket closed', read: 'offline' });
    expect(describeModify(end, D).title).toMatch(/^The cancel may or may not have gone through/);
    expect(describeModify(end, D).body).toBe('No answer (socket closed; offline). No new order was placed; check Open orders.');
  });

  it('a cancel accepted but not yet run is read again until the order reads canceled', async () => {
    const { fx, log } = scripted({ cancel: done, original: [found({ status: 'open' }), found({ status: 'canceled' })], place: done });
    const end = await runModify(request(), fx);
    expect(log).toEqual(['cancel 7', 'read 7', 'read 7', 'place 0.3 @ 94800']);
    expect(end.result?.kind).toBe('moved');
  });

  it('canceled but its last fills unreadable: places nothing (the size is not known) and offers to place again', async () => {
    const { fx, log } = scripted({ cancel: done, original: Array.from({ length: MAX_READS }, () => new Error('offline')) });
    const end = await runModify(request(), fx);
    expect(log.some((l) => l.startsWith('place'))).toBe(false);
    expect(end.result).toEqual({ kind: 'unknown', what: 'fills', message: 'offline' });
    expect(canPlaceAgain(end.result)).toBe(true);
  });

  it('new order with no answer: reads it by cl_ord_id and reports it placed', async () => {
    const { fx, log } = scripted({ cancel: done, original: [found({ status: 'canceled' })], place: { kind: 'unknown', message: 'no outcome' }, replacement: [found({ id: 8, cl_ord_id: 'web-new', status: 'open' })] });
    const end = await runModify(request(), fx);
    expect(log).toEqual(['cancel 7', 'read 7', 'place 0.3 @ 94800', 'read web-new']);
    expect(end.result).toEqual({ kind: 'moved', qty: '0.3', filledMeanwhile: '0', status: 'open' });
  });

  it('new order with no answer and not found after every read: not placed, values kept', async () => {
    const { fx, log } = scripted({ cancel: done, original: [found({ status: 'canceled' })], place: { kind: 'unknown', message: 'no outcome' }, replacement: Array.from({ length: MAX_READS }, (): OrderRead => ({ kind: 'missing' })) });
    const end = await runModify(request(), fx);
    expect(log.filter((l) => l === 'read web-new')).toHaveLength(MAX_READS);
    expect(end.result).toEqual({ kind: 'not-placed', message: { finding: 'never-reached' } });
    expect(describeModify(end, D).body).toBe('it never reached the exchange. The original order is canceled and the new one was not placed; your values are kept — place it again.');
    expect(canPlaceAgain(end.result)).toBe(true);
  });

  it('new order with no answer and unreadable: says it may or may not have been placed, never offers to place it twice', async () => {
    const { fx } = scripted({ cancel: done, original: [found({ status: 'canceled' })], place: new Error('offline'), replacement: Array.from({ length: MAX_READS }, () => new Error('offline')) });
    const end = await runModify(request(), fx);
    expect(end.result).toEqual({ kind: 'unknown', what: 'replacement', message: 'offline' });
    expect(describeModify(end, D).title).toMatch(/^The new order may or may not have been placed/);
    expect(canPlaceAgain(end.result)).toBe(false);
  });

  describe('fills of the original while the trader edited', () => {
    it('come off the new size: the total never exceeds what the trader asked', async () => {
      // The editor opened with 0.1 already filled; by the cancel 0.25 had filled.
      const { fx, placed } = scripted({ cancel: done, original: [found({ status: 'canceled', fill_qty: '0.25' })], place: done });
      const end = await runModify(request({ order: order({ fill_qty: '0.1' }), qty: '0.3' }), fx);
      expect(placed.map((b) => b.qty)).toEqual(['0.15']);
      expect(end.result).toEqual({ kind: 'moved', qty: '0.15', filledMeanwhile: '0.15' });
      expect(describeModify(end, D).body).toBe('0.150 filled while you edited, so the new order is for 0.150.');
    });

    it('that cover the new size: nothing placed, and said', async () => {
      const { fx, log } = scripted({ cancel: done, original: [found({ status: 'canceled', fill_qty: '0.35' })] });
      const end = await runModify(request({ qty: '0.3' }), fx);
      expect(log.some((l) => l.startsWith('place'))).toBe(false);
      expect(end.result).toEqual({ kind: 'nothing-left', filledMeanwhile: '0.35', left: '0' });
      expect(describeModify(end, D).body).toBe('0.350 filled while you edited, which covers the new size: no new order was placed.');
    });

    it('that leave less than the minimum size: nothing placed', async () => {
      const { fx, log } = scripted({ cancel: done, original: [found({ status: 'canceled', fill_qty: '0.2995' })] });
      const end = await runModify(request({ qty: '0.3', minQty: '0.001' }), fx);
      expect(log.some((l) => l.startsWith('place'))).toBe(false);
      expect(end.result).toEqual({ kind: 'nothing-left', filledMeanwhile: '0.2995', left: '0.0005' });
    });
  });

  it('ignores events that do not belong to the phase', () => {
    const s = startModify(request());
    expect(next(s, { type: 'place-outcome', outcome: done })).toBe(s);
    expect(next(s, { type: 'original-read', read: found({ status: 'canceled' }) })).toBe(s);
  });
});
