import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';
import { createApiClient, type ApiClient } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { ApiProvider } from '../../../api/react';
import type { ServiceConfig } from '../../../api/service-config';
import { useSignInRequest } from '../../../stores/sign-in-request';
import { DEFAULT_TRADE_SETTINGS, useTradeSettings } from '../../../stores/trade-settings';
import { useSessionStore } from '../../../wallet/session-store';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const urls = { baseUrl: 'http://x.invalid', authUrl: 'http://x.invalid', bridgeUrl: 'http://x.invalid', geoUrl: 'http://x.invalid' };

/**
 * The order form's tests' page (jsdom): a fresh root, an offline api client and stores reset for each
 * test, the BTC-USD mark at 100,000 in the cache, and the DOM helpers they drive the form with.
 * Called once at the top of a test file; its hooks run before the file's own.
 */
export function formHarness() {
  let root: Root;
  let container: HTMLDivElement;
  let api: ApiClient;
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
  const $ = <T extends Element = HTMLInputElement>(sel: string) => container.querySelector(sel) as T;
  return {
    api: () => api,
    container: () => container,
    $,
    render(ui: ReactNode, seed: (qc: QueryClient) => void = () => {}) {
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
    },
    /** Types into a controlled input as a trader would (React hears the input event). */
    type(input: HTMLInputElement, value: string) {
      act(() => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    key(target: EventTarget, k: string) {
      act(() => {
        target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      });
    },
    button: (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement | undefined,
  };
}
