// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { QueryClient } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { renderWithApi, type RenderedPanel } from '../../api/testing/render-with-api';
import type { DepthBook, SymbolInfo } from '../../api/schemas';
import { createAppStreams } from '../../api/stream/app-streams';
import { FakeSocket } from '../../testing/fake-socket';
import { useOrderTicket } from '../../stores/order-ticket';
import { OrderBook } from './order-book';
import { contentName } from '../../testing/accessible-name';
import { activateLocale } from '../../i18n/activate';

const inI18n = (ui: ReactNode) => <I18nProvider i18n={i18n}>{ui}</I18nProvider>;

const info = { symbol: 'BTC-USD', base_asset: 'BTC', price_tick_decimals: 1, qty_tick_decimals: 3, depth_ticks: '0.1,1,10' } as SymbolInfo;
const book: DepthBook = {
  symbol: 'BTC-USD',
  asks: [['95010.5', '1'], ['95000.5', '0.25'], ['95003', '0.5']],
  bids: [['94990', '2'], ['94999.5', '0.1'], ['94995.2', '0.4']],
};

let panel: RenderedPanel;
let container: HTMLDivElement;
let qc: QueryClient;

beforeEach(() => {
  panel = renderWithApi(inI18n(<OrderBook symbol="BTC-USD" info={info} />), (c) => c.setQueryData(queryKeys.market.depth('BTC-USD'), book));
  ({ container, qc } = panel);
});
afterEach(() => panel.unmount());

const prices = (side: 'asks' | 'bids') =>
  [...container.querySelectorAll(`[data-testid=book-${side}] [data-testid=book-${side}-row] span:nth-child(2)`)].map((s) => s.textContent);

