import type { PriceTick, PublicChannel } from '../../src/api/schemas';
import type { Exchange, ExchangeEvent } from '../engine';
import type { TokenClaims } from '../auth/access-token';
import type { RateLimiter } from '../auth/rate-limit';
import { HttpError, tooManyRequests } from '../http/errors';
import type { GuardedSocket } from './stream-guard';
import { renderWalletRow } from './wallet-row';

const PUBLIC: readonly string[] = ['price', 'depth_book', 'public_trade'];
const USER_CHANNELS = ['order', 'position', 'balance', 'trade'] as const;
type UserChannel = (typeof USER_CHANNELS)[number];
const isUserChannel = (c: unknown): c is UserChannel => typeof c === 'string' && (USER_CHANNELS as readonly string[]).includes(c);

interface Client {
  socket: GuardedSocket;
  seq: number;
  /** Public subscriptions, `channel|symbol`. */
  subs: Set<string>;
  account: string | null;
  /** The user channels this socket asked for (auth.streams or subscribe); only these are pushed. */
  user: Set<UserChannel>;
  /** The account this socket counts as a watcher of: `account` while `user` is not empty. */
  watching: string | null;
  /** The access token's expiry (unix seconds) while `account` is set. */
  exp: number;
  /** Messages are handled one after another, in the order they came (auth is asynchronous). */
  inbox: Promise<void>;
}

export const TOKEN_EXPIRED = 'access token expired: sign in again';

export interface MarketStreamDeps {
  exchange: () => Exchange;
  verifyToken: (token: string) => Promise<TokenClaims>;
  resolveImpersonation: (owner: string, vault: string | undefined) => string;
  /** The account budget HTTP requests also draw on: each `auth` costs one request. */
  limiter: RateLimiter;
  /** The devnet clock (ms), for token expiry. */
  now: () => number;
  /** How often coalesced depth and price snapshots go out. */
  flushMs?: number;
}

/**
 * The market stream `/ws-stream/v1` (decisions.md): public channels per symbol, user channels after
 * `auth`. Depth and price changes are coalesced and sent at most once per flush interval.
 *
 * User channels (decisions.md "Streams" [doc], issue #14 item 1): a socket receives exactly the user
 * channels it asked for, through `auth.streams` or, after a successful `auth`, `{"subscribe":{"channel":
 * "order"}}` (`position`, `balance`, `trade`), and stops receiving one on `unsubscribe`. They are
 * answered as public subscriptions are: no acknowledgement frame; a subscription that has a current
 * state sends it at once (`depth_book` and `price` their snapshot, `balance` the Perps Wallet row, as
 * `auth` with `balance` in its streams does; the channel carries Perps rows only, decisions.md); a `symbol` sent with a user channel is ignored (they are
 * account-wide); subscribing twice is one subscription. Asked for before `auth` succeeded (or after
 * the token expired), a user channel gets an error frame (code 401) and nothing is pushed. Every
 * `auth` starts the socket's user channels afresh: those of its `streams`, none without; a failed
 * `auth` or an expired token ends them all, so a client subscribes again after it re-authenticates.
 * Messages of one socket are handled in order, so `auth` then `subscribe` sent back to back work.
 *
 * Costs (issue #13): `auth` verifies a token and reads the account, so it is charged one request
 * (45 credits) to the token's account bucket, the one HTTP draws on; over budget it is answered
 * `{"channel":"auth","data":{"code":429,…}}` and the socket is not (or no longer) authenticated.
 * `subscribe`/`unsubscribe` (public or user channels: set changes and, for `balance`, a row already
 * kept) are not charged to an account; like every inbound message they count against the socket's
 * budget (`GuardedSocket.admit`: 50 a second, over it a 429 frame and close 1008), and the send-buffer
 * bound and the per-IP connection limit bound them too. A `depth_book` snapshot, on subscribe or
 * pushed, is the exchange's text rendered once per change of the book, at most DEPTH_LEVELS levels a
 * side (issue #27): a subscribe costs a frame around shared text, whatever the book's depth. User channels stop when the token expires: the next private
 * push, the next user-channel request or the periodic sweep sends `auth` with code 401 and the socket
 * falls back to public channels until it authenticates (and subscribes) again.
 */
