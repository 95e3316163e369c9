// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { renderWithApi, type RenderedPanel } from '../../api/testing/render-with-api';
import { MarketsStrip } from './markets-strip';

const inI18n = (ui: ReactNode) => <I18nProvider i18n={i18n}>{ui}</I18nProvider>;

const overview = {
  symbols: [
    { symbol: 'BTC-USD', base: 'BTC', last_price: '94847.4', price_change_pct: 1.5, volume_quote_24h: '1200000' },
    { symbol: 'ETH-USD', base: 'ETH', last_price: '3001.25', price_change_pct: -0.5, volume_quote_24h: '800000' },
    { symbol: 'XAU-USD', base: 'XAU', last_price: '2400.1', price_change_pct: 0.1, volume_quote_24h: '50000' },
  ],
};

let panel: RenderedPanel;
let onSelect: ReturnType<typeof vi.fn<(s: string) => void>>;

beforeEach(() => {
  onSelect = vi.fn<(s: string) => void>();
  panel = renderWithApi(inI18n(<MarketsStrip symbol="ETH-USD" onSelect={onSelect} />), (qc) => qc.setQueryData(queryKeys.market.overview(), overview));
});
afterEach(() => panel.unmount());

const tabbable = () => [...panel.container.querySelectorAll<HTMLElement>('button')].filter((b) => b.tabIndex >= 0);
const key = (k: string) => act(() => void document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })));
const focusedMarket = () => (document.activeElement as HTMLElement).dataset.market;

it('is one Tab stop, the current market: the other markets and the stars are out of the Tab order', () => {
  expect(tabbable().map((b) => b.dataset.market)).toEqual(['ETH-USD']);
});

it('← → Home End walk the markets (wrapping), Enter opens the one focused', () => {
  act(() => tabbable()[0]!.focus());
  key('ArrowRight');
  expect(focusedMarket()).toBe('XAU-USD');
  key('ArrowRight');
  expect(focusedMarket()).toBe('BTC-USD');
  key('End');
  expect(focusedMarket()).toBe('XAU-USD');
  key('Home');
  expect(focusedMarket()).toBe('BTC-USD');
  key('ArrowLeft');
  expect(focusedMarket()).toBe('XAU-USD');
  act(() => (document.activeElement as HTMLButtonElement).click());
  expect(onSelect).toHaveBeenCalledWith('XAU-USD');
});
