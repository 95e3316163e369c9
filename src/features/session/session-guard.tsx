import { useEffect } from 'react';
import { useSignInRequest } from '../../stores/sign-in-request';
import { useSessionStore } from '../../wallet/session-store';
import { onUnauthorized } from '../../wallet/unauthorized';
import { useSessionUi } from './session-events';

const EXPIRED = 'Your session has ended. Sign in again to continue — everything you typed is kept.';
const REJECTED = 'The service no longer accepts your session (401). Sign in again to continue — everything you typed is kept.';

/**
 * Opens the sign-in modal when the token expires or the API answers 401, and when a panel asks
 * ("Sign in to trade"). A modal over the page: nothing underneath unmounts, so forms keep values.
 */
export function SessionGuard() {
  const session = useSessionStore((s) => s.session);
  const requested = useSignInRequest((s) => s.requested);

  useEffect(() => {
    if (!requested) return;
    const reason = useSignInRequest.getState().reason;
    useSignInRequest.getState().close();
    const s = useSessionStore.getState().session;
    if (s && s.expiresAt <= Date.now()) useSessionUi.getState().openDialog(EXPIRED, true);
    else if (!s) useSessionUi.getState().openDialog(reason);
  }, [requested]);

  useEffect(() => {
    if (!session) return;
    const left = session.expiresAt - Date.now();
    const expire = () => useSessionUi.getState().openDialog(EXPIRED, true);
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
        if (!useSessionUi.getState().dialog.open) useSessionUi.getState().openDialog(REJECTED, true);
      }),
    [],
  );
  return null;
}
