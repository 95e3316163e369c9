/** The part of the WebSocket API the streams use; the browser's WebSocket and Node's `ws` both fit. */
export interface StreamSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type SocketFactory = (url: string) => StreamSocket;

export const OPEN = 1;

export const browserSocket: SocketFactory = (url) => new WebSocket(url) as unknown as StreamSocket;

export type StreamStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** Reconnect delays: 0.5 s doubling to 15 s, with jitter so a fleet of tabs does not stampede. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(15_000, 500 * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

function dataText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  return String(data);
}

/**
 * A socket that stays connected: reconnects with backoff, and calls `onOpen` after every (re)connect
 * so the owner can re-authenticate and resubscribe.
 */
export class ReconnectingSocket {
  private socket: StreamSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private statusValue: StreamStatus = 'connecting';
  private readonly statusListeners = new Set<(s: StreamStatus) => void>();
  /** When the current socket opened, and when it last delivered a frame (ms, `now`'s clock). */
  openedAt: number | null = null;
  lastFrameAt: number | null = null;

  constructor(
    private readonly url: string,
    private readonly factory: SocketFactory,
    private readonly handlers: { onOpen: (reconnected: boolean) => void; onText: (text: string) => void },
    readonly now: () => number = Date.now,
  ) {
    this.connect();
  }

  /** Failed connection attempts since the socket was last open. */
  get failures(): number {
    return this.attempt;
  }

  get status(): StreamStatus {
    return this.statusValue;
  }

  onStatus(listener: (s: StreamStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(s: StreamStatus) {
    if (s === this.statusValue) return;
    this.statusValue = s;
    for (const l of this.statusListeners) l(s);
  }

  private connect() {
    const reconnecting = this.attempt > 0;
    let socket: StreamSocket;
    try {
      socket = this.factory(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.openedAt = this.now();
      this.setStatus('open');
      this.handlers.onOpen(reconnecting);
    };
    socket.onmessage = (ev) => {
      this.lastFrameAt = this.now();
      this.handlers.onText(dataText(ev.data));
    };
    socket.onerror = () => undefined; // onclose follows and decides
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.openedAt = null;
      if (this.stopped) this.setStatus('closed');
      else this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    this.setStatus('reconnecting');
    const delay = backoffDelay(this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }

  send(message: unknown): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Drops the connection as a network fault would (the socket then reconnects). */
  drop() {
    this.socket?.close(4000, 'dropped');
  }

  close() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const s = this.socket;
    this.socket = null;
    s?.close(1000, 'closed');
    this.setStatus('closed');
  }
}
