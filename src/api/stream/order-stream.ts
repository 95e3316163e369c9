import { orderStreamReply, type CancelOrderBody, type NewOrderBody, type OrderStreamReply } from '../schemas';
import { signBody, type BodySigner } from '../signing';
import { HealthWatch } from './health-watch';
import { IDLE_PROBE_MS, probeDue } from './order-stream-probe';
import { ReconnectingSocket, type SocketFactory, type StreamStatus } from './socket';
import type { StreamHealth } from './stream-health';

export interface OrderStreamOptions {
  url: string;
  createSocket: SocketFactory;
  sessionId?: string;
  now?: () => number;
  onReconnected?: () => void;
  /** Whether the browser is online (tests); navigator.onLine by default. */
  online?: () => boolean;
  /** Idle this long while logged in, the stream is probed (see IDLE_PROBE_MS); null: never. */
  idleProbeMs?: number | null;
}

/**
 * How often the stream looks whether a probe is due (order-stream-probe.ts says when). The probe is
 * the one request the service defines that changes nothing: the same `auth:login` again, same token
 * and session id, which the service takes as the same account taking its session over
 * (docs/service.md). It costs one request credit per idle 2.5 s (an account refills about 22 a second).
 */
const PROBE_CHECK_MS = 1_000;
/**
 * The refusals of a probe that end the login: the token (expired, 401) or the session (held by
 * another account, 403). Any other (429 over budget, a 5xx the exchange failed to serve) executed
 * nothing, so the login it repeated still holds — ending it would send every later order without
 * the session until a reconnect, and stop the probing that hears a real expiry.
 */
const LOGIN_ENDED = new Set([401, 403]);

/** Outcome replies are kept this long, so one that arrives before its HTTP response is not lost. */
const REPLY_MEMORY_MS = 60_000;

/**
 * The order response stream `/ws-api/v1` (decisions.md): log in with the token under a session id;
 * HTTP `new_order`/`cancel_order` sent with `x-session-id` = that id report their outcome here,
 * keyed by the request id. Also sends orders over the socket itself.
 */
export class OrderStream {
  readonly sessionId: string;
  private readonly socket: ReconnectingSocket;
  private login: { token: string; impersonate?: string } | null = null;
  private loggedIn = false;
  private readonly replies = new Map<string, { at: number; list: OrderStreamReply[] }>();
  private readonly waiters = new Map<string, Set<(r: OrderStreamReply) => void>>();
  private readonly listeners = new Set<(r: OrderStreamReply) => void>();
  private readonly loginListeners = new Set<(ok: boolean, message: string) => void>();
  private loginRequestId = '';
  /** The login the service last said yes to: its expiry notice comes under it (or a later probe). */
  private confirmedLogin = '';
  /** Probes (repeated logins) not yet answered, and when the last one left. */
  private readonly probes = new Set<string>();
  private lastProbeAt: number | null = null;
  private lastSentAt: number | null = null;
  private probeTimer: ReturnType<typeof setInterval> | null = null;
  /** Requests sent on this socket and not yet answered, with when they left (for staleness). */
  private readonly unanswered = new Map<string, number>();
  private readonly watch: HealthWatch;

  constructor(private readonly opts: OrderStreamOptions) {
    this.sessionId = opts.sessionId ?? crypto.randomUUID();
    this.socket = new ReconnectingSocket(
      opts.url,
      opts.createSocket,
      {
        onOpen: (reconnected) => {
          this.loggedIn = false;
          this.forgetProbes();
          this.unanswered.clear(); // the old socket's requests can no longer be answered on this one
          if (this.login) this.loginRequestId = this.sendLogin() ?? '';
          if (reconnected) opts.onReconnected?.();
        },
        onText: (text) => this.receive(text),
      },
      opts.now,
    );
    this.watch = new HealthWatch(this.socket, () => this.owedSince(), opts.online);
    const idleProbeMs = opts.idleProbeMs === undefined ? IDLE_PROBE_MS : opts.idleProbeMs;
    if (idleProbeMs !== null) this.probeTimer = setInterval(() => this.probeIfIdle(idleProbeMs), PROBE_CHECK_MS);
  }

  /** Sends a probe when it is due (order-stream-probe.ts) on an open, logged-in stream. */
  private probeIfIdle(idleMs: number) {
    const opened = this.socket.openedAt;
    if (this.socket.status !== 'open' || opened === null || !this.loggedIn || !this.login) return;
    const now = this.socket.now();
    const quietSince = Math.max(opened, this.socket.lastFrameAt ?? opened, this.lastSentAt ?? opened);
    const oldestUnanswered = this.unanswered.size > 0 ? Math.min(...this.unanswered.values()) : null;
    if (!probeDue({ now, quietSince, oldestUnanswered, lastProbeAt: this.lastProbeAt, idleMs })) return;
    const id = this.sendLogin();
    if (id === null) return;
    this.probes.add(id);
    this.lastProbeAt = now;
  }

  private forgetProbes() {
    this.probes.clear();
    this.lastProbeAt = null;
    this.confirmedLogin = '';
  }

  get status(): StreamStatus {
    return this.socket.status;
  }

  /**
   * Live, stale, reconnecting or offline (stream-health.ts). This stream speaks only when spoken to,
   * so it owes a frame only while a request sent on it is unanswered — the idle probe included.
   */
  get health(): StreamHealth {
    return this.watch.health;
  }

  onHealth(listener: (h: StreamHealth) => void): () => void {
    return this.watch.onHealth(listener);
  }

  private owedSince(): number | null {
    if (this.socket.openedAt === null || this.unanswered.size === 0) return null;
    const oldest = Math.min(...this.unanswered.values());
    return Math.max(oldest, this.socket.lastFrameAt ?? oldest);
  }

