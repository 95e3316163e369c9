// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenErrorBoundary } from './screen-error-boundary';

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
        <ScreenErrorBoundary>
          <p>header</p>
          <Broken />
        </ScreenErrorBoundary>,
      ),
    );
    const alert = el.querySelector('[role=alert]');
    expect(alert?.textContent).toContain('This screen failed to load');
    expect(alert?.textContent).toContain('positions answer missing "side"');
    expect(el.querySelector('button')?.textContent).toBe('Reload');
    act(() => root.unmount());
    el.remove();
  });
});
