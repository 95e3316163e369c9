import type { MarketStreamMessage, PublicChannel, UserChannel } from '../schemas';
import { symbolOf, type DecodedBatch } from './frame-coalescer';
import type { DecodingFactory } from './frame-decoding';
import { HealthWatch } from './health-watch';
import type { SocketFactory, StreamStatus } from './socket';
import { pageLink, type LinkFactory, type StreamLink } from './stream-link';
import type { LadderSpec } from './ladder-views';
import type { StreamHealth } from './stream-health';

type MessageOf<C extends MarketStreamMessage['channel']> = Extract<MarketStreamMessage, { channel: C }>;
type Handler<C extends MarketStreamMessage['channel']> = (data: MessageOf<C>['data'], message: MessageOf<C>) => void;
type AnyHandler = (data: unknown, message: unknown) => void;

/** How long a reconnect's read-back waits for the auth answer before it reads back anyway. */
const AUTH_ANSWER_WAIT_MS = 3_000;

export interface StreamAuth {
  token: string;
  impersonate?: string;
}

/**
 * Why the stream asks its owner to read back: `reconnect`, pushes may have been lost with a socket;
 * `first`, nothing was lost, only not yet subscribed to (the page's first connection, or an account
 * signed in on an open one).
 */
export type ResyncKind = 'first' | 'reconnect';

export interface MarketStreamOptions {
  url: string;
  createSocket: SocketFactory;
  /** A message that breaks the schema: reported, never thrown into the UI. */
  onInvalid?: (error: string, raw: string) => void;
  /**
   * Once subscribed after a connection opened: the owner reconciles over HTTP what the stream did not
   * carry — after a reconnect what was pushed while it was down; after the first connection what
   * changed between an HTTP answer and the subscription (`ResyncKind`).
   */
  onReconnected?: (kind: ResyncKind) => void;
  /** The clock staleness is judged on (tests). */
  now?: () => number;
  /** Whether the browser is online (tests); navigator.onLine by default. */
  online?: () => boolean;
  /** How frames are decoded in the page's own link (frame-decoding.ts by default). */
  decoding?: DecodingFactory;
  /** Where the socket and the decoding live: in this thread by default (`pageLink`), the market worker in the app (worker-link.ts). */
  link?: LinkFactory;
}

/**
 * The market stream `/ws-stream/v1` (decisions.md): ref-counted public subscriptions per
 * channel+symbol, user channels after `auth`, resubscribe and re-auth after every reconnect.
 *
 * User channels are asked for the way the docs show (decisions.md "Streams" [doc]): `auth` without
 * `streams`, then, once the service answers it with success, one `{"subscribe":{"channel":…}}` per
 * user channel that has a handler; again after every successful `auth` (a reconnect, a new token or
 * vault, a token that expired), since a service may drop them with the identity they belonged to. A
 * user channel whose last handler goes is unsubscribed. Nothing relies on the service pushing user
 * channels that were not asked for.
 */
export class MarketStream {
  private readonly link: StreamLink;
  private readonly handlers = new Map<string, Set<AnyHandler>>();
  private auth: StreamAuth | null = null;
  private authed = false;
  private readonly authListeners = new Set<(ok: boolean, msg: string) => void>();
  private readonly resyncListeners = new Set<(kind: ResyncKind) => void>();
  /** A read-back that waits for the account's channels to be subscribed (again), and its kind. */
  private resyncAfterAuth: ReturnType<typeof setTimeout> | null = null;
  private pendingResync: ResyncKind = 'reconnect';
  /** Whether a connection has opened yet. */
  private everOpen = false;
  private readonly watch: HealthWatch;
  /** The book ladders on screen (one entry per panel showing one). */
  private readonly ladders = new Set<{ spec: LadderSpec }>();

