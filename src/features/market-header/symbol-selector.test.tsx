// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { renderWithApi, type RenderedPanel } from '../../api/testing/render-with-api';
import { SymbolSelector } from './symbol-selector';
import { contentName } from '../../testing/accessible-name';

const inI18n = (ui: ReactNode) => <I18nProvider i18n={i18n}>{ui}</I18nProvider>;

const overview = {
  symbols: [
    { symbol: 'BTC-USD', base: 'BTC', last_price: '94847.4', price_change_pct: 1.5, volume_quote_24h: '1200000' },
    { symbol: 'ETH-USD', base: 'ETH', last_price: '3001.25', price_change_pct: -0.5, volume_quote_24h: '800000' },
    { symbol: 'XAU-USD', base: 'XAU', last_price: '2400.1', price_change_pct: 0.1, volume_quote_24h: '50000' },
  ],
};
const infos = [
  { symbol: 'BTC-USD', price_tick_decimals: 2 },
  { symbol: 'ETH-USD', price_tick_decimals: 2 },
  { symbol: 'XAU-USD', price_tick_decimals: 2 },
];

let panel: RenderedPanel;
let onSelect: ReturnType<typeof vi.fn<(s: string) => void>>;
let after: HTMLButtonElement;

beforeEach(() => {
  onSelect = vi.fn<(s: string) => void>();
  panel = renderWithApi(inI18n(<SymbolSelector symbol="BTC-USD" onSelect={onSelect} />), (qc) => {
    qc.setQueryData(queryKeys.market.overview(), overview);
    qc.setQueryData(queryKeys.market.symbolInfo(), infos);
  });
  after = document.createElement('button');
  after.textContent = 'next on the page';
  document.body.append(after);
});
afterEach(() => {
  panel.unmount();
  after.remove();
});

const opener = () => panel.container.querySelector('[data-testid=symbol-selector]') as HTMLButtonElement;
const search = () => panel.container.querySelector('[role=combobox]') as HTMLInputElement | null;
const options = () => [...panel.container.querySelectorAll('[role=listbox][aria-label=Markets] [role=option]')];
const key = (el: Element, k: string, init: KeyboardEventInit = {}) =>
  act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init })));
const openPicker = () => {
  act(() => opener().focus());
  act(() => opener().click());
};
const highlighted = () => {
  const id = search()!.getAttribute('aria-activedescendant');
  return id ? contentName(document.getElementById(id)) : null;
};

describe('market picker for a keyboard and a screen reader', () => {
  it('the opener is named with what it shows', () => {
    expect(opener().getAttribute('aria-label') ?? opener().textContent).toContain('BTC-USD');
  });

  it('is a combobox over a listbox whose options hold no control', () => {
    openPicker();
    const box = search();
    expect(box).not.toBeNull();
    expect(box!.getAttribute('aria-label')).toBe('Search markets');
    expect(document.activeElement).toBe(box);
    const list = document.getElementById(box!.getAttribute('aria-controls')!)!;
    expect(list.getAttribute('role')).toBe('listbox');
    expect(options()).toHaveLength(3);
    for (const o of options()) expect(o.querySelector('button, input, a, [tabindex]')).toBeNull();
    // Every child of the listbox is an option.
    expect([...list.children].every((c) => c.getAttribute('role') === 'option')).toBe(true);
    // The stars are still there, beside the options.
    expect(panel.container.querySelector('button[aria-label="Add ETH-USD to favorites"]')).not.toBeNull();
  });

  it('names each option by market, price and change', () => {
    openPicker();
    expect(contentName(options()[1])).toBe('ETH-USD Ether, last 3,001.25, 24h -0.50%, volume 800.00K');
  });

  it('arrows move the highlight, Enter picks, and the focus goes back to the opener', () => {
    openPicker();
    expect(highlighted()).toMatch(/^BTC-USD/);
    key(search()!, 'ArrowDown');
    key(search()!, 'ArrowDown');
    expect(highlighted()).toMatch(/^XAU-USD/);
    expect(options()[2]!.getAttribute('aria-selected')).toBe('true');
    key(search()!, 'ArrowUp');
    key(search()!, 'Enter');
    expect(onSelect).toHaveBeenCalledWith('ETH-USD');
    expect(search()).toBeNull();
    expect(document.activeElement).toBe(opener());
  });

  it('Esc closes and returns the focus to the opener', () => {
    openPicker();
    key(search()!, 'Escape');
    expect(search()).toBeNull();
    expect(opener().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(opener());
  });

  it('the focus leaving it (Tab past its controls) closes it', () => {
    openPicker();
    act(() => after.focus());
    expect(search()).toBeNull();
    expect(opener().getAttribute('aria-expanded')).toBe('false');
  });
});
