/**
 * Shared pieces of the soak tests: the devnet as a real child process (so it can be SIGKILLed), its
 * data dir opened in-process afterwards (money invariant), and traders signed in through the app's
 * own client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, type ApiClient } from '../../src/api/client';
import type { Order, Trade } from '../../src/api/schemas';
import type { Credentials, ServiceUrls } from '../../src/api/transport';
import { dec } from '../../src/lib/decimal';
import { signIn } from '../../src/wallet/sign-in';
import type { SignedInSession } from '../../src/wallet/session-store';
import type { WalletSigner } from '../../src/wallet/wallet-signer';
import { DEVNET_SIGNIN } from '../devnet';
import { openLedgerCopy, type Ledger } from '../persistence/ledger';
import { evmWallet } from './harness';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** Four consecutive free ports (the devnet puts trading, auth, bridge and geo on base … base+3). */
export async function freePortBlock(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const free = await Promise.all([0, 1, 2, 3].map((k) => portFree(base + k)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no block of four free ports');
}

export interface DevnetProcess {
  urls: ServiceUrls;
  dataDir: string;
  /** Every line the process printed, across restarts. */
  log: string[];
  start(): Promise<void>;
  /** Sends the signal and waits for the exit. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  readonly running: boolean;
  readonly pid: number | undefined;
}

/** `npm run devnet` as a child process on its own ports and data dir (no chain unless chainPort). */
export function devnetProcess(o: { basePort: number; dataDir?: string; chainPort?: number; args?: string[] }): DevnetProcess {
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'devnet-soak-'));
  const log: string[] = [];
  let child: ChildProcess | null = null;
  const urls = {
    baseUrl: `http://127.0.0.1:${o.basePort}`,
    authUrl: `http://127.0.0.1:${o.basePort + 1}`,
    bridgeUrl: `http://127.0.0.1:${o.basePort + 2}`,
    geoUrl: `http://127.0.0.1:${o.basePort + 3}`,
  };
  const args = [
    '--import',
    'tsx',
    'devnet/main.ts',
    '--data-dir',
    dataDir,
    '--base-port',
    String(o.basePort),
    '--no-rate-limit',
    ...(o.chainPort ? ['--chain-port', String(o.chainPort)] : ['--no-chain']),
    ...(o.args ?? []),
  ];
  return {
    urls,
    dataDir,
    log,
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    get pid() {
      return child?.pid;
    },
    start: () =>
      new Promise<void>((resolve, reject) => {
        const c = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        child = c;
        const timer = setTimeout(() => reject(new Error(`devnet did not start:\n${log.slice(-20).join('\n')}`)), 60_000);
        let buffered = '';
        const onData = (d: Buffer) => {
          buffered += d.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) {
            log.push(line);
            if (line.includes('[devnet] ready')) {
              clearTimeout(timer);
              resolve();
            }
          }
        };
        c.stdout!.on('data', onData);
        c.stderr!.on('data', onData);
        c.once('exit', (code, signal) => {
          clearTimeout(timer);
          log.push(`[soak] devnet exited (${code ?? signal})`);
          reject(new Error(`devnet exited with ${code ?? signal}:\n${log.slice(-20).join('\n')}`));
        });
      }),
    stop: (signal) =>
      new Promise<void>((resolve) => {
        const c = child;
        if (!c || c.exitCode !== null || c.signalCode !== null) return resolve();
        c.once('exit', () => resolve());
        c.kill(signal);
      }),
  };
}

/**
 * Opens a copy of a data dir the way a restart would (snapshot + journal replay) and returns the
 * ledger, so a test can check the money invariant of exactly what was on disk.
 */
export function openDataDir(dataDir: string): Ledger {
  return openLedgerCopy(dataDir);
}

export interface SoakTrader {
  api: ApiClient;
  session: SignedInSession;
  account: string;
  urls: ServiceUrls;
}

export async function soakTrader(urls: ServiceUrls, wallet: WalletSigner = evmWallet()): Promise<SoakTrader> {
  const session = await signIn(createApiClient({ urls }), wallet, { expected: DEVNET_SIGNIN });
  const creds: Credentials = { token: session.token, signer: session.key };
  return {
    api: createApiClient({ urls, getCredentials: () => creds }),
    session,
    account: `bsc_${session.address.toLowerCase()}`,
    urls,
  };
}

/** Credits through the devnet faucet (to the Perps Wallet with `wallet: 'perps'`). */
export async function faucet(t: SoakTrader, amount: string, wallet: 'cash' | 'perps' = 'cash'): Promise<void> {
  const res = await fetch(`${t.urls.baseUrl}/devnet/faucet`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.session.token}` },
    body: JSON.stringify({ amount, wallet }),
  });
  if (!res.ok) throw new Error(`faucet: ${res.status} ${await res.text()}`);
}

export async function wallets(t: SoakTrader): Promise<{ cash: { free: string; locked: string }; perps: { total: string } }> {
  const res = await fetch(`${t.urls.baseUrl}/devnet/wallets`, { headers: { authorization: `Bearer ${t.session.token}` } });
  if (!res.ok) throw new Error(`wallets: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ cash: { free: string; locked: string }; perps: { total: string } }>;
}

