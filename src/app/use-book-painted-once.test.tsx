// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/query-keys';
import { mountEachTest } from '../testing/mount-each-test';
import { BOOK_WAIT_MS, useBookPaintedOnce } from './use-book-painted-once';

// The chart, the order form and the account tabs wait for the book's first paint (cold start); an
// exchange that never sends a book must not leave them on "Loading…" for ever.

const view = mountEachTest();
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function Panels({ symbol }: { symbol: string }) {
  return <p>{useBookPaintedOnce(symbol) ? 'order form' : 'Loading…'}</p>;
}

function mount(qc: QueryClient) {
  view.render(
    <QueryClientProvider client={qc}>
      <Panels symbol="BTC-USD" />
    </QueryClientProvider>,
  );
  return () => view.container.textContent;
}

describe('the panels that wait for the book', () => {
  it('load once the book has data and has painted', () => {
    const qc = new QueryClient();
    const shown = mount(qc);
    expect(shown()).toBe('Loading…');
    act(() => qc.setQueryData(queryKeys.market.depth('BTC-USD'), { symbol: 'BTC-USD', asks: [], bids: [] }));
    act(() => vi.advanceTimersByTime(50));
    expect(shown()).toBe('order form');
  });

  it('load anyway about 2 s after mount when no book ever comes (exchange down from page load)', () => {
    const shown = mount(new QueryClient());
    act(() => vi.advanceTimersByTime(BOOK_WAIT_MS - 100));
    expect(shown()).toBe('Loading…');
    act(() => vi.advanceTimersByTime(200));
    expect(shown()).toBe('order form');
  });
});