export class MarketStreamServer {
  private readonly clients = new Set<Client>();
  /** How many authenticated sockets with at least one user channel listen for each account. */
  private readonly watchers = new Map<string, number>();
  private readonly dirtyDepth = new Set<string>();
  private readonly dirtyPrice = new Set<string>();
  private readonly timer: ReturnType<typeof setInterval>;
  /** `public_trade|<symbol>`, made once per symbol: asked for on every fill. */
  private readonly tradeKeys = new Map<string, string>();

  constructor(private readonly deps: MarketStreamDeps) {
    this.timer = setInterval(() => this.flush(), deps.flushMs ?? 50);
    // The engine renders a fill's public_trade only when a socket here would send it on.
    deps.exchange().watchPublicTrades((symbol) => this.watchesPublicTrades(symbol));
  }

  attach(socket: GuardedSocket): void {
    const client: Client = { socket, seq: 0, subs: new Set(), account: null, user: new Set(), watching: null, exp: 0, inbox: Promise.resolve() };
    this.clients.add(client);
    socket.ws.on('message', (data) => {
      const over = socket.admit();
      if (over === null) {
        const text = data.toString();
        client.inbox = client.inbox.then(() => (client.socket.open ? this.receive(client, text) : undefined)).catch(() => undefined);
      } else if (over) {
        this.push(client, 'error', { code: 429, msg: over });
        socket.close(1008, 'too many messages');
      }
    });
    socket.ws.on('close', () => {
      this.clients.delete(client);
      this.setAccount(client, null, null);
    });
    socket.ws.on('error', () => socket.ws.terminate());
  }

  private push(client: Client, channel: string, data: unknown, symbol?: string) {
    if (!client.socket.open) return;
    client.seq += 1;
    client.socket.send(symbol ? { seq: client.seq, channel, symbol, data } : { seq: client.seq, channel, data });
  }

  /**
   * A depth snapshot whose data is the exchange's shared text (rendered once per change of the book):
   * the frame around it is the only per-socket work, as `push` would write it (seq, channel, symbol, data).
   */
  private pushDepth(client: Client, symbol: string, data: string) {
    if (!client.socket.open) return;
    client.seq += 1;
    client.socket.send(`{"seq":${client.seq},"channel":"depth_book","symbol":${JSON.stringify(symbol)},"data":${data}}`);
  }

  private error(client: Client, message: string, code = 400) {
    this.push(client, 'error', { code, msg: message });
  }

  private expired(client: Client): boolean {
    return client.account !== null && client.exp <= Math.floor(this.deps.now() / 1000);
  }

  /** The token ran out: private channels stop, and the client is told so. */
  private expire(client: Client) {
    this.setAccount(client, null, null);
    this.push(client, 'auth', { code: 401, msg: TOKEN_EXPIRED });
  }

  /** Ends user channels whose token has expired (called periodically). */
  expireTokens(): void {
    for (const c of this.clients) if (this.expired(c)) this.expire(c);
  }

