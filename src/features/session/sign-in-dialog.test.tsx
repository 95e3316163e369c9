// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountEachTest } from '../../testing/mount-each-test';
import { useSignInRequest } from '../../stores/sign-in-request';

vi.mock('../../api/react', () => ({ useServiceConfig: () => ({}) }));
vi.mock('../../wallet/evm-runtime', () => ({ loadEvm: () => new Promise(() => {}) }));
vi.mock('../../wallet/service-extras', () => ({ serviceExtras: () => ({ testWallet: () => new Promise(() => {}) }) }));
vi.mock('./solana-options', () => ({ default: () => null }));
const signIn = { mutate: vi.fn(), isPending: false, message: null, error: null };
vi.mock('./use-sign-in', () => ({ useSignIn: () => signIn, watchWalletAccount: () => {} }));

const { SignInDialog } = await import('./sign-in-dialog');

const view = mountEachTest();
const dialog = () => document.querySelector<HTMLElement>('[role=dialog]');
const buttonNamed = (name: string) => [...document.querySelectorAll<HTMLElement>('button')].find((b) => b.textContent?.includes(name) || b.getAttribute('aria-label') === name)!;
const key = (k: string, shiftKey = false) =>
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true, cancelable: true }));
  });

afterEach(() => {
  act(() => useSignInRequest.getState().close());
  signIn.isPending = false;
});

function openFrom(opener: HTMLElement) {
  document.body.appendChild(opener);
  opener.focus();
  view.render(<SignInDialog />);
  act(() => useSignInRequest.getState().request());
}

describe('sign-in dialog focus', () => {
  it('takes the focus when it opens: the dialog named "Sign in"', () => {
    const opener = document.createElement('button');
    openFrom(opener);
    expect(dialog()?.getAttribute('aria-label')).toBe('Sign in');
    expect(document.activeElement).toBe(dialog());
    opener.remove();
  });

  it('keeps it: Tab from the last wallet comes back to the ✕, Shift+Tab from the ✕ to the last', () => {
    const opener = document.createElement('button');
    openFrom(opener);
    buttonNamed('Devnet wallet').focus();
    key('Tab');
    expect(document.activeElement).toBe(buttonNamed('Close'));
    key('Tab', true);
    expect(document.activeElement).toBe(buttonNamed('Devnet wallet'));
    opener.remove();
  });

  it('Escape closes it and the focus goes back to the Sign in button', () => {
    const opener = document.createElement('button');
    openFrom(opener);
    key('Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('while the wallet signs, the chosen wallet keeps the focus (announced busy, not disabled)', () => {
    const opener = document.createElement('button');
    openFrom(opener);
    buttonNamed('Devnet wallet').focus();
    signIn.isPending = true;
    view.render(<SignInDialog key="again" />);
    act(() => useSignInRequest.getState().request());
    buttonNamed('Devnet wallet').focus();
    expect(document.activeElement).toBe(buttonNamed('Devnet wallet'));
    expect(buttonNamed('Devnet wallet').getAttribute('aria-disabled')).toBe('true');
    opener.remove();
  });

  it('once signed in (the Sign in button gone), the focus lands on the account menu, not <body>', async () => {
    const opener = document.createElement('button');
    openFrom(opener);
    buttonNamed('Devnet wallet').focus();
    opener.remove();
    const menu = document.createElement('div');
    menu.dataset.testid = 'account-menu';
    menu.innerHTML = '<button type="button" aria-label="Account menu">0x12…</button>';
    document.body.appendChild(menu);
    act(() => useSignInRequest.getState().close());
    await act(() => new Promise((r) => setTimeout(r, 5)));
    expect(document.activeElement).toBe(menu.querySelector('button'));
    menu.remove();
  });
});
