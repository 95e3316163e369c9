import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { useSignInRequest } from '../../stores/sign-in-request';
import { useSessionStore } from '../../wallet/session-store';
import { onUnauthorized } from '../../wallet/unauthorized';

// Written when the session ends, in the language of that moment (the dialog shows the reason as given).
const expired = () => t`Your session has ended. Sign in again to continue — everything you typed is kept.`;
const rejected = () => t`The service no longer accepts your session (401). Sign in again to continue — everything you typed is kept.`;

/**
 * Asks for re-sign-in when the token expires or the API answers 401 (panels ask for sign-in
 * themselves, through the same store). A modal over the page: nothing underneath unmounts, so forms
 * keep values.
 */
export function SessionGuard() {
  const session = useSessionStore((s) => s.session);

  useEffect(() => {
    if (!session) return;
    const left = session.expiresAt - Date.now();
    const expire = () => useSignInRequest.getState().request(expired(), { reauth: true });
    if (left <= 0) {
      expire();
      return;
    }
    const timer = setTimeout(expire, Math.min(left, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [session]);

  // Every authenticated request (queries, mutations, devnet helpers) goes through the session-aware
  // fetch, so its 401 signal is the one place to listen.
  useEffect(
    () =>
      onUnauthorized(() => {
        if (!useSessionStore.getState().session) return;
        if (!useSignInRequest.getState().dialog.open) useSignInRequest.getState().request(rejected(), { reauth: true });
      }),
    [],
  );
  return null;
}
