// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountEachTest } from '../../testing/mount-each-test';
import { toast, useToasts } from '../../stores/toasts';
import { ToastViewport } from './toast-viewport';

const view = mountEachTest();
const cards = () => [...view.container.querySelectorAll('[role=status], [role=alert]')].map((b) => b.textContent);
const more = () => view.container.querySelector<HTMLButtonElement>('[data-testid=toasts-more]');

afterEach(() => act(() => useToasts.setState({ toasts: [] })));

describe('toast stack', () => {
  it('shows the newest three and collapses the rest into "+N more", which dismisses them', () => {
    view.render(<ToastViewport />);
    act(() => {
      for (let i = 1; i <= 5; i++) toast({ kind: 'success', title: `Filled ${i}` }, 0);
    });
    expect(cards()).toEqual(['Filled 3', 'Filled 4', 'Filled 5']);
    expect(more()?.textContent).toBe('+2 more · dismiss');
    act(() => more()!.click());
    expect(cards()).toEqual(['Filled 3', 'Filled 4', 'Filled 5']);
    expect(more()).toBeNull();
  });

  it('replaces a toast of the same key in place instead of stacking it', () => {
    view.render(<ToastViewport />);
    act(() => {
      toast({ kind: 'info', key: 'o1', title: 'Sent: Buy 0.1' }, 0);
      toast({ kind: 'info', title: 'Other' }, 0);
      toast({ kind: 'success', key: 'o1', rank: 2, title: 'Filled: Buy 0.1' }, 0);
      toast({ kind: 'info', key: 'o1', rank: 0, title: 'Accepted: Buy 0.1' }, 0); // late, lower rank
    });
    expect(cards()).toEqual(['Other', 'Filled: Buy 0.1']);
    expect(more()).toBeNull();
  });
});

describe('toasts for a screen reader and a keyboard', () => {
  it('each toast is a live region (status, or alert for an error), not a button, with a real Dismiss button', () => {
    view.render(<ToastViewport />);
    act(() => {
      toast({ kind: 'success', title: 'Filled: Buy 0.1' }, 0);
      toast({ kind: 'error', title: 'Order rejected' }, 0);
    });
    const status = view.container.querySelector('[role=status]')!;
    const alert = view.container.querySelector('[role=alert]')!;
    expect(status.tagName).not.toBe('BUTTON');
    expect(alert.tagName).not.toBe('BUTTON');
    expect(status.textContent).toContain('Filled: Buy 0.1');
    const dismiss = status.querySelector('button')!;
    expect(dismiss.getAttribute('aria-label')).toBe('Dismiss');
    act(() => dismiss.click());
    expect(cards()).toEqual(['Order rejected']);
  });

  it('stays while hovered or focused, and leaves after its time once let go', () => {
    vi.useFakeTimers();
    try {
      view.render(<ToastViewport />);
      act(() => {
        toast({ kind: 'info', title: 'Order placed' }, 1_000);
      });
      const card = view.container.querySelector<HTMLElement>('[role=status]')!;
      act(() => card.querySelector('button')!.focus());
      act(() => vi.advanceTimersByTime(5_000));
      expect(cards()).toEqual(['Order placed']);
      act(() => card.querySelector('button')!.blur());
      act(() => vi.advanceTimersByTime(1_000));
      expect(cards()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
