// @vitest-environment jsdom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount-each-test';
import { Modal } from './modal';

const view = mountEachTest();
const byText = (name: string) => [...document.querySelectorAll<HTMLElement>('button, input')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name)!;
const key = (k: string, shiftKey = false) =>
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true, cancelable: true }));
  });

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <button type="button">After</button>
      {open && (
        <Modal title="Settings" onClose={() => setOpen(false)}>
          <input aria-label="Slippage" />
          <button type="button">Last</button>
        </Modal>
      )}
    </>
  );
}

function openIt() {
  view.render(<Page />);
  const opener = byText('Open settings');
  opener.focus();
  act(() => opener.click());
  return opener;
}

describe('modal focus', () => {
  it('takes the focus on open: the dialog, named by its title', () => {
    openIt();
    const dialog = document.querySelector('[role=dialog]')!;
    expect(document.activeElement).toBe(dialog);
  });

  it('keeps it: Tab from the last control comes back to the first, Shift+Tab from the first goes to the last', () => {
    openIt();
    byText('Last').focus();
    key('Tab');
    expect(document.activeElement).toBe(byText('Close'));
    key('Tab', true);
    expect(document.activeElement).toBe(byText('Last'));
  });

  it('Escape closes it and the focus goes back to the button that opened it', () => {
    const opener = openIt();
    key('Escape');
    expect(document.querySelector('[role=dialog]')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('the ✕ closes it and the focus goes back too', () => {
    const opener = openIt();
    act(() => byText('Close').click());
    expect(document.activeElement).toBe(opener);
  });
});

describe('modal focus under StrictMode (effects run twice in development)', () => {
  it('a confirm button with autoFocus keeps the focus, and Esc still returns it to the opener', async () => {
    const { StrictMode } = await import('react');
    const { ConfirmDialog } = await import('./confirm-dialog');
    function Asking() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Cancel all
          </button>
          {open && (
            <ConfirmDialog title="Cancel all 2 orders?" confirmLabel="Cancel 2 orders" onConfirm={() => setOpen(false)} onCancel={() => setOpen(false)}>
              <p>Both</p>
            </ConfirmDialog>
          )}
        </>
      );
    }
    view.render(
      <StrictMode>
        <Asking />
      </StrictMode>,
    );
    const opener = byText('Cancel all');
    opener.focus();
    act(() => opener.click());
    expect(document.activeElement).toBe(byText('Cancel 2 orders'));
    key('Escape');
    expect(document.activeElement).toBe(opener);
  });
});
