import type { IncomingMessage } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { authRoutes } from './auth/auth-service';
import { verifyAccessToken } from './auth/access-token';
import { BodySignatureVerifier } from './auth/body-signature';
import { loadOrCreateAuthKeys } from './auth/keys';
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateLimitConfig } from './auth/rate-limit';
import { requestAuthenticator, resolveImpersonation } from './auth/request-auth';
import { UsedChallenges } from './auth/used-challenges';
import { bridgeRoutes, type WithdrawAuthorizer } from './bridge/bridge-routes';
import type { DevnetChain } from './chain';
import { linkChain, type ChainLink } from './chain-link';
import { devnetRoutes, type DevnetInfo } from './devnet-routes';
import type { ExchangeConfig } from './engine';
import { geoRoutes } from './geo/geo-routes';
import { HttpError, tooManyRequests } from './http/errors';
import { startHttpService } from './http/server';
import { Ledger } from './persistence/ledger';
import { ConnectionLimit } from './streams/connection-limit';
import { MarketStreamServer } from './streams/market-stream-server';
import { OrderOutcomes } from './streams/order-outcomes';
import { OrderStreamServer } from './streams/order-stream-server';
import { DEFAULT_STREAM_LIMITS, StreamGuard, type StreamLimits } from './streams/stream-guard';
import { tradeRoutes } from './trade/trade-routes';

export interface DevnetOptions {
  host?: string;
  /** 0 = any free port (tests). */
  ports?: { base: number; auth: number; bridge: number; geo: number };
  /** Where the journal, snapshots and keys live; null = in memory only. */
  dataDir?: string | null;
  reset?: boolean;
  clock?: () => number;
  /** How often time advances in the engine (index walk, makers, funding, liquidations). */
  tickMs?: number;
  exchange?: Partial<ExchangeConfig>;
  rateLimit?: Partial<RateLimitConfig>;
  signin?: { domain: string; uri: string };
  /** The local EVM chain id withdrawals are signed for (never the sign-in message's, which says 56). */
  evmChainId?: number;
  region?: string;
  withdrawFee?: string;
  authorizationSeconds?: number;
  /** The local EVM chain: deposits, withdrawals and the on-chain faucet (none = no chain). */
  chain?: DevnetChain;
  /** Blocks a deposit needs (itself included) before it is credited; default 2. */
  confirmations?: number;
  /** The chain mines a block this often besides on every transaction (0 = leave its mining alone); default 1000. */
  blockMs?: number;
  snapshotMs?: number;
  /**
   * Snapshot images made by a worker thread's replica of the ledger, off the request thread
   * (default on; `DEVNET_SNAPSHOT_WORKER=0` in the environment turns it off, to measure against).
   */
  snapshotWorker?: boolean;
  maxStreamConnectionsPerIp?: number;
  /**
   * Per-socket stream limits (ping interval, pong timeout, lifetime, send-buffer bound, inbound
   * messages a second, depth/price flush interval); tests shorten them. The inbound limit is a rate
   * limit: off when `rateLimit.enabled` is false unless given here.
   */
  streams?: Partial<StreamLimits>;
  log?: (line: string) => void;
}

export const DEVNET_PORTS = { base: 7100, auth: 7101, bridge: 7102, geo: 7103 };
export const DEVNET_SIGNIN = { domain: 'devnet.perps.local', uri: 'https://devnet.perps.local' };

export interface Devnet {
  urls: { baseUrl: string; authUrl: string; bridgeUrl: string; geoUrl: string; streamUrl: string; orderStreamUrl: string };
  ledger: Ledger;
  chainLink: ChainLink | null;
  /** Runs one engine tick now (tests drive time with this). */
  tick: () => void;
  setRegion: (region: string) => void;
  close: () => Promise<void>;
}