describe('order book panel', () => {
  it('lists the best ask and best bid next to the spread', () => {
    expect(prices('asks')).toEqual(['95,000.5', '95,003.0', '95,010.5']); // DOM order best first; drawn upward
    expect(prices('bids')).toEqual(['94,999.5', '94,995.2', '94,990.0']);
    expect(container.querySelector('[data-testid=book-spread]')?.textContent).toContain('1.0');
  });

  it('groups by the chosen depth tick', () => {
    const select = container.querySelector('select')!;
    act(() => {
      select.value = '10';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(prices('asks')).toEqual(['95,010', '95,020']);
    expect(prices('bids')).toEqual(['94,990']);
  });

  it('puts a clicked price into the order ticket', () => {
    const row = container.querySelector('[data-testid=book-bids-row]') as HTMLButtonElement;
    act(() => row.click());
    expect(useOrderTicket.getState().intent).toMatchObject({ symbol: 'BTC-USD', price: '94999.5' });
  });

  it('repaints when the stream writes a new snapshot into the cache', async () => {
    await act(async () => {
      qc.setQueryData(queryKeys.market.depth('BTC-USD'), { ...book, bids: [['94000', '1']] });
      await new Promise((r) => setTimeout(r, 0)); // react-query notifies observers on the next tick
    });
    expect(prices('bids')).toEqual(['94,000.0']);
    // The row that showed another price picks the one it shows now.
    act(() => (container.querySelector('[data-testid=book-bids-row]') as HTMLButtonElement).click());
    expect(useOrderTicket.getState().intent).toMatchObject({ symbol: 'BTC-USD', price: '94000.0' });
  });

  it('writes only what a new snapshot changed, in the rows already on screen', async () => {
    const rowsBefore = [...container.querySelectorAll('[data-testid=book-bids-row]')];
    const written: Node[] = [];
    const watch = new MutationObserver((records) => {
      // A text written in its text node reports the node: count its cell.
      for (const r of records) written.push(r.target instanceof Text ? r.target.parentElement! : r.target);
    });
    watch.observe(container.querySelector('[data-testid=book-bids]')!, { subtree: true, childList: true, attributes: true, characterData: true });
    await act(async () => {
      // One size changes: the second bid (94995.2) from 0.4 to 0.3.
      qc.setQueryData(queryKeys.market.depth('BTC-USD'), { ...book, bids: [['94990', '2'], ['94999.5', '0.1'], ['94995.2', '0.3']] });
      await new Promise((r) => setTimeout(r, 0));
    });
    await new Promise((r) => setTimeout(r, 0));
    watch.disconnect();
    const rowsAfter = [...container.querySelectorAll('[data-testid=book-bids-row]')];
    expect(rowsAfter).toEqual(rowsBefore);
    // Its size, its total and the third row's total; the depth bars of the rows whose totals moved.
    expect(written.filter((n) => n.nodeName === 'SPAN' && (n as Element).classList.contains('num'))).not.toHaveLength(0);
    expect(written.every((n) => rowsAfter.indexOf((n as Element).closest('[role=option]')!) >= 1)).toBe(true);
    expect(rowsAfter[1]!.textContent).toContain('0.300');
  });
});

describe('order book drawing', () => {
  it('draws a snapshot in the task that wrote it, before anything else could run (the frame the stream wrote it in)', () => {
    const bids: DepthBook['bids'] = [['94001', '1']];
    qc.setQueryData(queryKeys.market.depth('BTC-USD'), { ...book, bids, asks: [['94002', '2']] });
    expect(prices('bids')).toEqual(['94,001.0']);
    expect(prices('asks')).toEqual(['94,002.0']);
    expect(container.querySelector('[data-testid=book-spread]')?.textContent).toContain('1.0');
  });

  it('says it is loading until the first book arrives, then draws it', async () => {
    const later = renderWithApi(inI18n(<OrderBook symbol="ETH-USD" info={{ ...info, symbol: 'ETH-USD' }} />), () => undefined);
    try {
      const loading = () => later.container.textContent?.includes('Loading order book') ?? false;
      expect(loading()).toBe(true);
      await act(async () => {
        later.qc.setQueryData(queryKeys.market.depth('ETH-USD'), { symbol: 'ETH-USD', asks: [['3001', '1']], bids: [['2999', '2']] });
        await new Promise((r) => setTimeout(r, 0));
      });
      expect(loading()).toBe(false);
      const row = later.container.querySelector('[data-testid=book-bids-row] span:nth-child(2)');
      expect(row?.textContent).toBe('2,999.0');
    } finally {
      later.unmount();
    }
  });
});

describe('order book when its feed stops', () => {
  it('dims and says "as of" the last frame once the market stream has been silent past the bound, and comes back live with the next frame', () => {
    vi.useFakeTimers({ now: new Date(2026, 0, 1, 12, 1, 7) });
    const sockets: FakeSocket[] = [];
    const streams = createAppStreams({ streamUrl: 'ws://x/ws-stream/v1', orderStreamUrl: 'ws://x/ws-api/v1' }, (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    });
    const stale = renderWithApi(inI18n(<OrderBook symbol="BTC-USD" info={info} />), (c) => c.setQueryData(queryKeys.market.depth('BTC-USD'), book), streams);
    try {
      const market = sockets.find((s) => s.url.endsWith('/ws-stream/v1'))!;
      const off = streams.market.subscribe('price', 'BTC-USD', () => undefined);
      act(() => {
        market.open();
        market.reply({ seq: 1, channel: 'auth', data: { code: 401, msg: 'any frame' } });
      });
      const asOf = () => stale.container.querySelector('[data-testid=book-as-of]')?.textContent ?? null;
      act(() => vi.advanceTimersByTime(5_000));
      expect(asOf()).toBeNull();
      act(() => vi.advanceTimersByTime(1_000));
      expect(asOf()).toBe('as of 12:01:07');
      expect(stale.container.querySelector('[data-stale=true]')).not.toBeNull();
      act(() => {
        market.reply({ seq: 2, channel: 'auth', data: { code: 401, msg: 'any frame' } });
        vi.advanceTimersByTime(1_000);
      });
      expect(asOf()).toBeNull();
      expect(stale.container.querySelector('[data-stale=true]')).toBeNull();
      off();
    } finally {
      stale.unmount();
      streams.close();
      vi.useRealTimers();
    }
  });
});

describe('order book from the keyboard and a screen reader', () => {
  const levels = () => container.querySelector('[role=listbox][aria-label="Order book levels"]') as HTMLElement;
  const key = (el: HTMLElement, k: string) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })));
  const activeName = () => {
    const id = levels().getAttribute('aria-activedescendant');
    return id ? contentName(document.getElementById(id)) : null;
  };

  it('names each level by side, price, size and total, with the base asset', () => {
    const names = [...container.querySelectorAll('[role=option]')].map((o) => contentName(o));
    expect(names).toContain('Ask 95,000.5, size 0.250 BTC, total 0.250 BTC');
    expect(names).toContain('Bid 94,995.2, size 0.400 BTC, total 0.500 BTC');
  });

  it('names the levels anew in the language chosen, without waiting for the next book', async () => {
    await act(() => activateLocale('zh-CN'));
    try {
      const names = [...container.querySelectorAll('[role=option]')].map((o) => contentName(o));
      expect(names).toContain('卖单 95,000.5，数量 0.250 BTC，累计 0.250 BTC');
      expect((container.querySelector('[role=option]') as HTMLElement).title).toBe('将此价格填入下单面板');
    } finally {
      await act(() => activateLocale('en'));
    }
    expect([...container.querySelectorAll('[role=option]')].map((o) => contentName(o))).toContain('Ask 95,000.5, size 0.250 BTC, total 0.250 BTC');
  });

  it('is one Tab stop: no level is focusable on its own', () => {
    const tabbable = [...container.querySelectorAll('button, [tabindex]')].filter((el) => (el as HTMLElement).tabIndex >= 0 && !(el as HTMLElement).closest('select'));
    expect(tabbable).toEqual([levels()]);
  });

  it('starts at the best ask on focus; Down crosses to the bids, Up climbs the asks, the ends stop', () => {
    act(() => levels().focus());
    expect(activeName()).toBe('Ask 95,000.5, size 0.250 BTC, total 0.250 BTC');
    key(levels(), 'ArrowDown');
    expect(activeName()).toBe('Bid 94,999.5, size 0.100 BTC, total 0.100 BTC');
    key(levels(), 'ArrowUp');
    key(levels(), 'ArrowUp');
    expect(activeName()).toBe('Ask 95,003.0, size 0.500 BTC, total 0.750 BTC');
    key(levels(), 'Home');
    key(levels(), 'ArrowUp');
    expect(activeName()).toBe('Ask 95,010.5, size 1.000 BTC, total 1.750 BTC');
    key(levels(), 'End');
    expect(activeName()).toBe('Bid 94,990.0, size 2.000 BTC, total 2.500 BTC');
  });

  it('Enter and Space put the active level’s price into the order ticket, as a click does', () => {
    act(() => levels().focus());
    key(levels(), 'ArrowDown');
    key(levels(), 'ArrowDown');
    key(levels(), 'Enter');
    expect(useOrderTicket.getState().intent).toMatchObject({ symbol: 'BTC-USD', price: '94995.2' });
    key(levels(), 'ArrowUp');
    key(levels(), ' ');
    expect(useOrderTicket.getState().intent).toMatchObject({ symbol: 'BTC-USD', price: '94999.5' });
  });
});
