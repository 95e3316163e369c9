// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { useOrderDetail } from '../../stores/order-detail';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order, Position } from '../../api/schemas';
import { useToasts } from '../../stores/toasts';
import { useTradeSettings } from '../../stores/trade-settings';
import { mountEachTest } from '../../testing/mount-each-test';
import { recordingExchangeEachFile } from '../../trading/testing/recording-exchange';
import { useSessionStore } from '../../wallet/session-store';
import { AccountTabs } from './account-tabs';
import { longPosition as position, slChild as order } from './account-test-orders';
import { OpenOrdersTable } from './open-orders-table';
import { PositionsTable } from './positions-table';
import { contentName } from '../../testing/accessible-name';

// What a keyboard and screen-reader user meets in Open orders and Positions: where the focus goes
// after a cancel, a close or Esc in an editor, and how an order's detail is reached and named.

const exchange = recordingExchangeEachFile();
const { received } = exchange;
afterEach(() => useToasts.setState({ toasts: [] }));

const view = mountEachTest();


const info = [
  { symbol: 'BTC-USD', base_asset: 'BTC', price_tick_decimals: 2, qty_tick_decimals: 3, min_order_qty: '0.001', max_order_qty: '100', max_position_size: '1000', price_cap_ratio: '0.1', price_floor_ratio: '0.1', taker_fee: '0.0005' },
];
const limit = (id: number) => order({ id, order_type: 'limit', time_in_force: 'gtc', status: 'open', side: 'buy', source: 'user', reduce_only: false, price: '90000', qty: '0.1' });

/** The account tabs around a table, as AccountTabs draws them (the chosen tab is where the focus goes last). */
const inTabs = (tab: string, table: ReactNode) => (
  <section data-testid="account-tabs">
    <div role="tablist">
      <button type="button" role="tab" aria-selected="true">
        {tab}
      </button>
    </div>
    <div role="tabpanel">{table}</div>
  </section>
);
const tab = () => view.container.querySelector<HTMLElement>('[role=tab]')!;
const rowsOf = (id: string) => [...view.container.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];

function mount(ui: ReactNode) {
  view.render(exchange.providers(ui, info));
}
const button = (within: HTMLElement, name: string) => [...within.querySelectorAll('button')].find((b) => b.textContent === name)!;
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));
async function until(ok: () => boolean) {
  for (let i = 0; i < 60 && !ok(); i++) await settle();
}
/** Until `el` says it is busy, looking every millisecond (the local server answers fast). */
async function busy(el: HTMLElement) {
  for (let i = 0; i < 200 && el.getAttribute('aria-busy') !== 'true'; i++) await act(() => new Promise((r) => setTimeout(r, 1)));
}


/** Open orders inside the tabs, re-rendered with the orders the exchange now lists. */
function mountInTabs(label: string, orders: Order[]) {
  mount(inTabs(label, <OpenOrdersTable orders={orders} />));
  return { rerender: (next: Order[]) => mount(inTabs(label, <OpenOrdersTable orders={next} />)) };
}