/** Starts the four services and both streams around one durable exchange. */
export async function startDevnet(o: DevnetOptions = {}): Promise<Devnet> {
  const host = o.host ?? '127.0.0.1';
  const ports = o.ports ?? DEVNET_PORTS;
  const clock = o.clock ?? Date.now;
  const dataDir = o.dataDir ?? null;
  const log = o.log ?? (() => undefined);
  let region = o.region ?? 'SG';

  if (dataDir && o.reset) rmSync(dataDir, { recursive: true, force: true });
  const keys = await loadOrCreateAuthKeys(dataDir ? join(dataDir, 'auth-keys.json') : null);
  const config: ExchangeConfig = { startTime: clock(), seed: 1, ...o.exchange };
  const snapshotWorker = o.snapshotWorker ?? process.env.DEVNET_SNAPSHOT_WORKER !== '0';
  const ledger = new Ledger(config, clock, dataDir, undefined, { snapshotWorker, log });
  const { replayed } = ledger.open();
  if (replayed > 0) log(`replayed ${replayed} journaled commands`);

  const usedChallenges = new UsedChallenges(() => Math.floor(clock() / 1000), dataDir ? join(dataDir, 'used-challenges.log') : null);
  const signatures = new BodySignatureVerifier(clock, undefined, undefined, dataDir ? join(dataDir, 'request-ids.log') : null);
  const limiter = new RateLimiter({ ...DEFAULT_RATE_LIMIT, ...o.rateLimit }, clock);
  const vaultOwner = (id: string) => ledger.exchange.vaultOwner(id);
  const authenticate = requestAuthenticator({ tokenSecret: keys.tokenSecret, signatures, limiter, vaultOwner, now: clock });
  const verifyToken = (token: string) => verifyAccessToken(keys.tokenSecret, token, Math.floor(clock() / 1000));
  const impersonate = (owner: string, vault: string | undefined) => resolveImpersonation(owner, vault, vaultOwner);
  const outcomes = new OrderOutcomes();
  const ipLimit = (req: { ip: string }) => {
    const problem = limiter.ipProblem(req.ip);
    if (problem) throw tooManyRequests(problem);
  };

  const onLogin = (account: string) => {
    ledger.run({ op: 'ensureAccount', user: account });
    if (ledger.exchange.vaultsOf(account).length === 0) ledger.run({ op: 'createVault', owner: account });
  };

  const chainLink = o.chain
    ? linkChain(ledger, o.chain, {
        now: clock,
        log,
        ...(o.confirmations !== undefined ? { confirmations: o.confirmations } : {}),
        ...(o.blockMs !== undefined ? { blockMs: o.blockMs } : {}),
      })
    : null;
  const authorizer =
    chainLink?.authorizer ??
    ({
      chainId: o.evmChainId ?? 31337,
      contractAddress: '0x0000000000000000000000000000000000000000',
      tokenAddress: '0x0000000000000000000000000000000000000000',
      sign: async () => {
        throw new HttpError(503, 'withdrawals need the local chain: start the devnet with its chain');
      },
    } satisfies WithdrawAuthorizer);

  const info = (): DevnetInfo => ({
    chain: chainLink?.info ?? null,
    services: { baseUrl: base.url, authUrl: auth.url, bridgeUrl: bridge.url, geoUrl: geo.url },
  });
  const tradingRouter = tradeRoutes({ ledger, authenticate, outcomes, now: clock }).include(
    devnetRoutes({ ledger, authenticate, info, faucetMax: '1000000', afterMarkMove: () => scheduleDrain(), ...(chainLink ? { mint: chainLink.mint } : {}) }),
  );
  const base = await startHttpService({ name: 'trading', host, port: ports.base, router: tradingRouter, before: ipLimit });
  const auth = await startHttpService({
    name: 'auth',
    host,
    port: ports.auth,
    router: authRoutes({
      keys,
      ...(o.signin ?? DEVNET_SIGNIN),
      // The sign-in message says Chain ID 56 whatever the local EVM runs (decisions.md "Sign-in").
      now: clock,
      onLogin,
      usedChallenges,
    }),
    before: ipLimit,
  });
  const bridge = await startHttpService({
    name: 'bridge',
    host,
    port: ports.bridge,
    router: bridgeRoutes({
      ledger,
      authenticate,
      authorizer: () => authorizer,
      now: clock,
      withdrawFee: o.withdrawFee ?? '0.1',
      authorizationSeconds: o.authorizationSeconds ?? 900,
    }),
    before: ipLimit,
  });
  const geo = await startHttpService({ name: 'geo', host, port: ports.geo, router: geoRoutes({ region: () => region, now: clock }) });

  // ---- streams on the trading host
  const streamLimits: StreamLimits = {
    ...DEFAULT_STREAM_LIMITS,
    ...(limiter.config.enabled ? {} : { maxInboundPerSecond: 0 }),
    ...o.streams,
  };
  const marketStream = new MarketStreamServer({
    exchange: () => ledger.exchange,
    verifyToken,
    resolveImpersonation: impersonate,
    limiter,
    now: clock,
    flushMs: streamLimits.flushMs,
  });
  ledger.exchange.watchUsers((user) => marketStream.watches(user));
  const orderStream = new OrderStreamServer({ ledger, outcomes, signatures, verifyToken, resolveImpersonation: impersonate, limiter, now: clock });
  let unsubscribe = subscribeEngine();
  function subscribeEngine() {
    return ledger.exchange.on((e) => {
      marketStream.onEvent(e);
      if (e.type === 'order_result') outcomes.orderResult(e.orderId, e.code, e.message);
    });
  }
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const connections = new ConnectionLimit(o.maxStreamConnectionsPerIp ?? 10);
  // Pings, pong timeout, lifetime; token expiry on both streams is swept on the same timer.
  const streamGuard = new StreamGuard(streamLimits, () => {
    marketStream.expireTokens();
    orderStream.expireTokens();
  });
  base.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node drops the HTTP server's error handler on upgrade: a reset here must not crash the devnet.
    socket.on('error', () => socket.destroy());
    const refuse = (status: string) => {
      socket.once('finish', () => socket.destroy());
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
    };
    const path = new URL(req.url ?? '/', 'http://devnet').pathname;
    const ip = req.socket.remoteAddress ?? '';
    if (path !== '/ws-stream/v1' && path !== '/ws-api/v1') {
      refuse('404 Not Found');
      return;
    }
    // The slot is given back when this TCP connection closes, whether or not the handshake succeeds.
    if (!connections.tryHold(ip, socket)) {
      refuse('429 Too Many Requests');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const guarded = streamGuard.guard(ws);
      if (path === '/ws-stream/v1') marketStream.attach(guarded);
      else orderStream.attach(guarded);
    });
  });

  // A trigger storm's backlog (the engine fires at most TRIGGER_BATCH TP/SL children per call) is fired
  // by journaled drainTriggers commands, one per turn of the event loop, so requests interleave and no
  // call keeps the loop long (decisions.md "Market integrity in the devnet").
  let drainPending: NodeJS.Immediate | null = null;
  let stopped = false;
  const drainTriggers = (): void => {
    drainPending = null;
    if (stopped) return;
    const r = ledger.run({ op: 'drainTriggers' });
    if (r.ok && r.value === true) drainPending = setImmediate(drainTriggers);
  };
  const scheduleDrain = (): void => {
    if (drainPending === null && !stopped && ledger.exchange.triggerBacklog() > 0) drainPending = setImmediate(drainTriggers);
  };
  const tick = () => {
    ledger.run({ op: 'advance' });
    scheduleDrain();
  };
  const ticker = o.tickMs === 0 ? null : setInterval(tick, o.tickMs ?? 250);
  const snapshotter = dataDir ? setInterval(() => ledger.scheduleSnapshot(), o.snapshotMs ?? 60_000) : null;

  const wsBase = base.url.replace(/^http/, 'ws');
  return {
    urls: {
      baseUrl: base.url,
      authUrl: auth.url,
      bridgeUrl: bridge.url,
      geoUrl: geo.url,
      streamUrl: `${wsBase}/ws-stream/v1`,
      orderStreamUrl: `${wsBase}/ws-api/v1`,
    },
    ledger,
    chainLink,
    tick,
    setRegion: (r) => {
      region = r;
    },
    close: async () => {
      if (ticker) clearInterval(ticker);
      stopped = true;
      if (drainPending !== null) clearImmediate(drainPending);
      streamGuard.close();
      if (snapshotter) clearInterval(snapshotter);
      await chainLink?.stop();
      unsubscribe();
      unsubscribe = () => undefined;
      marketStream.close();
      orderStream.close();
      wss.close();
      await Promise.all([base.close(), auth.close(), bridge.close(), geo.close()]);
      await ledger.close();
      signatures.close();
      usedChallenges.close();
    },
  };
}
