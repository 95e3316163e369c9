import { pageLink, type LinkFactory } from './stream-link';
import type { SocketFactory } from './socket';
import { workerLink } from './worker-link';

const STORAGE_KEY = 'perps.market-socket';

/**
 * Where the app's market stream lives: in the market worker (worker-link.ts), where the platform
 * has workers. `localStorage['perps.market-socket'] = 'page'` keeps the socket and the decoding in
 * the page, for comparing the two on a machine (README, Performance).
 */
export function marketLink(createSocket: SocketFactory): LinkFactory {
  const inPage = pageLink(createSocket);
  let chosen: string | null = null;
  try {
    chosen = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    // storage refused (privacy mode): the default
  }
  return chosen !== 'page' && typeof Worker !== 'undefined' ? workerLink(inPage) : inPage;
}
