/**
 * The pace of history requests: a token bucket well under the service's per-account budget
 * (decisions.md: 45 credits a request, refill 1000/s, capacity 900 ≈ 22 requests/s, burst 20).
 * HISTORY_RATE leaves more than half of it to the rest of the app (balance, orders, positions,
 * order commands) so a long backfill never turns a trader's order into a 429.
 */
export const HISTORY_RATE_PER_S = 10;
export const HISTORY_BURST = 3;

/** Resolves after `ms`, or rejects at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class Pacer {
  private tokens: number;
  private at: number;
  private holdUntil = 0;

  constructor(
    readonly ratePerS = HISTORY_RATE_PER_S,
    readonly burst = HISTORY_BURST,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.at = now();
  }

  /** Waits for a request slot (shared by every walk using this pacer). */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = this.now();
      if (now < this.holdUntil) {
        await sleep(this.holdUntil - now, signal);
        continue;
      }
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.ratePerS);
      this.at = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await sleep(((1 - this.tokens) / this.ratePerS) * 1000, signal);
    }
  }

  /** After a 429: no history request for `ms`, and the burst is spent (the service's bucket is empty). */
  hold(ms: number): void {
    this.holdUntil = Math.max(this.holdUntil, this.now() + ms);
    this.tokens = 0;
    this.at = this.holdUntil;
  }
}