describe('Open orders for a keyboard and a screen reader', () => {
  it('each row has a button to its detail, named with what it opens and containing its visible text', () => {
    mount(<OpenOrdersTable orders={[limit(1202)]} />);
    const details = rowsOf('open-order')[0]!.querySelector<HTMLButtonElement>('td[data-label=Market] button')!;
    // The visible text first, then what it opens: the name holds what is shown (voice control).
    expect(details.querySelector('.sr-only')?.previousSibling?.textContent).toBe('BTC-USD');
    expect(contentName(details)).toBe('BTC-USD, details of order 1202, buy limit');
    act(() => details.click());
    expect(useOrderDetail.getState().orderId).toBe(1202);
    act(() => useOrderDetail.getState().close());
  });

  it('after Cancel, once the order has left, the focus is on the next row’s Cancel; with none left, on the tab', async () => {
    const qc = mountInTabs(
      'Open orders (2)',
      [limit(1), limit(2)],
    );
    const first = button(rowsOf('open-order')[0]!, 'Cancel');
    first.focus();
    act(() => first.click());
    await until(() => received.length >= 1);
    qc.rerender([limit(2)]);
    await settle();
    expect(document.activeElement).toBe(button(rowsOf('open-order')[0]!, 'Cancel'));
    act(() => (document.activeElement as HTMLElement).click());
    await until(() => received.length >= 2);
    qc.rerender([]);
    await settle();
    expect(document.activeElement).toBe(tab());
  });

  it('Cancel all keeps the focus while it runs (announced unavailable, not disabled) and, the list emptied, hands it to the tab', async () => {
    const qc = mountInTabs('Open orders (2)', [limit(1), limit(2)]);
    const all = view.container.querySelector<HTMLButtonElement>('[data-testid=cancel-all]')!;
    all.focus();
    act(() => all.click());
    await busy(all);
    // While busy: a disabled button would drop the focus to <body> in a browser.
    expect(all.getAttribute('aria-busy')).toBe('true');
    expect(all.disabled).toBe(false);
    expect(all.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(all);
    await until(() => received.length >= 1);
    qc.rerender([]);
    await settle();
    expect(document.activeElement).toBe(tab());
  });

  it('Esc in the modify editor closes it and the focus goes back to its Edit button', () => {
    mount(<OpenOrdersTable orders={[limit(7)]} />);
    const edit = button(rowsOf('open-order')[0]!, 'Edit');
    edit.focus();
    act(() => edit.click());
    const price = view.container.querySelector<HTMLInputElement>('input[aria-label="New price"]')!;
    expect(document.activeElement).toBe(price);
    act(() => {
      price.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    });
    expect(view.container.querySelector('[data-testid=order-modify-editor]')).toBeNull();
    expect(document.activeElement).toBe(button(rowsOf('open-order')[0]!, 'Edit'));
  });
});

describe('Positions for a keyboard', () => {
  it('after a Market close, once the position has gone, the focus is on the Positions tab', async () => {
    const render = (positions: Position[]) => mount(inTabs('Positions (1)', <PositionsTable positions={positions} openOrders={[]} onSelectSymbol={() => undefined} />));
    render([position]);
    const market = button(rowsOf('position-BTC-USD')[0]!, 'Market');
    market.focus();
    act(() => market.click());
    await until(() => received.length >= 1);
    render([]);
    await settle();
    expect(document.activeElement).toBe(tab());
  });

  it('Close all keeps the focus while it runs and, the positions gone, hands it to the tab', async () => {
    const before = useTradeSettings.getState().confirmCloseAll;
    useTradeSettings.setState({ confirmCloseAll: false });
    try {
      const render = (positions: Position[]) => mount(inTabs('Positions (1)', <PositionsTable positions={positions} openOrders={[]} onSelectSymbol={() => undefined} />));
      render([position]);
      const all = view.container.querySelector<HTMLButtonElement>('[data-testid=close-all]')!;
      all.focus();
      act(() => all.click());
      await busy(all);
      expect(all.getAttribute('aria-busy')).toBe('true');
      expect(all.disabled).toBe(false);
      expect(document.activeElement).toBe(all);
      await until(() => received.length >= 1);
      render([]);
      await settle();
      expect(document.activeElement).toBe(tab());
    } finally {
      useTradeSettings.setState({ confirmCloseAll: before });
    }
  });

  it('Esc in the TP/SL editor closes it and the focus goes back to its Edit button', () => {
    mount(<PositionsTable positions={[position]} openOrders={[]} onSelectSymbol={() => undefined} />);
    const edit = button(rowsOf('position-BTC-USD')[0]!, 'Edit');
    edit.focus();
    act(() => edit.click());
    const input = view.container.querySelector<HTMLInputElement>('tr + tr input')!;
    input.focus();
    act(() => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    });
    expect(view.container.querySelector('tr + tr input')).toBeNull();
    expect(document.activeElement).toBe(button(rowsOf('position-BTC-USD')[0]!, 'Edit'));
  });
});

describe('Account tabs', () => {
  it('the tablist owns tabs only: the "BTC-USD only" checkbox sits beside it', () => {
    useSessionStore.setState({ session: { address: '0x1111111111111111111111111111111111111111', chain: 'bsc' } as never, vault: null });
    try {
      mount(<AccountTabs symbol="BTC-USD" onSelectSymbol={() => undefined} />);
      const tablist = view.container.querySelector('[role=tablist]')!;
      expect([...tablist.children].every((c) => c.getAttribute('role') === 'tab')).toBe(true);
      const only = view.container.querySelector<HTMLInputElement>('input[type=checkbox]')!;
      expect(only.closest('label')?.textContent).toBe('BTC-USD only');
      expect(tablist.contains(only)).toBe(false);
    } finally {
      useSessionStore.setState({ session: null });
    }
  });

  it('O and P (not while typing in a field) choose Open orders and Positions and put the focus on the tab', () => {
    useSessionStore.setState({ session: { address: '0x1111111111111111111111111111111111111111', chain: 'bsc' } as never, vault: null });
    try {
      mount(<AccountTabs symbol="BTC-USD" onSelectSymbol={() => undefined} />);
      const press = (key: string, on: EventTarget = document.body) =>
        act(() => {
          on.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        });
      const chosen = () => view.container.querySelector<HTMLElement>('[role=tab][aria-selected=true]')!;
      press('o');
      expect(chosen().textContent).toMatch(/^Open orders/);
      expect(document.activeElement).toBe(chosen());
      press('P');
      expect(chosen().textContent).toMatch(/^Positions/);
      expect(document.activeElement).toBe(chosen());
      // Typed into a field, the key is a letter.
      const field = document.createElement('input');
      document.body.appendChild(field);
      field.focus();
      press('o', field);
      expect(chosen().textContent).toMatch(/^Positions/);
      expect(document.activeElement).toBe(field);
      field.remove();
    } finally {
      useSessionStore.setState({ session: null });
    }
  });
});
