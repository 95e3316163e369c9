/**
 * Keeps the offset between the server clock (GET /api/kline/time, whole seconds) and ours, so
 * `x-request-timestamp` is valid even on a laptop whose clock is minutes off.
 */
export class ServerClock {
  private offsetMs = 0;

  /** `serverSeconds` measured around a request sent at `sentAt` and answered at `receivedAt` (local ms). */
  update(serverSeconds: number, sentAt: number, receivedAt: number): void {
    const midpoint = (sentAt + receivedAt) / 2;
    // The server truncates to whole seconds, so its true time lies in [s, s+1): aim for the middle,
    // and ignore offsets under a second, which that truncation alone can produce.
    const offset = serverSeconds * 1000 + 500 - midpoint;
    this.offsetMs = Math.abs(offset) < CLOCK_TOLERANCE_MS ? 0 : Math.round(offset);
  }

  get offset(): number {
    return this.offsetMs;
  }

  now = (): number => Date.now() + this.offsetMs;
}

/** Offsets under this are noise (the server reports whole seconds); above it we correct. */
export const CLOCK_TOLERANCE_MS = 1_000;

export async function syncServerClock(clock: ServerClock, fetchServerSeconds: () => Promise<number>): Promise<number> {
  const sentAt = Date.now();
  const seconds = await fetchServerSeconds();
  clock.update(seconds, sentAt, Date.now());
  return clock.offset;
}
