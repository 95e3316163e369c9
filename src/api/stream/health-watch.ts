import type { ConnectionState } from './stream-link';
import { streamHealth, type StreamHealth } from './stream-health';

/** Re-evaluated this often while someone listens: staleness is the absence of events, so a clock must look. */
const CHECK_EVERY_MS = 1_000;

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * One stream's health over time: `streamHealth` of the socket's state and of what the stream owes,
 * checked on a 1 s clock (and at once on socket changes) while anyone listens.
 */
export class HealthWatch {
  private last: StreamHealth;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly listeners = new Set<(h: StreamHealth) => void>();
  private unhookSocket: (() => void) | null = null;

  constructor(
    private readonly socket: Pick<ConnectionState, 'status' | 'failures' | 'now' | 'onStatus'>,
    /** Since when the stream owes a frame (see HealthInput.owedSince), or null. */
    private readonly owedSince: () => number | null,
    private readonly online: () => boolean = browserOnline,
  ) {
    this.last = this.evaluate();
  }

  private evaluate(): StreamHealth {
    return streamHealth({
      socket: this.socket.status,
      failures: this.socket.failures,
      online: this.online(),
      now: this.socket.now(),
      owedSince: this.owedSince(),
    });
  }

  /** The health now (evaluated on read, so it is right even with no listener; tells no one). */
  get health(): StreamHealth {
    return this.evaluate();
  }

  /** Re-evaluates and tells listeners when it changed. */
  check(): StreamHealth {
    const next = this.evaluate();
    if (next !== this.last) {
      this.last = next;
      for (const l of [...this.listeners]) l(next);
    }
    return next;
  }

  onHealth(listener: (h: StreamHealth) => void): () => void {
    this.listeners.add(listener);
    if (!this.timer) {
      this.timer = setInterval(() => this.check(), CHECK_EVERY_MS);
      this.unhookSocket = this.socket.onStatus(() => this.check());
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unhookSocket?.();
    this.unhookSocket = null;
  }
}
