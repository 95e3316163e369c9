import type { WebSocket } from 'ws';

/**
 * What one stream socket may cost the devnet (decisions.md "Streams", issue #13):
 *  - the server pings every `pingIntervalMs`; a socket that answers no ping for `pongTimeoutMs` gets
 *    `{"code":408,"message":"disconnecting due to not receive Pong within 5 minute period"}` and is
 *    closed (1008);
 *  - a connection lives at most `maxLifetimeMs`, then it is closed (1000, "connection lifetime …");
 *  - a socket whose unsent data is above `maxBufferedBytes` is a slow consumer: nothing more is queued
 *    for it and it is closed (1008, "slow consumer …"). Dropping frames instead would leave a client
 *    with a silently wrong book or order state; closing makes it reconnect and resync over HTTP;
 *  - a socket may send `maxInboundPerSecond` messages a second (a token bucket with that burst);
 *    over it, an error frame (code 429) and close (1008). 0 = no limit.
 * Connection age and pongs are measured on the wall clock, not the engine clock: they are transport
 * matters, and tests move the engine clock by hours.
 */
export interface StreamLimits {
  pingIntervalMs: number;
  pongTimeoutMs: number;
  maxLifetimeMs: number;
  maxBufferedBytes: number;
  maxInboundPerSecond: number;
  /** How often coalesced depth and price snapshots go out on the market stream. */
  flushMs: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  pingIntervalMs: 10_000,
  pongTimeoutMs: 5 * 60_000,
  maxLifetimeMs: 24 * 60 * 60_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxInboundPerSecond: 50,
  flushMs: 50,
};

/** decisions.md, verbatim. */
export const PONG_TIMEOUT_FRAME = { code: 408, message: 'disconnecting due to not receive Pong within 5 minute period' } as const;

const OPEN = 1;

/** One socket under the limits. The stream servers send through it and ask it before handling a message. */
export class GuardedSocket {
  readonly openedAt: number;
  lastPongAt: number;
  private credits: number;
  private creditsAt: number;
  private closing = false;

  constructor(
    readonly ws: WebSocket,
    private readonly limits: StreamLimits,
    private readonly now: () => number,
  ) {
    this.openedAt = now();
    this.lastPongAt = this.openedAt;
    this.credits = limits.maxInboundPerSecond;
    this.creditsAt = this.openedAt;
    ws.on('pong', () => {
      this.lastPongAt = this.now();
    });
  }

  /** Open and not being closed by the guard: worth handling messages for and sending to. */
  get open(): boolean {
    return !this.closing && this.ws.readyState === OPEN;
  }

  /**
   * Sends one frame unless the socket is already holding more unsent data than the bound, in which
   * case it is closed as a slow consumer and nothing is sent. Returns whether the frame was queued.
   */
  send(message: unknown): boolean {
    if (!this.open) return false;
    if (this.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      this.close(1008, `slow consumer: more than ${this.limits.maxBufferedBytes} bytes unsent`);
      return false;
    }
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    return true;
  }

  /**
   * Call for every inbound message. null: handle it. A reason: the socket is over its inbound rate
   * (the caller sends its error frame with that reason, then `close`s) or already closing ('').
   */
  admit(): string | null {
    if (!this.open) return '';
    const rate = this.limits.maxInboundPerSecond;
    if (rate <= 0) return null;
    const now = this.now();
    this.credits = Math.min(rate, this.credits + ((now - this.creditsAt) / 1000) * rate);
    this.creditsAt = now;
    if (this.credits < 1) return `too many messages: more than ${rate} a second on one socket`;
    this.credits -= 1;
    return null;
  }

  /** Closes with a code and reason; the socket takes no more frames. `ws` destroys it if the peer never answers the close. */
  close(code: number, reason: string): void {
    if (this.closing) return;
    this.closing = true;
    if (this.ws.readyState === OPEN) this.ws.close(code, reason.slice(0, 120));
  }

  /** Pings, or closes the socket when it is too old or has answered no ping for too long. */
  check(now: number): void {
    if (!this.open) return;
    if (now - this.openedAt >= this.limits.maxLifetimeMs) {
      this.close(1000, 'connection lifetime reached: reconnect');
      return;
    }
    if (now - this.lastPongAt >= this.limits.pongTimeoutMs) {
      this.send(PONG_TIMEOUT_FRAME);
      this.close(1008, 'pong timeout');
      return;
    }
    this.ws.ping();
  }
}

/** All stream sockets of a devnet: pings them and enforces lifetime and pong timeout on one timer. */
export class StreamGuard {
  private readonly sockets = new Set<GuardedSocket>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    readonly limits: StreamLimits,
    private readonly onSweep: () => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.sweep(), limits.pingIntervalMs);
  }

  guard(ws: WebSocket): GuardedSocket {
    const g = new GuardedSocket(ws, this.limits, this.now);
    this.sockets.add(g);
    ws.once('close', () => this.sockets.delete(g));
    return g;
  }

  sweep(): void {
    const now = this.now();
    for (const g of this.sockets) g.check(now);
    this.onSweep();
  }

  close(): void {
    clearInterval(this.timer);
    this.sockets.clear();
  }
}
