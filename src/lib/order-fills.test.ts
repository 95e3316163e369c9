import { describe, expect, it } from 'vitest';
import { readOrderFills, type TradeReader } from './order-fills';

type Fill = { id: number; order_id: number; qty: string };
const order = { id: 7, symbol: 'BTC-USD', status: 'filled', fill_qty: '0.3', created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-02T00:00:00Z' };

/** A service holding `fills` (newest first), recording what it is asked. */
function service(fills: Fill[], paging = true) {
  const asked: Record<string, unknown>[] = [];
  const reader: TradeReader<Fill> = {
    queryTrades: async (q) => {
      asked.push(q);
      const from = paging && q.last_id !== undefined ? fills.filter((f) => f.id < q.last_id!) : fills;
      return { result: from.slice(0, q.limit) };
    },
  };
  return { reader, asked };
}

describe('readOrderFills: one order’s fills out of its symbol’s', () => {
  it('reads a final order’s life, creation to last update, and keeps its own fills, newest first', async () => {
    const s = service([
      { id: 5, order_id: 7, qty: '0.1' },
      { id: 4, order_id: 8, qty: '1' },
      { id: 3, order_id: 7, qty: '-0.2' },
    ]);
    expect(await readOrderFills(s.reader, order)).toEqual({ fills: [{ id: 5, order_id: 7, qty: '0.1' }, { id: 3, order_id: 7, qty: '-0.2' }], cut: false });
    expect(s.asked).toEqual([{ symbol: 'BTC-USD', start: order.created_at, end: order.updated_at, limit: 500 }]);
  });

  it('reads a live order’s up to now (no end): it may fill again', async () => {
    for (const status of ['new', 'open', 'untriggered']) {
      const s = service([]);
      await readOrderFills(s.reader, { ...order, status, fill_qty: '0' });
      expect(s.asked).toEqual([{ symbol: 'BTC-USD', start: order.created_at, limit: 500 }]);
    }
  });

  it('is cut when the service sends the same page again: older fills could not be read', async () => {
    const others = Array.from({ length: 500 }, (_, i) => ({ id: 1000 - i, order_id: 8, qty: '1' }));
    const s = service([{ id: 1001, order_id: 7, qty: '0.1' }, ...others], false);
    const read = await readOrderFills(s.reader, order);
    expect(read).toEqual({ fills: [{ id: 1001, order_id: 7, qty: '0.1' }], cut: true });
    expect(s.asked).toHaveLength(2);
  });
});
