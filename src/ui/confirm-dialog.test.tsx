// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount-each-test';
import { ConfirmDialog } from './confirm-dialog';

const view = mountEachTest();

function open(busy = false) {
  const calls: string[] = [];
  view.render(
    <ConfirmDialog title="Close all positions?" confirmLabel="Close 2 positions" onConfirm={() => calls.push('confirm')} onCancel={() => calls.push('cancel')} busy={busy}>
      <p>BTC-USD 0.5</p>
    </ConfirmDialog>,
  );
  return calls;
}
const button = (name: string) => [...view.container.querySelectorAll('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name)!;

describe('confirm dialog', () => {
  it('is a modal dialog named by its title, showing what will happen, with the confirm button focused', () => {
    open();
    const dialog = view.container.querySelector('[role=dialog]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Close all positions?');
    expect(dialog.textContent).toContain('BTC-USD 0.5');
    expect(document.activeElement).toBe(button('Close 2 positions'));
  });

  it('one click confirms; Escape, ✕ and Cancel keep everything as it is', () => {
    const calls = open();
    act(() => button('Close 2 positions').click());
    act(() => button('Cancel').click());
    act(() => button('Close').click());
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(calls).toEqual(['confirm', 'cancel', 'cancel', 'cancel']);
  });

  it('while the command runs the confirm button says so and cannot be pressed twice', () => {
    const calls = open(true);
    const busy = button('Sending…');
    expect(busy.disabled).toBe(true);
    act(() => busy.click());
    expect(calls).toEqual([]);
  });
});

describe('confirm dialog focus', () => {
  it('gives the focus back to the button that asked once it is answered', () => {
    const opener = document.createElement('button');
    opener.textContent = 'Close all';
    document.body.appendChild(opener);
    opener.focus();
    open();
    expect(document.activeElement).toBe(button('Close 2 positions'));
    view.render(null);
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
