import type { StreamStatus } from './socket';

/**
 * What a trader is told about one stream (issue 18 #1–2):
 * - `connecting`: the first connection is being made;
 * - `live`: open, and it spoke within the bound when it had something to say;
 * - `stale`: the socket looks open but has been silent past the bound (a hung exchange keeps TCP up);
 * - `reconnecting`: the socket closed and is being opened again with backoff;
 * - `offline`: the browser says it is offline, or reconnecting failed many times in a row.
 */
export type StreamHealth = 'connecting' | 'live' | 'stale' | 'reconnecting' | 'offline';

/**
 * Why these bounds: browsers hide WebSocket ping frames from scripts, so the server's 10 s pings are
 * no sign of life a page can see. The market stream's `price` channel, which the trade page always
 * holds for the market on screen, ticks about once a second on the public service and several times
 * a second on the devnet (index step every 250 ms, coalesced per 50 ms flush): 5 s without a single
 * frame is five missed ticks — no quiet market, a stopped feed. The order stream only answers
 * requests, so it is judged by them: a request it has not answered within the same 5 s makes it
 * stale, and any frame from it afterwards makes it live again. Idle, it is asked something harmless
 * (order-stream.ts IDLE_PROBE_MS), so a hang with nothing pending is judged the same way.
 */
export const STALE_AFTER_MS = 5_000;

/** Consecutive failed (re)connects before a reconnecting stream is called offline (≈ 15 s of backoff). */
export const OFFLINE_AFTER_FAILURES = 5;

export interface HealthInput {
  socket: StreamStatus;
  /** Failed connection attempts since the socket was last open. */
  failures: number;
  /** The browser's own idea (navigator.onLine). */
  online: boolean;
  now: number;
  /**
   * Since when the stream owes us a frame and has sent none: the later of the last frame and the
   * moment it started to owe one (opened with subscriptions, sent a request). Null: nothing is owed.
   */
  owedSince: number | null;
  staleAfterMs?: number;
}

/** The stream's health from what is known of it at `now`: a pure function, re-evaluated on a clock. */
export function streamHealth({ socket, failures, online, now, owedSince, staleAfterMs = STALE_AFTER_MS }: HealthInput): StreamHealth {
  if (!online || socket === 'closed') return 'offline';
  if (socket === 'reconnecting') return failures >= OFFLINE_AFTER_FAILURES ? 'offline' : 'reconnecting';
  if (socket === 'connecting') return 'connecting';
  return owedSince !== null && now - owedSince > staleAfterMs ? 'stale' : 'live';
}

/** Whether data fed by this stream should be shown as "as of" its last frame rather than live. */
export function isBehind(h: StreamHealth): boolean {
  return h === 'stale' || h === 'reconnecting' || h === 'offline';
}

/**
 * What the banner says while a stream is behind, as data (the words are chosen in
 * features/service-status/stream-health-words.ts, shared with the header so they never disagree):
 * each stream that is behind and its state (null: that one is fine), and the cue after them —
 * `reconnecting` while one is down, `not-answering` while one is only stale.
 */
export interface HealthBanner {
  market: StreamHealth | null;
  order: StreamHealth | null;
  cue: 'reconnecting' | 'not-answering';
}

/** The banner for both streams, or null while neither is behind. */
export function healthBanner(market: StreamHealth, order: StreamHealth): HealthBanner | null {
  if (!isBehind(market) && !isBehind(order)) return null;
  const down = [market, order].some((h) => h === 'reconnecting' || h === 'offline');
  return { market: isBehind(market) ? market : null, order: isBehind(order) ? order : null, cue: down ? 'reconnecting' : 'not-answering' };
}
