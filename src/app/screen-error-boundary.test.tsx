// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenBoundary, ScreenErrorBoundary } from './screen-error-boundary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => vi.restoreAllMocks());

function Broken(): never {
  throw new Error('positions answer missing "side"');
}

describe('a screen that fails to render', () => {
  it('says so and what failed, with a reload, instead of a blank page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const el = document.createElement('div');
    document.body.appendChild(el);
    const root = createRoot(el);
    act(() =>
      root.render(
        <I18nProvider i18n={i18n}>
          <ScreenErrorBoundary>
            <p>header</p>
            <Broken />
          </ScreenErrorBoundary>
        </I18nProvider>,
      ),
    );
    const alert = el.querySelector('[role=alert]');
    expect(alert?.textContent).toContain('This screen failed to load');
    expect(alert?.textContent).toContain('positions answer missing "side"');
    expect(el.querySelector('button')?.textContent).toBe('Reload');
    act(() => root.unmount());
    el.remove();
  });

  it('shows the screen Back returns to, not the failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Market() {
      const { symbol } = useParams();
      if (symbol === 'BAD') throw new Error('bad market data');
      return (
        <p>
          market {symbol} <Link to="/trade/BAD">bad</Link>
        </p>
      );
    }
    window.history.replaceState(null, '', '/trade/OK');
    const el = document.createElement('div');
    document.body.appendChild(el);
    const root = createRoot(el);
    const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));
    act(() =>
      root.render(
        <I18nProvider i18n={i18n}>
          <BrowserRouter>
            <ScreenBoundary>
              <Routes>
                <Route path="/trade/:symbol" element={<Market />} />
              </Routes>
            </ScreenBoundary>
          </BrowserRouter>
        </I18nProvider>,
      ),
    );
    act(() => el.querySelector('a')!.click());
    await settle();
    expect(el.textContent).toContain('bad market data');
    await act(async () => {
      window.history.back();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(window.location.pathname).toBe('/trade/OK');
    expect(el.textContent).toContain('market OK');
    act(() => root.unmount());
    el.remove();
  });
});