  constructor(private readonly opts: MarketStreamOptions) {
    const connect = opts.link ?? pageLink(opts.createSocket, opts.decoding, opts.now);
    this.link = connect(opts.url, {
      onOpen: (reconnected) => {
        this.authed = false;
        for (const key of this.handlers.keys()) {
          const [channel, symbol] = key.split('|') as [string, string];
          if (isPublic(channel)) this.link.send({ subscribe: { channel, symbol } });
        }
        if (this.auth) this.sendAuth();
        const first = !this.everOpen;
        this.everOpen = true;
        if (!reconnected && !first) return;
        // Subscribe first, then read back: an event between the read-back and the subscription
        // would be on neither. The account's channels are subscribed once auth succeeds, so with
        // an account the read-back waits for the auth answer (or gives up waiting after a while).
        // The first connection reads back too: the page's first HTTP answers may predate it.
        const kind: ResyncKind = reconnected ? 'reconnect' : 'first';
        if (this.auth) this.awaitAuthThenResync(kind);
        else this.resync(kind);
      },
      onBatch: (batch) => this.deliver(batch),
    });
    this.watch = new HealthWatch(this.link, () => this.owedSince(), opts.online);
  }

  get status(): StreamStatus {
    return this.link.status;
  }

  /**
   * Live, stale, reconnecting or offline (stream-health.ts). With a public subscription the stream
   * owes frames from the moment it opened: `price` ticks every second or faster.
   */
  get health(): StreamHealth {
    return this.watch.health;
  }

  onHealth(listener: (h: StreamHealth) => void): () => void {
    return this.watch.onHealth(listener);
  }

  /** When the last frame arrived (ms), for "as of hh:mm:ss"; null before the first. */
  get lastFrameAt(): number | null {
    return this.link.lastFrameAt;
  }

  private owedSince(): number | null {
    const opened = this.link.openedAt;
    if (opened === null) return null;
    const subscribed = [...this.handlers.keys()].some((k) => isPublic(k.split('|')[0]!));
    return subscribed ? Math.max(opened, this.link.lastFrameAt ?? opened) : null;
  }

  get isAuthenticated(): boolean {
    return this.authed;
  }

  onStatus(listener: (s: StreamStatus) => void): () => void {
    return this.link.onStatus(listener);
  }

