import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../api/errors';
import { useSignInRequest } from '../../lib/sign-in-request';
import { useSessionStore } from '../../wallet/session-store';
import { onUnauthorized } from '../../wallet/unauthorized';
import { useSessionUi } from './session-events';

const EXPIRED = 'Your session has ended. Sign in again to continue — everything you typed is kept.';
const REJECTED = 'The service no longer accepts your session (401). Sign in again to continue — everything you typed is kept.';

/**
 * Opens the sign-in modal when the token expires or the API answers 401, and when a panel asks
 * ("Sign in to trade"). A modal over the page: nothing underneath unmounts, so forms keep values.
 */
class ApiError401 extends Error {}

export function SessionGuard() {
  const qc = useQueryClient();
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

  useEffect(() => {
    const on401 = (error: unknown) => {
      if (!(error instanceof ApiError401) && (!isApiError(error) || error.status !== 401)) return;
      if (!useSessionStore.getState().session) return;
      if (!useSessionUi.getState().dialog.open) useSessionUi.getState().openDialog(REJECTED, true);
    };
    const offQueries = qc.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') on401(e.action.error);
    });
    const offMutations = qc.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') on401(e.action.error);
    });
    const offFetch = onUnauthorized(() => on401(new ApiError401()));
    return () => {
      offQueries();
      offMutations();
      offFetch();
    };
  }, [qc]);
  return null;
}
