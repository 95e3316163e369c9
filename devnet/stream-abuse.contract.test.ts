/**
 * Abuse of the two WebSocket streams (issue #13 items 4, 6, 7, 8), against a real devnet over real
 * sockets on 127.0.0.1:
 *  - upgrade requests that fail their handshake must not keep the IP's connection slots;
 *  - one rate-limit budget per account across HTTP and both streams;
 *  - a socket that stops reading is closed before its send buffer grows without bound, a socket that
 *    floods is closed, a socket that answers no ping gets the 408 frame, a connection has a lifetime;
 *  - a token that expires while a socket is logged in stops orders and private pushes on it.
 */
import { connect, type Socket } from 'node:net';
import { WebSocket, type ClientOptions } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client';
import type { ApiError } from '../src/api/errors';
import type { NewOrderBody, OrderStreamReply } from '../src/api/schemas';
import { MarketStream } from '../src/api/stream/market-stream';
import { OrderStream } from '../src/api/stream/order-stream';
import { signIn } from '../src/wallet/sign-in';
import { DEVNET_SIGNIN, type Devnet } from './devnet';
import { bestPrice, evmWallet, expectAudit, fund, nodeSocket, signedInTrader, sleep, startTestDevnet, until, type Trader } from './test-support/harness';

interface Opened {
  ws: WebSocket;
  frames: Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
  isClosed: () => boolean;
}

/** A raw `ws` client that records every frame it reads and how it was closed. */
function openWs(url: string, options: ClientOptions = {}): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    const frames: Record<string, unknown>[] = [];
    let done = false;
    ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as Record<string, unknown>));
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      ws.once('close', (code, reason) => {
        done = true;
        r({ code, reason: reason.toString() });
      }),
    );
    ws.once('open', () => resolve({ ws, frames, closed, isClosed: () => done }));
    ws.once('error', reject);
  });
}

