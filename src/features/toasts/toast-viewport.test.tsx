// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
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
