// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { QueryClient } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { renderWithApi, type RenderedPanel } from '../../api/testing/render-with-api';
import type { RecentTrade, SymbolInfo } from '../../api/schemas';
import { RecentTrades } from './recent-trades';

const inI18n = (ui: ReactNode) => <I18nProvider i18n={i18n}>{ui}</I18nProvider>;

const info = { symbol: 'BTC-USD', base_asset: 'BTC', price_tick_decimals: 1, qty_tick_decimals: 3 } as SymbolInfo;
/** Newest first, as the cache holds them: trade i at price 95000 + i, newest (i = 99) on top. */
const trade = (i: number): RecentTrade => ({
  is_buyer_taker: i % 2 === 0,
  price: String(95_000 + i),
  qty: '0.001',
  quote_qty: String(95 + i / 1000),
  symbol: 'BTC-USD',
  time: new Date(Date.UTC(2026, 0, 1, 12, 0, i % 60)).toISOString(),
});
const hundred = Array.from({ length: 100 }, (_, k) => trade(99 - k));

let panel: RenderedPanel;
let container: HTMLDivElement;
let qc: QueryClient;

beforeEach(() => {
  panel = renderWithApi(inI18n(<RecentTrades symbol="BTC-USD" info={info} />), (c) => c.setQueryData(queryKeys.market.recentTrades('BTC-USD'), hundred));
  ({ container, qc } = panel);
});
afterEach(() => panel.unmount());

const shownPrices = () => [...container.querySelectorAll('[data-testid=trade-rows] > div > span:first-child')].map((s) => s.textContent);
const scroller = () => container.querySelector('[data-testid=trade-rows]')!.parentElement!.parentElement!;

describe('recent trades panel', () => {
  it('shows the newest trades first and keeps the list scrollable through all of them', () => {
    expect(shownPrices()[0]).toBe('95,099.0');
    expect(shownPrices().length).toBeLessThan(100); // the rows in view, not the whole list
    expect(container.querySelector('[data-testid=trade-rows]')!.parentElement!.style.height).toBe(`${100 * 18}px`);
  });

  it('scrolling down brings older trades into view at their place in the list', () => {
    const el = scroller();
    act(() => {
      el.scrollTop = 60 * 18;
      el.dispatchEvent(new Event('scroll'));
    });
    expect(shownPrices()[0]).toBe('95,039.0');
    expect((container.querySelector('[data-testid=trade-rows]') as HTMLElement).style.top).toBe(`${60 * 18}px`);
  });

  it('puts a trade the stream delivers on top by moving the bottom row there: no row made or removed, only that row written', async () => {
    const rowsBefore = [...container.querySelectorAll('[data-testid=trade-rows] > div')];
    const written: Node[] = [];
    const watch = new MutationObserver((records) => {
      for (const r of records) {
        // A cell's text is written in its text node (characterData), or as a new node (childList).
        if (r.type === 'characterData') written.push(r.target.parentNode!);
        else if (r.type === 'childList' && r.addedNodes.length > 0 && r.target.nodeName === 'SPAN') written.push(r.target);
      }
    });
    watch.observe(container.querySelector('[data-testid=trade-rows]')!, { subtree: true, childList: true, characterData: true });
    await act(async () => {
      qc.setQueryData(queryKeys.market.recentTrades('BTC-USD'), [trade(100), ...hundred].slice(0, 100));
      await new Promise((r) => setTimeout(r, 0));
    });
    await new Promise((r) => setTimeout(r, 0)); // the observer's records
    watch.disconnect();
    expect(shownPrices().slice(0, 3)).toEqual(['95,100.0', '95,099.0', '95,098.0']);
    const rowsAfter = [...container.querySelectorAll('[data-testid=trade-rows] > div')];
    expect(new Set(rowsAfter)).toEqual(new Set(rowsBefore));
    expect(rowsAfter[0]).toBe(rowsBefore.at(-1));
    expect(rowsAfter.slice(1)).toEqual(rowsBefore.slice(0, -1));
    // Price and size of the moved row (its time too, unless it equals the old one's): nothing else.
    expect(written.length).toBeGreaterThanOrEqual(2);
    expect(written.every((span) => span.parentNode === rowsAfter[0])).toBe(true);
    expect(rowsAfter[0]!.getAttribute('title')).toBe('Buyer took liquidity'); // trade 100: even
    expect(rowsAfter[0]!.firstElementChild!.className).toContain('text-up');
    expect(rowsAfter[1]!.firstElementChild!.className).toContain('text-down');
  });

  it('shows every row right after a burst of more trades than the rows in view', async () => {
    await act(async () => {
      const burst = Array.from({ length: 40 }, (_, k) => trade(139 - k)); // 139 … 100
      qc.setQueryData(queryKeys.market.recentTrades('BTC-USD'), [...burst, ...hundred].slice(0, 100));
      await new Promise((r) => setTimeout(r, 0));
    });
    const prices = shownPrices();
    expect(prices[0]).toBe('95,139.0');
    expect(prices).toEqual(prices.map((_, i) => `95,${139 - i}.0`));
  });

  it('draws a trade in the task the stream wrote it, before anything else could run (the frame it arrived in)', () => {
    qc.setQueryData(queryKeys.market.recentTrades('BTC-USD'), [trade(100), ...hundred].slice(0, 100));
    expect(shownPrices()[0]).toBe('95,100.0');
  });

  it('says there are no trades yet, and draws the first one when it comes', async () => {
    const later = renderWithApi(inI18n(<RecentTrades symbol="ETH-USD" info={info} />), (c) => c.setQueryData(queryKeys.market.recentTrades('ETH-USD'), []));
    try {
      expect(later.container.textContent).toContain('No trades yet');
      await act(async () => {
        later.qc.setQueryData(queryKeys.market.recentTrades('ETH-USD'), [{ ...trade(7), symbol: 'ETH-USD' }]);
        await new Promise((r) => setTimeout(r, 0));
      });
      expect(later.container.textContent).not.toContain('No trades yet');
      expect(later.container.querySelector('[data-testid=trade-rows] > div > span')?.textContent).toBe('95,007.0');
    } finally {
      later.unmount();
    }
  });
});

describe('recent trades for a screen reader', () => {
  it('says each trade’s side in words, not in colour alone', () => {
    const rows = [...container.querySelectorAll('[data-testid=trade-rows] > div')].slice(0, 2);
    // Newest (i = 99) the seller took, the one before (i = 98) the buyer.
    expect(rows.map((r) => r.querySelector('.sr-only')?.textContent)).toEqual(['Sell', 'Buy']);
    expect(rows.map((r) => r.querySelector('[aria-hidden=true]')?.textContent)).toEqual(['▼', '▲']);
    expect(container.querySelector('[data-testid=trade-rows]')?.getAttribute('role')).toBe('list');
    expect(rows.every((r) => r.getAttribute('role') === 'listitem')).toBe(true);
  });
});
