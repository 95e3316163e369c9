import type { LadderSpec } from './ladder-views';
import { pageLink, type LinkFactory, type StreamLink } from './stream-link';
import type { SocketFactory, StreamStatus } from './socket';

const STORAGE_KEY = 'perps.market-socket';

/**
 * Where the app's market stream lives: in the page's own thread. The page decodes only the newest
 * book of a frame, at the frame, so a book that reached the page before a frame began is drawn in
 * it; from the market worker (worker-link.ts) each book first crosses to the page, and one that
 * reached the worker within that hop of a frame waits a frame more (3–4 % of a storm's books,
 * README, Performance), and the page's thread still parses the newest book.
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
  if (chosen !== 'worker' || typeof Worker === 'undefined') return inPage;
  // The worker's link is not in the page's first load: it connects once its code is in, or, if
  // that code cannot be loaded, the page keeps the socket.
  const load = import('./worker-link').then(
    (m) => m.workerLink(inPage),
    (e: unknown) => {
      console.warn('market worker link not loaded; the stream stays in the page', e);
      return inPage;
    },
  );
  return (url, events) =>
    new LinkWhenLoaded(
      load.then((connect) => {
        try {
          return connect(url, events);
        } catch (e) {
          console.warn('market worker link failed; the stream stays in the page', e);
          return inPage(url, events);
        }
      }),
    );
}

/** A link whose connection is made once its code has loaded; until then it is connecting. */
class LinkWhenLoaded implements StreamLink {
  private link: StreamLink | null = null;
  private closed = false;
  private ladders: LadderSpec[] | null = null;
  private readonly statusListeners = new Set<(s: StreamStatus) => void>();

  constructor(made: Promise<StreamLink>) {
    void made.then((link) => {
      if (this.closed) {
        link.close();
        return;
      }
      this.link = link;
      if (this.ladders) link.showLadders?.(this.ladders);
      link.onStatus((s) => this.tell(s));
      this.tell(link.status);
    });
  }

  private tell(s: StreamStatus) {
    for (const l of [...this.statusListeners]) l(s);
  }

  get status(): StreamStatus {
    if (this.closed) return 'closed';
    return this.link?.status ?? 'connecting';
  }
  get failures(): number {
    return this.link?.failures ?? 0;
  }
  get openedAt(): number | null {
    return this.link?.openedAt ?? null;
  }
  get lastFrameAt(): number | null {
    return this.link?.lastFrameAt ?? null;
  }
  now(): number {
    return this.link?.now() ?? Date.now();
  }
  onStatus(listener: (s: StreamStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }
  send(message: unknown): boolean {
    // Not yet connected: the stream sends its subscriptions again once it opens.
    return this.link?.send(message) ?? false;
  }
  drop() {
    this.link?.drop();
  }
  close() {
    this.closed = true;
    // A loaded link tells its own close.
    if (this.link) this.link.close();
    else this.tell('closed');
  }
  showLadders(specs: LadderSpec[]) {
    this.ladders = specs;
    this.link?.showLadders?.(specs);
  }
}

