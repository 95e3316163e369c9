import { expect, it } from 'vitest';
import { readClosedOrderCard, type CardReader } from './share-card-order';

// The account's other BTC fills since the closing order was created (a bot trading beside a week-old SL).
const OTHERS = 50_000;
const fill = { id: OTHERS + 1, order_id: 9, symbol: 'BTC-USD', side: 'sell' as const, price: '96000', qty: '0.1', pnl: '100', user: 'u', created_at: '2026-11-29T00:00:00Z' };
const order = { id: 9, symbol: 'BTC-USD', status: 'filled', fill_qty: '0.1', leverage: '10', created_at: '2026-11-22T00:00:00Z', updated_at: '2026-11-29T00:00:00Z' };

/** A service holding `ids` (newest first) of the symbol, the order's own rows among them. */
function service(rowOf: (id: number) => typeof fill, top: number) {
  let calls = 0;
  const reader: CardReader = {
    queryTrades: async (q) => {
      calls++;
      const from = q.last_id === undefined ? top : q.last_id - 1;
      const ids = Array.from({ length: Math.max(0, Math.min(q.limit, from)) }, (_, i) => from - i);
      return { result: ids.map(rowOf) };
    },
    queryPositions: async () => [],
    queryOrder: async () => order,
    queryPositionConfig: async () => ({ leverage: 10 }),
  };
  return { reader, calls: () => calls };
}
const other = (id: number) => ({ ...fill, id, order_id: 1000 + id, pnl: '0' });

it("a week-old SL's close reads its own fills, not every fill of the symbol since the SL was set", async () => {
  // Seen failing before the read stopped at the order's fill_qty: 103 requests for one Share press.
  const s = service((id) => (id === fill.id ? fill : other(id)), OTHERS + 1);
  const card = await readClosedOrderCard(s.reader, fill, [fill], { price: 1, qty: 3 });
  expect(card?.cover).toEqual({ whole: true, fills: 1 });
  expect(s.calls()).toBeLessThan(10);
});

it('an order whose fills lie beyond the pages read gets a card that says it is only a part', async () => {
  // The order filled 0.2: the shared 0.1 on top, the other 0.1 under 50,000 other fills.
  const older = { ...fill, id: 1 };
  const s = service((id) => (id === fill.id ? fill : id === 1 ? older : other(id)), OTHERS + 1);
  const wide = { ...order, fill_qty: '0.2' };
  const reader: CardReader = { ...s.reader, queryOrder: async () => wide };
  const card = await readClosedOrderCard(reader, fill, [fill], { price: 1, qty: 3 });
  expect(card?.cover).toMatchObject({ whole: false, fills: 1, orderFilled: '0.200' });
  expect(s.calls()).toBeLessThan(20);
});