  /**
   * Once subscribed after a connection opened (`ResyncKind`): after a reconnect, or the socket's
   * move into the market worker, what the stream carried in between may be missed; after the first
   * connection, what changed before it subscribed. Either is read back over HTTP.
   */
  onReconnected(listener: (kind: ResyncKind) => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /**
   * A book ladder on screen (the order book panel's grouping and rows): the market worker builds it
   * beside each book it sends, so the page's frame only writes the rows (ladder-views.ts `ladderOf`).
   */
  showLadder(spec: LadderSpec): () => void {
    const entry = { spec };
    this.ladders.add(entry);
    this.link.showLadders?.([...this.ladders].map((l) => l.spec));
    return () => {
      this.ladders.delete(entry);
      this.link.showLadders?.([...this.ladders].map((l) => l.spec));
    };
  }

  onAuth(listener: (ok: boolean, msg: string) => void): () => void {
    this.authListeners.add(listener);
    return () => this.authListeners.delete(listener);
  }

  /** Public channel data for one symbol; the returned function unsubscribes. */
  subscribe<C extends PublicChannel>(channel: C, symbol: string, handler: Handler<C>): () => void {
    const key = `${channel}|${symbol}`;
    let set = this.handlers.get(key);
    if (!set) {
      set = new Set();
      this.handlers.set(key, set);
      this.link.send({ subscribe: { channel, symbol } });
    }
    set.add(handler as unknown as AnyHandler);
    return () => {
      set.delete(handler as unknown as AnyHandler);
      if (set.size === 0 && this.handlers.get(key) === set) {
        this.handlers.delete(key);
        this.link.send({ unsubscribe: { channel, symbol } });
      }
    };
  }

  /**
   * The signed-in account's channel (order, position, balance, trade), across all symbols. The channel
   * is subscribed while it has a handler and the stream is authenticated; the returned function
   * removes the handler (and unsubscribes after the last).
   */
  onUser<C extends UserChannel>(channel: C, handler: Handler<C>): () => void {
    const key = `${channel}|*`;
    let set = this.handlers.get(key);
    if (!set) {
      this.handlers.set(key, (set = new Set()));
      if (this.authed) this.link.send({ subscribe: { channel } });
    }
    set.add(handler as unknown as AnyHandler);
    return () => {
      set.delete(handler as unknown as AnyHandler);
      if (set.size === 0 && this.handlers.get(key) === set) {
        this.handlers.delete(key);
        if (this.authed) this.link.send({ unsubscribe: { channel } });
      }
    };
  }

  /** The user channels that have handlers. */
  private userChannels(): UserChannel[] {
    const out: UserChannel[] = [];
    for (const key of this.handlers.keys()) {
      const [channel, symbol] = key.split('|') as [string, string];
      if (symbol === '*' && !isPublic(channel)) out.push(channel as UserChannel);
    }
    return out;
  }

  /** Authenticates user channels (again after each reconnect); null signs the stream out. */
  authenticate(auth: StreamAuth | null) {
    const changed = JSON.stringify(auth) !== JSON.stringify(this.auth);
    this.auth = auth;
    if (!changed) return;
    this.authed = false;
    if (!auth) {
      this.link.drop(); // the protocol has no logout: a fresh connection forgets the account
      return;
    }
    this.sendAuth();
    // Signed in (or another account) on an open connection: the account's channels are subscribed
    // on the auth answer, and its answers over HTTP may predate that, as on a first connection.
    if (this.link.status === 'open') this.awaitAuthThenResync('first');
  }

  private resync(kind: ResyncKind) {
    if (this.resyncAfterAuth) clearTimeout(this.resyncAfterAuth);
    this.resyncAfterAuth = null;
    this.opts.onReconnected?.(kind);
    for (const l of [...this.resyncListeners]) l(kind);
  }

  private awaitAuthThenResync(kind: ResyncKind) {
    // A reconnect's read-back waiting stays one: pushes were lost since, whatever comes after.
    const lost = this.resyncAfterAuth !== null && this.pendingResync === 'reconnect';
    if (this.resyncAfterAuth) clearTimeout(this.resyncAfterAuth);
    this.pendingResync = lost ? 'reconnect' : kind;
    this.resyncAfterAuth = setTimeout(() => this.resync(this.pendingResync), AUTH_ANSWER_WAIT_MS);
  }

  private sendAuth() {
    if (!this.auth) return;
    const { token, impersonate } = this.auth;
    this.link.send({ auth: { token, ...(impersonate ? { impersonate } : {}) } });
  }

  private deliver(batch: DecodedBatch) {
    for (const [error, raw] of batch.invalid) this.opts.onInvalid?.(error, raw);
    for (const msg of batch.messages) this.dispatch(msg);
  }

  private dispatch(msg: MarketStreamMessage) {
    if (msg.channel === 'auth') {
      this.authed = msg.data.code === 200 || msg.data.code === 0;
      if (this.authed) for (const channel of this.userChannels()) this.link.send({ subscribe: { channel } });
      for (const l of this.authListeners) l(this.authed, msg.data.msg);
      if (this.resyncAfterAuth) this.resync(this.pendingResync);
      return;
    }
    const key = isPublic(msg.channel) ? `${msg.channel}|${symbolOf(msg)}` : `${msg.channel}|*`;
    const set = this.handlers.get(key);
    if (set) for (const h of set) h(msg.data, msg);
  }

  /** Simulates a network drop (tests, and the "reconnect now" button). */
  drop() {
    this.link.drop();
  }

  close() {
    if (this.resyncAfterAuth) clearTimeout(this.resyncAfterAuth);
    this.watch.stop();
    this.link.close();
  }
}

function isPublic(channel: string): channel is PublicChannel {
  return channel === 'price' || channel === 'depth_book' || channel === 'public_trade';
}