/** Every order of the account, all pages (query_orders pages backwards with last_id). */
export async function allOrders(t: SoakTrader): Promise<Order[]> {
  const out: Order[] = [];
  let lastId: number | undefined;
  for (;;) {
    const page = await t.api.user.queryOrders({ limit: 500, ...(lastId !== undefined ? { last_id: lastId } : {}) });
    out.push(...page.result);
    if (page.result.length < 500) return out;
    lastId = page.result[page.result.length - 1]!.id;
  }
}

export async function allTrades(t: SoakTrader): Promise<Trade[]> {
  const out: Trade[] = [];
  let lastId: number | undefined;
  for (;;) {
    const page = await t.api.user.queryTrades({ limit: 500, ...(lastId !== undefined ? { last_id: lastId } : {}) });
    out.push(...page.result);
    if (page.result.length < 500) return out;
    lastId = page.result[page.result.length - 1]!.id;
  }
}

/** What a client saw of one request it sent. */
export type Seen = 'acked' | 'refused' | 'unknown';

/**
 * The books of one account agree with themselves and with what its client saw: each order the
 * client saw accepted exists exactly once, one it saw refused not at all, one whose answer was lost
 * at most once; every fill is in a trade; positions are the sum of the trades. Returns problems.
 */
export async function auditAccount(
  t: SoakTrader,
  sent: { orders: Map<string, Seen>; cancels: Map<string, Seen> },
): Promise<{ problems: string[]; orders: Order[]; trades: Trade[]; lostButLanded: number }> {
  const problems: string[] = [];
  let lostButLanded = 0;
  const orders = await allOrders(t);
  const trades = await allTrades(t);
  const byCl = new Map<string, Order[]>();
  for (const o of orders) byCl.set(o.cl_ord_id, [...(byCl.get(o.cl_ord_id) ?? []), o]);
  for (const [cl, seen] of sent.orders) {
    const n = byCl.get(cl)?.length ?? 0;
    if (seen === 'acked' && n !== 1) problems.push(`accepted order ${cl} exists ${n} times`);
    if (seen === 'refused' && n !== 0) problems.push(`refused order ${cl} exists ${n} times`);
    if (seen === 'unknown' && n > 1) problems.push(`order ${cl} (answer lost) exists ${n} times`);
    if (seen === 'unknown' && n === 1) lostButLanded++;
  }
  for (const [cl, list] of byCl) if (!sent.orders.has(cl)) problems.push(`order ${cl} was never sent (${list.length}×)`);
  for (const [cl, seen] of sent.cancels) {
    const o = byCl.get(cl)?.[0];
    if (seen === 'acked' && (!o || o.status === 'open' || o.status === 'new')) problems.push(`accepted cancel of ${cl} but the order is ${o?.status ?? 'missing'}`);
  }
  const fills = new Map<number, ReturnType<typeof dec>>();
  const net = new Map<string, ReturnType<typeof dec>>();
  const orderIds = new Set(orders.map((o) => o.id));
  for (const tr of trades) {
    if (!orderIds.has(tr.order_id)) problems.push(`trade ${tr.id} of unknown order ${tr.order_id}`);
    fills.set(tr.order_id, (fills.get(tr.order_id) ?? dec(0)).plus(tr.qty));
    net.set(tr.symbol, (net.get(tr.symbol) ?? dec(0)).plus(tr.side === 'buy' ? tr.qty : dec(tr.qty).neg()));
  }
  if (new Set(trades.map((x) => x.id)).size !== trades.length) problems.push('a trade id appears twice');
  for (const o of orders) {
    const f = fills.get(o.id) ?? dec(0);
    if (!f.eq(o.fill_qty)) problems.push(`order ${o.cl_ord_id}: fill_qty ${o.fill_qty} but trades sum to ${f.toFixed()}`);
  }
  const positions = await t.api.user.queryPositions();
  for (const [symbol, q] of net) {
    const p = positions.find((x) => x.symbol === symbol);
    if (!dec(p?.qty ?? 0).eq(q)) problems.push(`${symbol}: position ${p?.qty ?? 0} but trades net ${q.toFixed()}`);
  }
  return { problems, orders, trades, lostButLanded };
}

/** Runs `fn` with at most `n` in flight until `more()` says stop. */
export async function pool(n: number, more: () => boolean, fn: (worker: number) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: n }, async (_, w) => {
      while (more()) await fn(w);
    }),
  );
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
