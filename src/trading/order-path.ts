// Which way an order or cancel travels (issue 17 #2). Over the order response stream itself, a
// signed `order:new` / `order:cancel` skips an HTTP request and its headers; HTTP with `x-session-id`
// stays as the fallback whenever the stream cannot carry it. The default is the path that measured
// faster click → accepted in `npm run bench` (figure 3); the setting forces either one, so the bench
// and the tests can compare them.
import type { StreamStatus } from '../api/stream/socket';
import type { StreamHealth } from '../api/stream/stream-health';

export type OrderPath = 'stream' | 'http';

/**
 * Measured faster click → accepted (bench figure 3, 6 runs of 10 market orders each way on a shared
 * 2-core box): over the stream 16.4 ms median of the run medians (15.9–17.8), over HTTP 18.3 ms
 * (15.4–19.7); the stream won 5 of the 6 runs, by about 10 %.
 */
export const DEFAULT_ORDER_PATH: OrderPath = 'stream';

/** Kept in localStorage so a built app (the bench, a browser test) can be told which path to use. */
const STORAGE_KEY = 'perps.order-path';

let forced: OrderPath | null = readStored();

function readStored(): OrderPath | null {
  try {
    const v = globalThis.localStorage?.getItem(STORAGE_KEY);
    return v === 'stream' || v === 'http' ? v : null;
  } catch {
    return null;
  }
}

/** The path orders prefer: the forced one, else the default. */
export function preferredOrderPath(): OrderPath {
  return forced ?? DEFAULT_ORDER_PATH;
}

/** Forces a path (null: back to the default), for this page and the next loads. */
export function forceOrderPath(path: OrderPath | null): void {
  forced = path;
  try {
    if (path) globalThis.localStorage?.setItem(STORAGE_KEY, path);
    else globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable: the choice holds for this page only
  }
}

/** What the choice needs to know of the order stream. */
export interface StreamState {
  readonly isLoggedIn: boolean;
  readonly status: StreamStatus;
  /** Stale: it left a request unanswered past the bound (api/stream/stream-health.ts). */
  readonly health?: StreamHealth;
}

/**
 * The stream only when it is preferred, open, logged in and not stale (a socket that stopped
 * answering would swallow the order too; HTTP may still get through); HTTP otherwise.
 */
export function chooseOrderPath(stream: StreamState | null, preferred: OrderPath = preferredOrderPath()): OrderPath {
  return preferred === 'stream' && stream?.isLoggedIn === true && stream.status === 'open' && stream.health !== 'stale' ? 'stream' : 'http';
}
