import { createApiClient } from '../api/client';
import { ServerClock } from '../api/server-clock';
import { currentCredentials, useSessionStore } from '../wallet/session-store';
import { sessionAwareFetch } from '../wallet/unauthorized';
import { appConfig } from './config';

/** The app's server clock: every signature's timestamp is on the service's time. */
export const serverClock = new ServerClock();

export const apiClient = createApiClient({
  urls: appConfig,
  getCredentials: currentCredentials,
  getImpersonate: () => useSessionStore.getState().vault,
  now: serverClock.now,
  // A 401 prompts re-sign-in (features/session listens).
  fetch: sessionAwareFetch,
});