  private async receive(client: Client, text: string) {
    let msg: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
      msg = parsed as Record<string, unknown>;
    } catch {
      this.error(client, 'message is not a JSON object');
      return;
    }
    if ('subscribe' in msg || 'unsubscribe' in msg) {
      const sub = (msg.subscribe ?? msg.unsubscribe) as { channel?: unknown; symbol?: unknown } | undefined;
      const channel = sub?.channel;
      const symbol = sub?.symbol;
      if (isUserChannel(channel)) {
        this.subscribeUser(client, channel, 'subscribe' in msg);
        return;
      }
      if (typeof channel !== 'string' || !PUBLIC.includes(channel)) {
        this.error(client, `channel must be one of ${[...PUBLIC, ...USER_CHANNELS].join(', ')} (user channels after auth)`);
        return;
      }
      if (typeof symbol !== 'string' || !this.deps.exchange().symbolPrice(symbol).ok) {
        this.error(client, `unknown symbol ${String(symbol)}`);
        return;
      }
      const key = `${channel}|${symbol}`;
      if ('unsubscribe' in msg) {
        client.subs.delete(key);
        return;
      }
      client.subs.add(key);
      this.sendInitial(client, channel as PublicChannel, symbol);
      return;
    }
    if ('auth' in msg) {
      await this.authenticate(client, msg.auth);
      return;
    }
    this.error(client, 'expected subscribe, unsubscribe or auth');
  }

  /** `subscribe` / `unsubscribe` of a user channel: only on an authenticated socket. */
  private subscribeUser(client: Client, channel: UserChannel, on: boolean) {
    if (this.expired(client)) this.expire(client);
    const account = client.account;
    if (account === null) {
      this.error(client, `channel ${channel} needs auth first: send {"auth":{"token":…}}`, 401);
      return;
    }
    const user = new Set(client.user);
    if (on) user.add(channel);
    else user.delete(channel);
    this.setAccount(client, account, user);
    if (on && channel === 'balance') this.pushWallets(client, account);
  }

  /**
   * The account's Perps Wallet row as of its latest version. The channel carries Perps rows only
   * (decisions.md "Balance channel", as the public sample shows): the Cash Wallet is read over HTTP.
   */
  private pushWallets(client: Client, account: string) {
    this.push(client, 'balance', renderWalletRow(this.deps.exchange().walletRecords(account).perps));
  }

  private sendInitial(client: Client, channel: PublicChannel, symbol: string) {
    const ex = this.deps.exchange();
    if (channel === 'depth_book') {
      const d = ex.depthBookText(symbol);
      if (d.ok) this.pushDepth(client, symbol, d.value);
    } else if (channel === 'price') {
      this.push(client, 'price', this.priceTick(symbol), symbol);
    }
  }

  private priceTick(symbol: string): PriceTick | null {
    const m = this.deps.exchange().symbolMarket(symbol);
    const p = this.deps.exchange().symbolPrice(symbol);
    if (!m.ok || !p.ok) return null;
    return {
      base: m.value.base,
      quote: m.value.quote,
      symbol,
      index_price: p.value.index_price,
      last_price: p.value.last_price,
      mark_price: p.value.mark_price,
      mid_price: p.value.mid_price,
      spread: m.value.spread,
      time: p.value.time,
    };
  }

  private async authenticate(client: Client, auth: unknown) {
    const a = auth as { token?: unknown; impersonate?: unknown; streams?: unknown } | null;
    if (!a || typeof a.token !== 'string') {
      this.push(client, 'auth', { code: 400, msg: 'auth needs a token' });
      return;
    }
    try {
      const claims = await this.deps.verifyToken(a.token);
      const limited = this.deps.limiter.accountProblem(claims.account);
      if (limited) throw tooManyRequests(limited);
      const account = this.deps.resolveImpersonation(claims.account, typeof a.impersonate === 'string' ? a.impersonate : undefined);
      // The user channels of `streams` (other names there are ignored); none without it.
      const user = new Set<UserChannel>(
        Array.isArray(a.streams) ? a.streams.map((s: unknown) => (s as { channel?: unknown } | null)?.channel).filter(isUserChannel) : [],
      );
      this.setAccount(client, account, user);
      client.exp = claims.exp;
      this.push(client, 'auth', { code: 200, msg: 'success' });
      if (this.wants(client, 'balance')) this.pushWallets(client, account);
    } catch (e) {
      this.setAccount(client, null, null);
      const status = e instanceof HttpError ? e.status : 401;
      this.push(client, 'auth', { code: status, msg: e instanceof Error ? e.message : 'auth failed' });
    }
  }

  /**
   * Sets the socket's account and user channels (null: signed out, none). A socket watches its
   * account while it has a user channel: the engine renders user events only for watched accounts.
   */
  private setAccount(client: Client, account: string | null, user: Set<UserChannel> | null) {
    client.account = account;
    client.user = account === null || user === null ? new Set() : user;
    const watching = client.user.size > 0 ? account : null;
    if (watching === client.watching) return;
    if (client.watching !== null) {
      const n = (this.watchers.get(client.watching) ?? 1) - 1;
      if (n <= 0) this.watchers.delete(client.watching);
      else this.watchers.set(client.watching, n);
    }
    client.watching = watching;
    if (watching !== null) this.watchers.set(watching, (this.watchers.get(watching) ?? 0) + 1);
  }

  /** Whether some socket listens for this account's user channels (the engine renders only those). */
  watches(account: string): boolean {
    return this.watchers.has(account);
  }

  /** Whether some socket is subscribed to the symbol's public trades. */
  watchesPublicTrades(symbol: string): boolean {
    let key = this.tradeKeys.get(symbol);
    if (key === undefined) {
      key = `public_trade|${symbol}`;
      this.tradeKeys.set(symbol, key);
    }
    for (const c of this.clients) if (c.subs.has(key)) return true;
    return false;
  }

  private wants(client: Client, channel: UserChannel) {
    return client.user.has(channel);
  }

  /** Feeds engine events to subscribers. */
  onEvent(e: ExchangeEvent): void {
    switch (e.type) {
      case 'depth':
        this.dirtyDepth.add(e.symbol);
        return;
      case 'price':
        this.dirtyPrice.add(e.symbol);
        return;
      case 'public_trade': {
        const key = this.tradeKeys.get(e.symbol) ?? `public_trade|${e.symbol}`;
        for (const c of this.clients) if (c.subs.has(key)) this.push(c, 'public_trade', e.trade, e.symbol);
        return;
      }
      case 'order':
      case 'position':
      case 'trade':
      case 'balance': {
        // Perps rows only: the Cash Wallet is read over HTTP (decisions.md "Balance channel").
        if (e.type === 'balance' && e.wallet.type !== 'perps') return;
        let data: unknown;
        for (const c of this.clients) {
          if (c.account !== e.user || !this.wants(c, e.type)) continue;
          if (this.expired(c)) {
            this.expire(c);
            continue;
          }
          // Rendered once per event, for the first socket that wants it (wallet records on delivery).
          data ??= e.type === 'order' ? e.order : e.type === 'position' ? e.position : e.type === 'trade' ? e.trade : renderWalletRow(e.wallet);
          this.push(c, e.type, data);
        }
        return;
      }
      default:
        return;
    }
  }

  private flush() {
    if (this.clients.size === 0) {
      this.dirtyDepth.clear();
      this.dirtyPrice.clear();
      return;
    }
    for (const symbol of this.dirtyDepth) {
      const key = `depth_book|${symbol}`;
      let payload: string | undefined;
      for (const c of this.clients) {
        if (!c.subs.has(key)) continue;
        if (payload === undefined) {
          const d = this.deps.exchange().depthBookText(symbol);
          if (!d.ok) break;
          payload = d.value;
        }
        this.pushDepth(c, symbol, payload);
      }
    }
    this.dirtyDepth.clear();
    for (const symbol of this.dirtyPrice) {
      const key = `price|${symbol}`;
      let payload: unknown;
      for (const c of this.clients) {
        if (!c.subs.has(key)) continue;
        payload ??= this.priceTick(symbol);
        if (payload) this.push(c, 'price', payload, symbol);
      }
    }
    this.dirtyPrice.clear();
  }

  close(): void {
    clearInterval(this.timer);
    for (const c of this.clients) c.socket.ws.terminate();
    this.clients.clear();
  }
}

export const USER_STREAM_CHANNELS = USER_CHANNELS;
