// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ApiProvider } from '../../api/react';
import type { Order, Position } from '../../api/schemas';
import type { ServiceConfig } from '../../api/service-config';
import { useToasts } from '../../stores/toasts';
import { mountEachTest } from '../../testing/mount-each-test';
import { createSessionKey } from '../../wallet/session-key';
import { OpenOrdersTable } from './open-orders-table';
import { orderTimeline } from './order-timeline';
import { PositionsTable } from './positions-table';

// A stop loss that has fired but that the protection band (decisions.md "Automatic closes are
// price-protected") left partly unfilled: what Positions and Open orders say of it, against an
// exchange over real HTTP that records what it is asked.

const received: { path: string; body: Record<string, unknown> }[] = [];
let server: Server;
let api: ApiClient;
let config: ServiceConfig;
beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      if (req.method === 'POST') received.push({ path, body: JSON.parse(text) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, message: 'success', request_id: `r${received.length}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = await createSessionKey();
  config = { baseUrl: url, authUrl: url, bridgeUrl: url, geoUrl: url, isDevnet: false } as ServiceConfig;
  api = createApiClient({ urls: config, getCredentials: () => ({ token: 't', signer: key }) });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  received.length = 0;
  useToasts.setState({ toasts: [] });
});

const view = mountEachTest();

function order(o: Partial<Order> & Pick<Order, 'id'>): Order {
  return {
    cl_ord_id: `c${o.id}`, user: 'u', symbol: 'BTC-USD', side: 'sell', order_type: 'market', time_in_force: 'ioc', price: '94000', qty: '1', fill_qty: '0',
    fill_avg_price: '0', reduce_only: true, leverage: '10', margin: '0', avail_locked: '0', status: 'untriggered', position_id: 1, liq_id: 0, created_block: 0,
    closed_block: -1, source: 'sl', remark: '', payload: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:05:00Z', ...o,
  };
}

// A long of 1 BTC (now 0.7 left) whose whole-position stop at 94,000 fired: sized to 1 BTC, 0.3 filled,
// the rest waits for a price within the band. BTC-USD prices to 0.01, sizes to 0.001.
const position = {
  id: 1, symbol: 'BTC-USD', qty: '0.7', entry_price: '96000', mark_price: '93900', liq_price: '0', initial_margin: '6720', holding_margin: '6720',
  margin_mode: 'cross', leverage: '10', realized_pnl: '-630',
} as Position;
const fired = order({ id: 21, status: 'open', qty: '1', fill_qty: '0.3', fill_avg_price: '93950', remark: 'triggered: waiting for a price within the protection band' });
const info = [{ symbol: 'BTC-USD', base_asset: 'BTC', price_tick_decimals: 2, qty_tick_decimals: 3 }];

function mount(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  qc.setQueryData(queryKeys.market.symbolInfo(), info);
  view.render(
    <QueryClientProvider client={qc}>
      <ApiProvider client={api} config={config}>
        {ui}
      </ApiProvider>
    </QueryClientProvider>,
  );
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
    expect(orderTimeline(fired, [fill]).map((s) => s.label)).toEqual(['Set', 'Triggered', 'Fill', 'Waiting for a price within the protection band']);
  });
});
