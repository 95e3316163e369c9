// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ApiProvider } from '../../api/react';
import type { ServiceConfig } from '../../api/service-config';
import { useSignInRequest } from '../../stores/sign-in-request';
import { DEFAULT_TRADE_SETTINGS, useTradeSettings } from '../../stores/trade-settings';
import { useSessionStore } from '../../wallet/session-store';
import { OrderForm } from './order-form';
import { btcInfo } from './test-fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const urls = { baseUrl: 'http://x.invalid', authUrl: 'http://x.invalid', bridgeUrl: 'http://x.invalid', geoUrl: 'http://x.invalid' };
let root: Root;
let container: HTMLDivElement;
let api: ApiClient;

function render(ui: ReactNode, seed: (qc: QueryClient) => void = () => {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed(qc);
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
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={qc}>
          <ApiProvider client={api} config={{ ...urls } as unknown as ServiceConfig}>
            {ui}
          </ApiProvider>
        </QueryClientProvider>
      </I18nProvider>,
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
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement | undefined;

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
  useTradeSettings.setState({ ...DEFAULT_TRADE_SETTINGS });
});

/** The Scale tab chosen, its lazily loaded fields drawn. */
async function openScale() {
  render(<OrderForm symbol="BTC-USD" info={btcInfo} />);
  const tab = [...container.querySelectorAll('[role=tab]')].find((b) => b.textContent === 'Scale') as HTMLButtonElement;
  act(() => tab.click());
  for (let i = 0; i < 50 && !$('#scale-from'); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect($('#scale-from')).not.toBeNull();
}
const rows = () => container.querySelectorAll('[data-testid=scale-preview-row]');

// The scale tab as a trader uses it; the model and the batch are tested beside their files.
describe('scale order form', () => {
  it('previews every child, shows a refused count beside its field and keeps it as typed', async () => {
    await openScale();
    type($('#scale-from'), '99000');
    type($('#scale-to'), '98000');
    type($('#scale-total'), '0.05');
    expect(rows()).toHaveLength(5);
    expect(rows()[1]!.textContent).toContain('98,750.0');
    expect(button('Sign in to trade')).toBeDefined();
    expect($('[data-testid=scale-totals]').textContent).toContain('4,925.00 USD');
    type($('#scale-count'), '2.5');
    expect($('#scale-count-error').textContent).toBe('The number of orders must be a whole number');
    expect($('#scale-count').value).toBe('2.5');
    expect(rows()).toHaveLength(0);
  });

  it('asks a signed-out trader to sign in on Enter, and clears the scale on Esc', async () => {
    await openScale();
    type($('#scale-from'), '99000');
    type($('#scale-total'), '0.05');
    key($('#scale-total'), 'Enter');
    expect(useSignInRequest.getState().dialog.open).toBe(true);
    key($('#scale-total'), 'Escape');
    expect($('#scale-from').value).toBe('');
    expect($('#scale-total').value).toBe('');
    expect($('#scale-count').value).toBe('5');
  });
});
