// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleOrder, sampleTrade } from '../../api/__fixtures__/spec-samples';
import { useOrderDetail } from '../../stores/order-detail';
import { mountEachTest } from '../../testing/mount-each-test';
import { recordingExchangeEachFile } from '../../trading/testing/recording-exchange';
import { OrderDetailDialog } from './order-detail';

// An order's detail lists its fills. query_trades has no order filter: they are read out of the
// symbol's fills over the order's life, 500 a page, newest first (lib/order-fills.ts), among the
// account's other fills of the symbol. Against an exchange over real HTTP that pages as the service does.

const ORDER_ID = 4242;
/** The symbol's fills the exchange holds, newest (highest id) first. */
let tape: (typeof sampleTrade)[] = [];
let order = sampleOrder;
let tradeReads = 0;

const exchange = recordingExchangeEachFile(({ path, query }) => {
  if (path === '/api/query_order') return { status: 200, body: order };
  if (path !== '/api/query_trades') return undefined;
  tradeReads++;
  const lastId = query.get('last_id');
  const limit = Number(query.get('limit') ?? 100);
  const result = tape.filter((t) => lastId === null || t.id < Number(lastId)).slice(0, limit);
  return { status: 200, body: { page_size: result.length, result, total: tape.length } };
});
afterEach(() => {
  act(() => useOrderDetail.getState().close());
  tradeReads = 0;
});
const view = mountEachTest();
const info = [{ symbol: 'BTC-USD', base_asset: 'BTC', price_tick_decimals: 2, qty_tick_decimals: 3 }];

/** The symbol's fills from `top` down to id 1: the order's where `mine(id)`, another order's elsewhere. */
function fillTape(top: number, mine: (id: number) => boolean) {
  tape = Array.from({ length: top }, (_, i) => top - i).map((id) => ({
    ...sampleTrade,
    id,
    order_id: mine(id) ? ORDER_ID : 1,
    qty: '0.001',
    value: '95',
    price: '95000',
    fee_qty: '0.0475',
  }));
}

async function openDetail() {
  view.render(exchange.providers(<OrderDetailDialog account="bsc_0xabc" />, info));
  act(() => useOrderDetail.getState().open(ORDER_ID));
  const detail = () => view.container.ownerDocument.querySelector('[data-testid="order-detail"]');
  for (let i = 0; i < 100 && !detail()?.querySelector('[data-testid="order-fills"], [data-testid="order-fills-cut"]'); i++) {
    await act(() => new Promise((r) => setTimeout(r, 20)));
  }
  return detail()!;
}
const rows = (detail: Element) => detail.querySelectorAll('[data-testid="order-fills"] tbody tr');

describe('the fills in an order’s detail', () => {
  it('lists every fill of an order whose fills span several pages of the symbol’s fills', async () => {
    // 700 fills of the order, every other one of the symbol's last 1,400: three pages.
    fillTape(1400, (id) => id % 2 === 0);
    order = { ...sampleOrder, id: ORDER_ID, status: 'filled', side: 'buy', qty: '0.700', fill_qty: '0.700', fill_avg_price: '95000' };
    const detail = await openDetail();
    expect(rows(detail)).toHaveLength(700);
    expect(detail.querySelector('[data-testid="order-fills-cut"]')).toBeNull();
    expect(tradeReads).toBe(3);
  });

  it('stops reading once the fills add up to what the order filled', async () => {
    // The order's 3 fills are the newest; 5,000 older fills of other orders lie under them.
    fillTape(5003, (id) => id > 5000);
    order = { ...sampleOrder, id: ORDER_ID, status: 'filled', side: 'buy', qty: '0.003', fill_qty: '0.003', fill_avg_price: '95000' };
    const detail = await openDetail();
    expect(rows(detail)).toHaveLength(3);
    expect(tradeReads).toBe(1);
  });

  it('says so when older fills lie beyond the pages read, rather than showing a part as the whole', async () => {
    // One fill on top, the other under 5,000 fills of other orders: more than the 8 pages read.
    fillTape(5002, (id) => id === 5002 || id === 1);
    order = { ...sampleOrder, id: ORDER_ID, status: 'filled', side: 'buy', qty: '0.002', fill_qty: '0.002', fill_avg_price: '95000' };
    const detail = await openDetail();
    expect(rows(detail)).toHaveLength(1);
    expect(detail.querySelector('[data-testid="order-fills-cut"]')?.textContent).toBe(
      'The fills read add up to 0.001 BTC of the 0.002 BTC filled: older ones were left unread (Trade history lists every fill).',
    );
    expect(tradeReads).toBe(8);
  });
});
