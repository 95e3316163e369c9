// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ApiProvider } from '../../api/react';
import type { ServiceConfig } from '../../api/service-config';
import { useOrderTicket } from '../../stores/order-ticket';
import { useSignInRequest } from '../../stores/sign-in-request';
import { useSessionStore } from '../../wallet/session-store';
import { OrderForm } from './order-form';
import { btcInfo } from './test-fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const urls = { baseUrl: 'http://x.invalid', authUrl: 'http://x.invalid', bridgeUrl: 'http://x.invalid', geoUrl: 'http://x.invalid' };
let root: Root;
let container: HTMLDivElement;
let api: ApiClient;

function render(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(queryKeys.market.symbolPrice('BTC-USD'), {
    base: 'BTC',
    quote: 'USD',
    symbol: 'BTC-USD',
    index_price: '100000',
    mark_price: '100000',
    last_price: '100000',
    mid_price: '100000',
    spread_ask: '100000.5',
    spread_bid: '99999.5',
    time: '2025-01-01T00:00:00Z',
  });
  act(() =>
    root.render(
      <QueryClientProvider client={qc}>
        <ApiProvider client={api} config={{ ...urls } as unknown as ServiceConfig}>
          {ui}
        </ApiProvider>
      </QueryClientProvider>,
    ),
  );
}

const $ = <T extends Element = HTMLInputElement>(sel: string) => container.querySelector(sel) as T;
function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
function key(target: EventTarget, k: string) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  });
}
const sideChecked = (label: string) => [...container.querySelectorAll('[role=radio]')].find((b) => b.textContent === label)?.getAttribute('aria-checked');
const preview = () => $('[data-testid=order-preview]').textContent ?? '';

beforeEach(() => {
  api = createApiClient({ urls, fetch: () => Promise.reject(new Error('offline in tests')) });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  useSessionStore.setState({ session: null, vault: null });
  useSignInRequest.getState().close();
});

describe('order form', () => {
  it('shows why a size is wrong right under it and keeps what was typed', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    type($('#order-size'), '0.0005');
    expect($('#order-size-error').textContent).toBe('Size moves in steps of 0.001 BTC');
    expect($('#order-size').value).toBe('0.0005');
    expect($('#order-size').getAttribute('aria-invalid')).toBe('true');
  });

  it('previews value, margin, fee and liquidation price for a limit buy', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    type($('#order-price'), '100000');
    type($('#order-size'), '0.1');
    // 0.1 × 100 000 = 10 000; / 10× = 1 000; × 0.04 % = 4; liq (100 000 − 996/0.1) / (1 − 1/80)
    expect(preview()).toContain('10,000.00 USD');
    expect(preview()).toContain('1,000.00 USD');
    expect(preview()).toContain('4.0000 USD');
    expect(preview()).toContain('91,179.7');
  });

  it('switches side with B and S, but not while typing in a field', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    expect(sideChecked('Buy / Long')).toBe('true');
    key(document.body, 's');
    expect(sideChecked('Sell / Short')).toBe('true');
    key($('#order-size'), 'b');
    expect(sideChecked('Sell / Short')).toBe('true');
    key(document.body, 'B');
    expect(sideChecked('Buy / Long')).toBe('true');
  });

  it('clears the typed values with Esc and keeps the side', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    key(document.body, 's');
    type($('#order-price'), '99000');
    type($('#order-size'), '0.2');
    key($('#order-size'), 'Escape');
    expect($('#order-price').value).toBe('');
    expect($('#order-size').value).toBe('');
    expect(sideChecked('Sell / Short')).toBe('true');
  });

  it('takes a price clicked in the order book', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    act(() => useOrderTicket.getState().request({ symbol: 'BTC-USD', price: '99000.5' }));
    expect($('#order-price').value).toBe('99000.5');
    act(() => useOrderTicket.getState().request({ symbol: 'ETH-USD', price: '3000' }));
    expect($('#order-price').value).toBe('99000.5');
  });

  it('asks to sign in instead of sending when signed out', () => {
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    const submit = $<HTMLButtonElement>('[data-testid=submit-order]');
    expect(submit.textContent).toBe('Sign in to trade');
    act(() => submit.click());
    expect(useSignInRequest.getState().dialog.open).toBe(true);
  });

  it('sends a valid order as exact wire strings once signed in', async () => {
    useSessionStore.setState({
      session: { chain: 'bsc', address: '0xabc', token: 't', expiresAt: Date.now() + 60_000, key: {} as never },
    });
    const newOrder = vi.fn(async () => ({ code: 0, message: 'success', request_id: 'r1' }));
    api.trade.newOrder = newOrder;
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    type($('#order-price'), '99999.5');
    type($('#order-size'), '0.015');
    await act(async () => $<HTMLButtonElement>('[data-testid=submit-order]').click());
    expect(newOrder).toHaveBeenCalledWith(
      {
        symbol: 'BTC-USD',
        side: 'buy',
        order_type: 'limit',
        qty: '0.015',
        price: '99999.5',
        time_in_force: 'gtc',
        reduce_only: false,
        cl_ord_id: expect.stringMatching(/^web-[0-9a-f]{32}$/),
      },
      undefined,
    );
    expect($('#order-size').value).toBe(''); // cleared after it was accepted
    expect($('#order-price').value).toBe('99999.5'); // the price stays for the next one
  });

  it('does not send an order with errors, and says what is missing', async () => {
    useSessionStore.setState({
      session: { chain: 'bsc', address: '0xabc', token: 't', expiresAt: Date.now() + 60_000, key: {} as never },
    });
    const newOrder = vi.fn();
    api.trade.newOrder = newOrder;
    render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
    expect($('#order-price-error')).toBeNull(); // not before trying
    await act(async () => $<HTMLButtonElement>('[data-testid=submit-order]').click());
    expect($('#order-price-error').textContent).toBe('Enter a price');
    expect($('#order-size-error').textContent).toBe('Enter a size');
    expect(newOrder).not.toHaveBeenCalled();
  });
});
