// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioSummary } from '../../lib/portfolio/portfolio-summary';
import { GAP_SETTLE_MS, HistoryGaps } from './history-gaps';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const summaryWith = (gaps: Pick<PortfolioSummary, 'positionMismatches' | 'unexplainedPnlFills'>) => gaps as PortfolioSummary;
const mismatch = summaryWith({ positionMismatches: [{ symbol: 'BTC-USD', replayed: '0.1', open: '0.2' }], unexplainedPnlFills: 0 });
const whole = summaryWith({ positionMismatches: [], unexplainedPnlFills: 0 });

let root: Root;
let box: HTMLDivElement;
const show = (s: PortfolioSummary) =>
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <HistoryGaps summary={s} />
      </I18nProvider>,
    ),
  );

describe('history gaps on the Portfolio', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    box = document.createElement('div');
    root = createRoot(box);
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.useRealTimers();
  });

  it('tells a market whose fills do not add up to the open position, once it has lasted', () => {
    show(mismatch);
    expect(box.textContent).toBe('');
    act(() => vi.advanceTimersByTime(GAP_SETTLE_MS));
    expect(box.querySelector('[role="alert"]')?.textContent).toContain('BTC-USD: your fills add up to a position of 0.1, but 0.2 is open');
  });

  it('says nothing of a difference a fill closed before it lasted (the history caught up)', () => {
    show(mismatch);
    act(() => vi.advanceTimersByTime(GAP_SETTLE_MS - 100));
    show(whole);
    act(() => vi.advanceTimersByTime(GAP_SETTLE_MS * 2));
    expect(box.textContent).toBe('');
  });

  it('counts fills that close what the history never opened', () => {
    show(summaryWith({ positionMismatches: [], unexplainedPnlFills: 2 }));
    act(() => vi.advanceTimersByTime(GAP_SETTLE_MS));
    expect(box.textContent).toContain('2 fills close a position the history does not show opening');
  });
});
