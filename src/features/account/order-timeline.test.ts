import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { Order, Trade } from '../../api/schemas';
import { orderTimeline as stepsOf } from './order-timeline';

/** The steps with their words, as the detail shows them. */
const orderTimeline = (...a: Parameters<typeof stepsOf>) => stepsOf(...a).map((s) => ({ ...s, label: i18n._(s.label) }));

const order = (o: Partial<Order>) =>
  ({ id: 7, symbol: 'BTC-USD', status: 'filled', source: 'user', qty: '0.02', reduce_only: false, remark: '', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:05.000Z', ...o }) as Order;
const fill = (id: number, at: string) => ({ id, order_id: 7, created_at: at, qty: '0.01', price: '100' }) as Trade;

describe('order timeline', () => {
  it('created, then each fill oldest first, then the final status', () => {
    const steps = orderTimeline(order({}), [fill(2, '2026-01-01T00:00:04.000Z'), fill(1, '2026-01-01T00:00:01.000Z')]);
    expect(steps.map((s) => `${s.kind}:${s.label}`)).toEqual(['created:Created', 'fill:Fill', 'fill:Fill', 'final:Filled']);
    expect(steps[1]?.fill?.id).toBe(1);
  });

  it('a canceled order ends with the exchange remark', () => {
    const steps = orderTimeline(order({ status: 'canceled', remark: 'ioc remainder' }), []);
    expect(steps.at(-1)).toMatchObject({ kind: 'final', label: 'Canceled', remark: 'ioc remainder' });
  });

  it('a resting order ends with where it stands now', () => {
    expect(orderTimeline(order({ status: 'open' }), []).at(-1)).toMatchObject({ kind: 'now', label: 'Open' });
  });

  it('a take profit is set, and once filled says it was triggered before its fills', () => {
    expect(orderTimeline(order({ source: 'tp', status: 'untriggered', fill_qty: '0' }), []).map((s) => s.label)).toEqual(['Set', 'Waiting for trigger']);
    const steps = orderTimeline(order({ source: 'tp', status: 'filled', fill_qty: '0.02' }), [fill(1, '2026-01-01T00:00:04.000Z')]);
    expect(steps.map((s) => `${s.kind}:${s.label}`)).toEqual(['created:Set', 'triggered:Triggered', 'fill:Fill', 'final:Filled']);
    expect(steps[1]?.time).toBeNull();
  });

  it('a fired stop the protection band left partly unfilled: set, triggered, its fill, waiting for a price within the band', () => {
    const waiting = order({ source: 'sl', status: 'open', fill_qty: '0.01', remark: 'triggered: waiting for a price within the protection band' });
    const steps = orderTimeline(waiting, [fill(1, '2026-01-01T00:00:04.000Z')]);
    expect(steps.map((s) => `${s.kind}:${s.label}`)).toEqual(['created:Set', 'triggered:Triggered', 'fill:Fill', 'now:Waiting for a price within the protection band']);
    expect(steps.at(-1)?.remark).toBeUndefined();
  });

  it('canceled after a partial fill (the position closed): the remark says why', () => {
    const steps = orderTimeline(order({ source: 'sl', status: 'canceled', fill_qty: '0.01', remark: 'position closed' }), []);
    expect(steps.map((s) => s.label)).toEqual(['Set', 'Triggered', 'Canceled']);
    expect(steps.at(-1)?.remark).toBe('position closed');
  });
});
