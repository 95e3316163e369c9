// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { afterEach, expect, it } from 'vitest';
import { renderWithApi } from '../../api/testing/render-with-api';
import { useSessionStore, type SignedInSession } from '../../wallet/session-store';
import { SignInButton } from './sign-in-button';

afterEach(() => useSessionStore.setState({ session: null, vault: null }));

it('the account menu button’s name starts with what it shows (chain and short address), then says what it is', () => {
  const session = { chain: 'bsc', address: '0x3FF4aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa941d', token: 't', expiresAt: Date.now() + 3_600_000 } as unknown as SignedInSession;
  useSessionStore.setState({ session, vault: null });
  const panel = renderWithApi(
    <I18nProvider i18n={i18n}>
      <SignInButton />
    </I18nProvider>,
    () => undefined,
  );
  try {
    const button = panel.container.querySelector('[data-testid=account-menu] > button')!;
    // Named by its content: the visible chain and address, a space between them, then what it is.
    expect(button.getAttribute('aria-label')).toBeNull();
    expect(button.textContent).toBe('bsc 0x3FF4…941d, account menu');
  } finally {
    panel.unmount();
  }
});
