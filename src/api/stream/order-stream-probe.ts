/**
 * When to probe the order response stream (order-stream.ts): it speaks only when spoken to and
 * browsers hide the server's pings, so a hung exchange with nothing pending would read live for ever.
 * A logged-in stream quiet this long with nothing pending is asked something harmless, and that
 * request is judged like any other (stream-health.ts STALE_AFTER_MS): a hang shows within
 * 2.5 + 5 s (+ the 1 s clocks), under 10 s.
 */
export const IDLE_PROBE_MS = 2_500;

/**
 * While something stays unanswered this long (a hang, or a frame lost on the way), it is asked again,
 * so the stream reads live again soon after the exchange answers: the service answers one socket's
 * requests in order, so an answer to the new probe settles everything sent before it.
 */
export const REPROBE_MS = 10_000;

export interface ProbeClock {
  now: number;
  /** The last frame received or request sent (or the socket's opening). */
  quietSince: number;
  /** When the oldest unanswered request left; null when nothing is pending. */
  oldestUnanswered: number | null;
  /** When the last probe on this socket left; null: none yet. */
  lastProbeAt: number | null;
  idleMs?: number;
}

/** Whether a probe should go now (the caller checks the stream is open and logged in). */
export function probeDue({ now, quietSince, oldestUnanswered, lastProbeAt, idleMs = IDLE_PROBE_MS }: ProbeClock): boolean {
  if (oldestUnanswered === null) return now - quietSince >= idleMs;
  return now - oldestUnanswered >= REPROBE_MS && (lastProbeAt === null || now - lastProbeAt >= REPROBE_MS);
}