  private sent(requestId: string) {
    this.lastSentAt = this.socket.now();
    this.unanswered.set(requestId, this.lastSentAt);
  }

  /**
   * A reply to `requestId` also settles every request sent before it: the service answers one
   * socket's requests in the order they came.
   */
  private answered(requestId: string) {
    const at = this.unanswered.get(requestId);
    if (at === undefined) return;
    for (const [id, sentAt] of this.unanswered) if (sentAt <= at) this.unanswered.delete(id);
  }

  get isLoggedIn(): boolean {
    return this.loggedIn;
  }

  onStatus(listener: (s: StreamStatus) => void): () => void {
    return this.socket.onStatus(listener);
  }

  onLogin(listener: (ok: boolean, message: string) => void): () => void {
    this.loginListeners.add(listener);
    return () => this.loginListeners.delete(listener);
  }

  /** Every reply (accepted, success, rejected), for toasts and logs. */
  onReply(listener: (r: OrderStreamReply) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  authenticate(login: { token: string; impersonate?: string } | null) {
    const changed = JSON.stringify(login) !== JSON.stringify(this.login);
    this.login = login;
    if (!changed) return;
    this.loggedIn = false;
    this.forgetProbes();
    if (login) this.loginRequestId = this.sendLogin() ?? '';
    else this.socket.drop();
  }

  /** Sends `auth:login` with the current login; its request id, or null when the socket is not open. */
  private sendLogin(): string | null {
    if (!this.login) return null;
    const requestId = crypto.randomUUID();
    const sent = this.socket.send({
      session_id: this.sessionId,
      request_id: requestId,
      method: 'auth:login',
      params: JSON.stringify(this.login),
    });
    if (!sent) return null;
    this.sent(requestId);
    return requestId;
  }

  /** Resolves with the first reply for `requestId` that is not `accepted` (the final outcome). */
  waitForOutcome(requestId: string, timeoutMs = 10_000): Promise<OrderStreamReply> {
    return new Promise((resolve, reject) => {
      const done = (r: OrderStreamReply) => {
        if ('status' in r) return; // `accepted` is not the outcome
        clearTimeout(timer);
        this.waiters.get(requestId)?.delete(done);
        resolve(r);
      };
      const timer = setTimeout(() => {
        this.waiters.get(requestId)?.delete(done);
        reject(new Error(`No outcome for request ${requestId} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      let set = this.waiters.get(requestId);
      if (!set) this.waiters.set(requestId, (set = new Set()));
      set.add(done);
      for (const r of this.replies.get(requestId)?.list ?? []) done(r);
    });
  }

  /**
   * Places an order over the socket itself (method `order:new`), signed like the HTTP body. Returns its
   * request id; throws before anything left when the socket is not open. `timestampMs` is the
   * server-aligned clock the HTTP transport signs with.
   */
  newOrder(body: NewOrderBody, signer: BodySigner, timestampMs?: number): Promise<string> {
    return this.sendSigned('order:new', body, signer, timestampMs);
  }

  /** Cancels an order over the socket itself (method `order:cancel`); as newOrder. */
  cancelOrder(body: CancelOrderBody, signer: BodySigner, timestampMs?: number): Promise<string> {
    return this.sendSigned('order:cancel', body, signer, timestampMs);
  }

  private async sendSigned(method: 'order:new' | 'order:cancel', body: unknown, signer: BodySigner, timestampMs?: number): Promise<string> {
    if (this.socket.status !== 'open') throw new Error('Order stream is not connected');
    const params = JSON.stringify(body);
    const headers = await signBody(signer, params, Math.round(timestampMs ?? (this.opts.now ?? Date.now)()));
    const requestId = headers['x-request-id'];
    // The stream's header carries no sign version (decisions.md): it is always v1.
    const { 'x-request-sign-version': _v, ...header } = headers;
    const sent = this.socket.send({ session_id: this.sessionId, request_id: requestId, method, header, params });
    if (!sent) throw new Error('Order stream is not connected');
    this.sent(requestId);
    return requestId;
  }

  private receive(text: string) {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = orderStreamReply.safeParse(raw);
    if (!parsed.success) return;
    const reply = parsed.data;
    this.answered(reply.request_id);
    if (this.probes.delete(reply.request_id)) {
      // Answered: the stream is alive and the login holds; nothing to tell anyone.
      if (reply.code === 0) {
        this.confirmedLogin = reply.request_id;
        return;
      }
      // Refused for the token or the session: a failed login; otherwise the login still holds.
      if (LOGIN_ENDED.has(reply.code)) this.loginAnswered(false, 'message' in reply ? reply.message : reply.status);
      return;
    }
    const rid = reply.request_id;
    if (rid !== '' && (rid === this.loginRequestId || rid === this.confirmedLogin)) {
      if (reply.code === 0) this.confirmedLogin = rid;
      this.loginAnswered(reply.code === 0, 'message' in reply ? reply.message : reply.status);
      return;
    }
    const now = Date.now();
    for (const [id, entry] of this.replies) if (now - entry.at > REPLY_MEMORY_MS) this.replies.delete(id);
    const entry = this.replies.get(reply.request_id) ?? { at: now, list: [] };
    entry.list.push(reply);
    this.replies.set(reply.request_id, entry);
    for (const l of this.listeners) l(reply);
    for (const w of [...(this.waiters.get(reply.request_id) ?? [])]) w(reply);
  }

  private loginAnswered(ok: boolean, message: string) {
    this.loggedIn = ok;
    for (const l of this.loginListeners) l(ok, message);
  }

  drop() {
    this.socket.drop();
  }

  close() {
    if (this.probeTimer) clearInterval(this.probeTimer);
    this.probeTimer = null;
    this.watch.stop();
    this.socket.close();
  }
}
