// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { act, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useToasts } from '../../stores/toasts';
import { mountEachTest } from '../../testing/mount-each-test';
import { recordingExchangeEachFile } from '../../trading/testing/recording-exchange';
import { longPosition as position, slChild as order } from './account-test-orders';
import { OpenOrdersTable } from './open-orders-table';
import { orderTimeline } from './order-timeline';
import { PositionsTable } from './positions-table';

// A stop loss that has fired but that the protection band (decisions.md "Automatic closes are
// price-protected") left partly unfilled: what Positions and Open orders say of it, against an
// exchange over real HTTP that records what it is asked.

const exchange = recordingExchangeEachFile();
const { received } = exchange;
afterEach(() => useToasts.setState({ toasts: [] }));

const view = mountEachTest();


// A long of 1 BTC (now 0.7 left) whose whole-position stop at 94,000 fired: sized to 1 BTC, 0.3 filled,
// the rest waits for a price within the band. BTC-USD prices to 0.01, sizes to 0.001.
const fired = order({ id: 21, status: 'open', qty: '1', fill_qty: '0.3', fill_avg_price: '93950', remark: 'triggered: waiting for a price within the protection band' });
const info = [{ symbol: 'BTC-USD', base_asset: 'BTC', price_tick_decimals: 2, qty_tick_decimals: 3 }];

function mount(ui: ReactNode) {
  view.render(exchange.providers(ui, info));
}
const byTestId = (id: string) => view.container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const button = (within: HTMLElement, name: string) => [...within.querySelectorAll('button')].find((b) => b.textContent === name)!;
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));
async function until(ok: () => boolean) {
  for (let i = 0; i < 60 && !ok(); i++) await settle();
}

describe('a fired TP/SL the protection band left partly unfilled', () => {
  it('Positions says the stop fired and how much it closed, not that it still waits on the mark', () => {
    const tp = order({ id: 22, source: 'tp', qty: '0', price: '99000' });
    mount(<PositionsTable positions={[position]} openOrders={[fired, tp]} onSelectSymbol={() => undefined} />);
    const cell = byTestId('position-tpsl')!;
    expect(cell.textContent).toContain('SL triggered · closed 0.300 of 1.000');
    expect(byTestId('position-fired-close')!.textContent).toBe('SL triggered · closed 0.300 of 1.000waiting for a price within the protection band');
    // The take profit still waits on the mark; the stop is no longer listed as waiting.
    expect(cell.textContent).toContain('TP 99,000.00');
    expect(cell.textContent).not.toContain('SL 94,000.00');
  });

  it('with only the fired stop, the column does not read "— / —" (no protection)', () => {
    mount(<PositionsTable positions={[position]} openOrders={[fired]} onSelectSymbol={() => undefined} />);
    expect(byTestId('position-tpsl')!.textContent).not.toContain('— / —');
  });

  it('the position’s Market close cancels the fired stop first, then closes what is left', async () => {
    mount(<PositionsTable positions={[position]} openOrders={[fired]} onSelectSymbol={() => undefined} />);
    act(() => button(byTestId('position-BTC-USD')!, 'Market').click());
    await until(() => received.length >= 2);
    expect(received.map((r) => r.path)).toEqual(['/api/cancel_orders', '/api/new_order']);
    expect(received[0]!.body).toEqual({ order_id_list: [21] });
    expect(received[1]!.body).toMatchObject({ side: 'sell', qty: '0.7', order_type: 'market', reduce_only: true });
  });

  it('Open orders shows its trigger labelled as such and that it waits for a price within the band; Cancel cancels it', async () => {
    mount(<OpenOrdersTable orders={[fired]} />);
    const row = byTestId('open-order')!;
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toContain('Trigger 94,000.00');
    expect(cells).not.toContain('Market');
    expect(byTestId('open-order-status')!.textContent).toBe('Triggered — waiting for a price within the protection band');
    expect(cells).toContain('Stop loss');
    expect(cells).toContain('0.300');
    act(() => button(row, 'Cancel').click());
    await until(() => received.length >= 1);
    expect(received[0]).toMatchObject({ path: '/api/cancel_order', body: { order_id: 21 } });
  });

  it('a stop that has just fired and not yet met the band says it is closing', () => {
    mount(<OpenOrdersTable orders={[order({ id: 23, status: 'new' })]} />);
    expect(byTestId('open-order-status')!.textContent).toBe('Triggered — closing');
  });

  it('its detail tells the steps: set, triggered, the partial fill, waiting for a price within the band', () => {
    const fill = { id: 5, order_id: 21, created_at: '2026-01-01T00:04:00Z', qty: '0.3', price: '93950' } as never;
    expect(orderTimeline(fired, [fill]).map((s) => i18n._(s.label))).toEqual(['Set', 'Triggered', 'Fill', 'Waiting for a price within the protection band']);
  });
});