/** An HTTP upgrade request written by hand; resolves with the status line the server answers. */
function rawUpgrade(url: string, key: string): Promise<string> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(u.port), u.hostname);
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
    socket.write(
      `GET ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

const limitOrder = (price: string, cl: string): NewOrderBody => ({
  symbol: 'BTC-USD',
  side: 'buy',
  order_type: 'limit',
  qty: '0.001',
  price,
  time_in_force: 'gtc',
  reduce_only: false,
  cl_ord_id: cl,
});

// -------------------------------------------------------------------------------------------------

describe('connection slots (decisions.md: at most 10 stream connections per IP)', () => {
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await startTestDevnet();
  });
  afterAll(() => devnet.close());
  afterEach(() => expectAudit(devnet));

  it('upgrade requests with an invalid Sec-WebSocket-Key do not take the IP’s slots', async () => {
    for (let i = 0; i < 12; i++) {
      const url = i % 2 === 0 ? devnet.urls.streamUrl : devnet.urls.orderStreamUrl;
      const status = await rawUpgrade(url, 'not-a-valid-key');
      expect(status, `bad upgrade #${i + 1}`).toMatch(/^HTTP\/1\.1 400/);
    }
    const market = await openWs(devnet.urls.streamUrl);
    const orders = await openWs(devnet.urls.orderStreamUrl);
    market.ws.close();
    orders.ws.close();
    await Promise.all([market.closed, orders.closed]);
  });

  it('an upgrade whose client vanishes before the handshake frees its slot', async () => {
    const u = new URL(devnet.urls.streamUrl);
    for (let i = 0; i < 12; i++) {
      await new Promise<void>((resolve) => {
        const s = connect(Number(u.port), u.hostname, () => {
          s.write(`GET ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
          s.destroy();
        });
        s.on('close', () => resolve());
        s.on('error', () => undefined);
      });
    }
    await sleep(100);
    const ok = await openWs(devnet.urls.streamUrl);
    ok.ws.close();
    await ok.closed;
  });

  it('still refuses the eleventh open connection, and a closed one frees its slot', async () => {
    const open: Opened[] = [];
    try {
      for (let i = 0; i < 10; i++) open.push(await openWs(i % 2 === 0 ? devnet.urls.streamUrl : devnet.urls.orderStreamUrl));
      await expect(openWs(devnet.urls.streamUrl)).rejects.toThrow(/429/);
      const first = open.shift()!;
      first.ws.close();
      await first.closed;
      await sleep(100); // the devnet sees the close a moment after the client
      open.push(await openWs(devnet.urls.streamUrl));
    } finally {
      for (const o of open) o.ws.close();
      await Promise.all(open.map((o) => o.closed));
    }
  });
});

// -------------------------------------------------------------------------------------------------

describe('one rate-limit budget per account across HTTP and both streams', () => {
  let devnet: Devnet;
  let trader: Trader;
  let farBid: string;
  beforeAll(async () => {
    // The account bucket of decisions.md (45 credits a request, capacity 900 = a burst of 20, refill
    // 1000/s); the per-IP limit is raised so that only the account budget decides here.
    devnet = await startTestDevnet({ rateLimit: { enabled: true, perIpPerSecond: 100_000 } });
    for (let i = 0; i < 5; i++) devnet.tick();
    trader = await signedInTrader(devnet);
    await fund(devnet, trader, '100000', '50000');
    farBid = (await bestPrice(trader.api, 'BTC-USD', 'bid')).mul('0.97').toFixed(0);
  });
  afterAll(() => devnet.close());
  afterEach(() => expectAudit(devnet));

  it('HTTP and order-stream orders interleaved: about one bucket accepted, the rest 429, the engine holds exactly the accepted', async () => {
    const stream = new OrderStream({ url: devnet.urls.orderStreamUrl, createSocket: nodeSocket });
    const first = new Map<string, OrderStreamReply>();
    stream.onReply((r) => {
      if (!first.has(r.request_id)) first.set(r.request_id, r);
    });
    try {
      const loggedIn = new Promise<boolean>((r) => stream.onLogin((ok) => r(ok)));
      stream.authenticate({ token: trader.session.token });
      expect(await loggedIn).toBe(true);
      await sleep(1000); // the bucket is full again: 900 credits
      const N = 40;
      const t0 = Date.now();
      const http: Promise<'ok' | number>[] = [];
      const ids: Promise<string>[] = [];
      for (let i = 0; i < N; i++) {
        http.push(
          trader.api.trade.newOrder(limitOrder(farBid, `h-${i}`)).then(
            () => 'ok' as const,
            (e: ApiError) => e.status,
          ),
        );
        ids.push(stream.newOrder(limitOrder(farBid, `s-${i}`), trader.session.key));
      }
      const httpResults = await Promise.all(http);
      const requestIds = await Promise.all(ids);
      await until(() => requestIds.every((id) => first.has(id)), 10_000, 'a reply to every stream order');
      const elapsed = Date.now() - t0;
      const streamReplies = requestIds.map((id) => first.get(id)!);

      const httpOk = httpResults.filter((r) => r === 'ok').length;
      const http429 = httpResults.filter((r) => r === 429).length;
      const streamOk = streamReplies.filter((r) => r.code === 0 && 'status' in r).length;
      const stream429 = streamReplies.filter((r) => r.code === 429).length;
      console.log(`budget: http ${httpOk} ok / ${http429} 429, stream ${streamOk} ok / ${stream429} 429, in ${elapsed} ms`);
      expect(httpOk + http429, 'every HTTP order is accepted or 429').toBe(N);
      expect(streamOk + stream429, 'every stream order is accepted or 429').toBe(N);
      for (const r of streamReplies.filter((x) => x.code === 429)) expect('message' in r && r.message.length > 5).toBe(true);
      const accepted = httpOk + streamOk;
      // The burst (900 / 45 = 20) plus what refilled while the orders came in (1000 credits/s).
      expect(accepted).toBeGreaterThanOrEqual(20);
      expect(accepted, `accepted within ${elapsed} ms`).toBeLessThanOrEqual(20 + Math.floor(elapsed / 45) + 1);
      expect(stream429, 'stream orders are charged to the same bucket').toBeGreaterThan(0);
      const open = devnet.ledger.exchange.queryOpenOrders(trader.account, { limit: 500 });
      expect(open.total).toBe(accepted);
    } finally {
      stream.close();
    }
  });

  it('market-stream auth is charged to the account too: 429 while the bucket is empty', async () => {
    // A slow refill (one request a second) so that the empty bucket stays empty while the test looks.
    const slow = await startTestDevnet({ rateLimit: { enabled: true, perIpPerSecond: 100_000, refillPerSecond: 45 } });
    const market = await openWs(slow.urls.streamUrl);
    try {
      const t = await signedInTrader(slow);
      await Promise.allSettled(Array.from({ length: 25 }, () => t.api.user.queryBalance()));
      market.ws.send(JSON.stringify({ auth: { token: t.session.token } }));
      await until(() => market.frames.some((f) => f.channel === 'auth'), 5000, 'the auth reply');
      expect(market.frames.find((f) => f.channel === 'auth')).toMatchObject({ data: { code: 429 } });
      await sleep(1100);
      market.frames.length = 0;
      market.ws.send(JSON.stringify({ auth: { token: t.session.token } }));
      await until(() => market.frames.some((f) => f.channel === 'auth'), 5000, 'the auth reply');
      expect(market.frames.find((f) => f.channel === 'auth')).toMatchObject({ data: { code: 200 } });
    } finally {
      market.ws.close();
      expectAudit(slow);
      await slow.close();
    }
  });

  it('a socket that floods is told so and closed (inbound limit per socket)', async () => {
    const market = await openWs(devnet.urls.streamUrl);
    const orders = await openWs(devnet.urls.orderStreamUrl);
    for (let i = 0; i < 300 && !market.isClosed(); i++) market.ws.send(JSON.stringify({ subscribe: { channel: 'price', symbol: 'NOPE' } }));
    for (let i = 0; i < 300 && !orders.isClosed(); i++) orders.ws.send('x');
    const [m, o] = await Promise.race([
      Promise.all([market.closed, orders.closed]),
      sleep(5000).then(() => {
        throw new Error('a flooding socket was not closed within 5 s');
      }),
    ]);
    expect(m.code).toBe(1008);
    expect(o.code).toBe(1008);
    expect(market.frames.some((f) => f.channel === 'error' && (f.data as { code: number }).code === 429)).toBe(true);
    expect(orders.frames.some((f) => f.code === 429)).toBe(true);
  });
});

// -------------------------------------------------------------------------------------------------

describe('sockets that ask for snapshots and stop reading (the issue: 4 sockets, +265–314 MB in 15 s)', () => {
  const SOCKETS = 4;
  const BUFFER = 1024 * 1024;
  const MiB = (n: number) => (n / 1024 / 1024).toFixed(1);
  const memory = () => {
    const m = process.memoryUsage();
    return { rss: m.rss, heap: m.heapUsed + m.external };
  };

  /**
   * SOCKETS clients subscribe to every channel of every symbol, stop reading (their kernel buffers
   * fill, then every frame queues in the devnet), and keep asking for depth snapshots (each ~1 KB
   * reply for a ~60 byte request) for 8 s. Returns the peak memory growth of this process (the
   * devnet runs in it) and how each socket was closed once the client reads again.
   */
  async function askAndStopReading(devnet: Devnet) {
    const symbols = devnet.ledger.exchange.symbols();
    const before = memory();
    const clients: Opened[] = [];
    for (let i = 0; i < SOCKETS; i++) clients.push(await openWs(devnet.urls.streamUrl));
    for (const c of clients) {
      for (const symbol of symbols) for (const channel of ['depth_book', 'price', 'public_trade']) c.ws.send(JSON.stringify({ subscribe: { channel, symbol } }));
      (c.ws as unknown as { _socket: Socket })._socket.pause();
    }
    let peak = { rss: 0, heap: 0 };
    for (let round = 0; round < 160; round++) {
      for (const c of clients) {
        for (let k = 0; k < 200; k++) c.ws.send(JSON.stringify({ subscribe: { channel: 'depth_book', symbol: symbols[k % symbols.length] } }));
      }
      await sleep(50);
      const m = memory();
      peak = { rss: Math.max(peak.rss, m.rss - before.rss), heap: Math.max(peak.heap, m.heap - before.heap) };
    }
    for (const c of clients) (c.ws as unknown as { _socket: Socket })._socket.resume();
    const closes = await Promise.race([
      Promise.all(clients.map((c) => c.closed)),
      sleep(20_000).then(() => {
        for (const c of clients) c.ws.terminate();
        throw new Error(`the sockets were not closed (peak growth rss ${MiB(peak.rss)} MiB, heap+external ${MiB(peak.heap)} MiB)`);
      }),
    ]);
    return { peak, closes, clients };
  }

  it('a socket over its send-buffer bound is closed as a slow consumer; memory stays bounded', async () => {
    // No inbound limit here: only the send-buffer bound stands between the sockets and the heap.
    const devnet = await startTestDevnet({ tickMs: 5, streams: { maxBufferedBytes: BUFFER, maxInboundPerSecond: 0 } });
    try {
      const { peak, closes } = await askAndStopReading(devnet);
      console.log(`slow consumers (bound ${MiB(BUFFER)} MiB): peak growth rss ${MiB(peak.rss)} MiB, heap+external ${MiB(peak.heap)} MiB`);
      for (const c of closes) expect(c).toMatchObject({ code: 1008, reason: expect.stringMatching(/slow consumer/) });
      // Each socket holds at most the bound plus one frame before it is closed.
      expect(peak.heap, `heap+external grew ${MiB(peak.heap)} MiB`).toBeLessThan(SOCKETS * BUFFER + 48 * 1024 * 1024);
    } finally {
      expectAudit(devnet);
      await devnet.close();
    }
  }, 60_000);

  it('with the inbound limit on, the same sockets are closed for flooding long before', async () => {
    const devnet = await startTestDevnet({ tickMs: 5, streams: { maxInboundPerSecond: 50 } });
    try {
      const { peak, closes, clients } = await askAndStopReading(devnet);
      console.log(`flooding non-readers (50 msg/s): peak growth rss ${MiB(peak.rss)} MiB, heap+external ${MiB(peak.heap)} MiB`);
      for (const c of closes) expect(c).toMatchObject({ code: 1008, reason: expect.stringMatching(/too many messages/) });
      for (const c of clients) expect(c.frames.some((f) => f.channel === 'error' && (f.data as { code: number }).code === 429)).toBe(true);
      expect(peak.heap, `heap+external grew ${MiB(peak.heap)} MiB`).toBeLessThan(48 * 1024 * 1024);
    } finally {
      expectAudit(devnet);
      await devnet.close();
    }
  }, 60_000);
});

// -------------------------------------------------------------------------------------------------

describe('pings, pongs and lifetime (decisions.md "Streams")', () => {
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await startTestDevnet({ streams: { pingIntervalMs: 100, pongTimeoutMs: 600, maxLifetimeMs: 4000 } });
  });
  afterAll(() => devnet.close());
  afterEach(() => expectAudit(devnet));

  it('a client that answers no ping gets the 408 frame and is closed; one that answers stays', async () => {
    const t0 = Date.now();
    const silentMarket = await openWs(devnet.urls.streamUrl, { autoPong: false });
    const silentOrders = await openWs(devnet.urls.orderStreamUrl, { autoPong: false });
    const healthy = await openWs(devnet.urls.streamUrl);
    const closes = await Promise.race([
      Promise.all([silentMarket.closed, silentOrders.closed]),
      sleep(5000).then(() => {
        throw new Error('a client that answers no ping was not closed within 5 s');
      }),
    ]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(500);
    const frame408 = { code: 408, message: 'disconnecting due to not receive Pong within 5 minute period' };
    expect(silentMarket.frames.at(-1)).toEqual(frame408);
    expect(silentOrders.frames.at(-1)).toEqual(frame408);
    for (const c of closes) expect(c.code).toBe(1008);
    expect(healthy.isClosed(), 'a client that answers pings is kept').toBe(false);
    healthy.ws.close();
    await healthy.closed;
  });

  it('a connection older than the lifetime is closed', async () => {
    const t0 = Date.now();
    const market = await openWs(devnet.urls.streamUrl);
    const orders = await openWs(devnet.urls.orderStreamUrl);
    const closes = await Promise.race([
      Promise.all([market.closed, orders.closed]),
      sleep(8000).then(() => {
        throw new Error('connections outlived the 4 s lifetime by 4 s');
      }),
    ]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(3900);
    for (const c of closes) {
      expect(c.code).toBe(1000);
      expect(c.reason).toMatch(/lifetime/);
    }
  });
});

// -------------------------------------------------------------------------------------------------

describe('a token that expires while a socket is logged in', () => {
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await startTestDevnet({ streams: { pingIntervalMs: 100 } });
    for (let i = 0; i < 5; i++) devnet.tick();
  });
  afterAll(() => devnet.close());
  afterEach(() => expectAudit(devnet));

  it('stops orders on the order stream (401) and private pushes on the market stream', async () => {
    const wallet = evmWallet();
    const bare = createApiClient({ urls: devnet.urls });
    const session = await signIn(bare, wallet, { expected: DEVNET_SIGNIN, expiresSeconds: 2 });
    const longLived = await signedInTrader(devnet, wallet);
    await fund(devnet, longLived, '100000', '50000');
    const account = longLived.account;
    const api = createApiClient({ urls: devnet.urls, getCredentials: () => ({ token: session.token, signer: session.key }) });
    const farBid = (await bestPrice(api, 'BTC-USD', 'bid')).mul('0.97').toFixed(0);

    const orders = new OrderStream({ url: devnet.urls.orderStreamUrl, createSocket: nodeSocket });
    const market = new MarketStream({ url: devnet.urls.streamUrl, createSocket: nodeSocket });
    const replies = new Map<string, OrderStreamReply>();
    orders.onReply((r) => {
      if (!replies.has(r.request_id)) replies.set(r.request_id, r);
    });
    const logins: [boolean, string][] = [];
    orders.onLogin((ok, m) => logins.push([ok, m]));
    const auths: [boolean, string][] = [];
    market.onAuth((ok, m) => auths.push([ok, m]));
    const pushed: { at: number; cl: string; status: string }[] = [];
    market.onUser('order', (o) => pushed.push({ at: Date.now(), cl: o.cl_ord_id, status: o.status }));
    try {
      orders.authenticate({ token: session.token });
      market.authenticate({ token: session.token });
      await until(() => logins.length > 0 && auths.length > 0, 5000, 'login and auth');
      expect(logins[0]![0]).toBe(true);
      expect(auths[0]![0]).toBe(true);

      // Before expiry: an order over the socket is accepted and pushed on the market stream.
      const before = await orders.newOrder(limitOrder(farBid, 'pre-expiry'), session.key);
      await until(() => replies.has(before), 5000, 'the pre-expiry reply');
      expect(replies.get(before)).toMatchObject({ code: 0, status: 'accepted' });
      await until(() => pushed.some((p) => p.cl === 'pre-expiry'), 5000, 'the order push');

      // Wait until HTTP refuses the token.
      await until(() => Date.now() >= session.expiresAt + 50, 5000, 'expiry');
      const httpStatus = await api.user.queryBalance().then(
        () => 200,
        (e: ApiError) => e.status,
      );
      expect(httpStatus).toBe(401);
      const expiredAt = Date.now();

      const after = await orders.newOrder(limitOrder(farBid, 'post-expiry'), session.key);
      await until(() => replies.has(after), 5000, 'the post-expiry reply');
      expect(replies.get(after)).toMatchObject({ code: 401, message: expect.stringMatching(/expired/) });

      // Both sockets were told the token expired.
      await until(() => logins.length > 1 && auths.length > 1, 3000, 'an expiry notice on both streams');
      expect(logins[1]![0]).toBe(false);
      expect(logins[1]![1]).toMatch(/expired/);
      expect(auths[1]![0]).toBe(false);
      expect(auths[1]![1]).toMatch(/expired/);

      // The account's order changes (here: the exchange cancels it) are no longer pushed.
      const r = devnet.ledger.run({ op: 'cancelOrder', user: account, params: { cl_ord_id: 'pre-expiry' } });
      expect(r.ok).toBe(true);
      await sleep(300);
      expect(pushed.filter((p) => p.at >= expiredAt)).toEqual([]);
      expect(devnet.ledger.exchange.queryOpenOrders(account).result.map((o) => o.cl_ord_id)).toEqual([]);
      // Nor are outcomes of HTTP orders routed to the expired session (sent here with a valid token).
      const env = await longLived.api.trade.newOrder(limitOrder(farBid, 'http-after'), orders.sessionId);
      await sleep(300);
      expect(replies.has(env.request_id)).toBe(false);
      expect(pushed.filter((p) => p.at >= expiredAt)).toEqual([]);

      // A fresh token on the same sockets brings the private data back.
      market.authenticate({ token: longLived.session.token });
      orders.authenticate({ token: longLived.session.token });
      await until(() => auths.length > 2 && logins.length > 2, 5000, 're-auth');
      expect(auths[2]![0]).toBe(true);
      expect(logins[2]![0]).toBe(true);
      await longLived.api.trade.newOrder(limitOrder(farBid, 'fresh'));
      await until(() => pushed.some((p) => p.cl === 'fresh'), 5000, 'the push after re-auth');
    } finally {
      orders.close();
      market.close();
    }
  });
});
