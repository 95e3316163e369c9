import { pageLink, type LinkFactory } from './stream-link';
import type { SocketFactory } from './socket';
import { workerLink } from './worker-link';

const STORAGE_KEY = 'perps.market-socket';

/**
 * Where the app's market stream lives: in the page's own thread. The page decodes only the newest
 * book of a frame, at the frame, so a book that reached the page before a frame began is drawn in
 * it; from the market worker (worker-link.ts) each book first crosses to the page, and one that
 * reached the worker within that hop of a frame waits a frame more (3–4 % of a storm's books,
 * README, Performance), for no less work on the page's thread: it still parses the newest book.
 * `localStorage['perps.market-socket'] = 'worker'` moves the socket and the decoding into the
 * market worker, for comparing the two on a machine.
 */
export function marketLink(createSocket: SocketFactory): LinkFactory {
  const inPage = pageLink(createSocket);
  let chosen: string | null = null;
  try {
    chosen = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    // storage refused (privacy mode): the default
  }
  return chosen === 'worker' && typeof Worker !== 'undefined' ? workerLink(inPage) : inPage;
}
