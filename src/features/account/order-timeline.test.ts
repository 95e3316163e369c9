import { describe, expect, it } from 'vitest';
import type { Order, Trade } from '../../api/schemas';
import { orderTimeline } from './order-timeline';

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
});
