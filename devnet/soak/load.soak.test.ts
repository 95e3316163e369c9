/**
 * Issue 8, load: 50 trading clients, each in a closed loop (one request at a time, no think time)
 * for 60 s against a devnet child process on loopback — orders resting and filling, cancels, wallet
 * transfers, queries — through the app's own signed client. No request may fail, and afterwards:
 * every order a client saw accepted is in its books exactly once, every accepted cancel took, fills
 * add up to trades and positions, each Cash Wallet is exactly what its transfers say, and the data
 * dir on disk satisfies the money invariant.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { dec, type Dec } from '../../src/lib/decimal';
import { auditAccount, devnetProcess, faucet, freePortBlock, openDataDir, soakTrader, wallets, type DevnetProcess, type Seen, type SoakTrader } from '../test-support/soak';
import { auditLedger } from '../audit';

const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 50);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
let dn: DevnetProcess | null = null;
afterAll(async () => {
  await dn?.stop('SIGKILL');
});

const SYMBOLS = [
  { symbol: 'BTC-USD', qty: '0.001', decimals: 1 },
  { symbol: 'ETH-USD', qty: '0.01', decimals: 2 },
  { symbol: 'XAU-USD', qty: '0.01', decimals: 2 },
] as const;

interface Client {
  t: SoakTrader;
  i: number;
  orders: Map<string, Seen>;
  cancels: Map<string, Seen>;
  resting: string[];
  /** Resting orders a cancel found filled already (the market reached them): checked below. */
  filledBeforeCancel: string[];
  cash: ReturnType<typeof dec>;
  n: number;
  lastSide: 'buy' | 'sell';
}

const errors: string[] = [];
const latencies: number[] = [];
const opCounts = new Map<string, number>();

async function timed<T>(op: string, f: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await f();
  } finally {
    latencies.push(performance.now() - t0);
    opCounts.set(op, (opCounts.get(op) ?? 0) + 1);
  }
}

async function step(c: Client, mids: Map<string, Dec>): Promise<void> {
  const api = c.t.api;
  const roll = Math.random();
  const s = SYMBOLS[Math.floor(Math.random() * SYMBOLS.length)]!;
  try {
    if ((roll < 0.15 && c.resting.length > 0) || c.resting.length >= 20) {
      const cl = c.resting.splice(Math.floor(Math.random() * c.resting.length), 1)[0]!;
      try {
        await timed('cancel_order', () => api.trade.cancelOrder({ cl_ord_id: cl }));
        c.cancels.set(cl, 'acked');
      } catch (e) {
        if (e instanceof ApiError && /not open \(status filled\)/.test(e.message)) c.filledBeforeCancel.push(cl);
        else throw e;
      }
    } else if (roll < 0.4) {
      const side = Math.random() < 0.5 ? 'buy' : 'sell';
      const cl = `c${c.i}-${c.n++}`;
      const price = mids.get(s.symbol)!.mul(side === 'buy' ? '0.975' : '1.025').toFixed(s.decimals);
      c.orders.set(cl, 'unknown');
      await timed('new_order limit', () =>
        api.trade.newOrder({ symbol: s.symbol, side, order_type: 'limit', qty: s.qty, price, time_in_force: 'gtc', reduce_only: false, cl_ord_id: cl }),
      );
      c.orders.set(cl, 'acked');
      c.resting.push(cl);
    } else if (roll < 0.55) {
      // Alternate sides so positions stay small.
      const side = c.lastSide === 'buy' ? 'sell' : 'buy';
      c.lastSide = side;
      const cl = `c${c.i}-${c.n++}`;
      c.orders.set(cl, 'unknown');
      await timed('new_order market', () => api.trade.newOrder({ symbol: s.symbol, side, order_type: 'market', qty: s.qty, time_in_force: 'ioc', reduce_only: false, cl_ord_id: cl }));
      c.orders.set(cl, 'acked');
    } else if (roll < 0.65) {
      await timed('transfer_to_perps', () => api.wallet.transferToPerps({ amount: '1.25' }));
      c.cash = c.cash.minus('1.25');
    } else if (roll < 0.75) {
      await timed('transfer_to_spot', () => api.wallet.transferToSpot({ amount: '1.5' }));
      c.cash = c.cash.plus('1.5');
    } else {
      const q = Math.floor(Math.random() * 5);
      if (q === 0) await timed('query_balance', () => api.user.queryBalance());
      else if (q === 1) await timed('query_open_orders', () => api.user.queryOpenOrders({ symbol: s.symbol }));
      else if (q === 2) await timed('query_positions', () => api.user.queryPositions());
      else if (q === 3) await timed('query_trades', () => api.user.queryTrades({ limit: 20 }));
      else {
        const book = await timed('query_depth_book', () => api.market.depthBook(s.symbol));
        const bid = book.bids.map(([p]) => dec(p)).reduce<Dec | null>((a, b) => (a === null || b.gt(a) ? b : a), null);
        const ask = book.asks.map(([p]) => dec(p)).reduce<Dec | null>((a, b) => (a === null || b.lt(a) ? b : a), null);
        if (bid && ask) mids.set(s.symbol, bid.plus(ask).div(2));
      }
    }
  } catch (e) {
    errors.push(`client ${c.i}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

// Slow: runs only under scripts/test-soak.sh (SOAK=1), not in every `npx vitest run`.
describe.runIf(process.env.SOAK === '1')(`load: ${CLIENTS} concurrent trading clients for ${SECONDS} s (soak)`, () => {
  it('no request fails and every accepted order, cancel and transfer is accounted for', async () => {
    dn = devnetProcess({ basePort: await freePortBlock(), args: ['--funding-ms', String(1e14)] });
    await dn.start();
    const clients: Client[] = [];
    for (let b = 0; b < CLIENTS; b += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, CLIENTS - b) }, async (_, k) => {
          const t = await soakTrader(dn!.urls);
          await faucet(t, '50000', 'perps');
          await faucet(t, '1000', 'cash');
          const c: Client = { t, i: b + k, orders: new Map(), cancels: new Map(), resting: [], filledBeforeCancel: [], cash: dec((await wallets(t)).cash.free), n: 0, lastSide: 'sell' };
          return c;
        }),
      );
      clients.push(...batch);
    }
    const mids = new Map<string, Dec>();
    for (const s of SYMBOLS) mids.set(s.symbol, dec((await clients[0]!.t.api.market.symbolPrice(s.symbol)).mark_price));

    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      clients.map(async (c) => {
        while (Date.now() < deadline && errors.length < 20) await step(c, mids);
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    expect(errors, errors.slice(0, 10).join('\n')).toEqual([]);

    // Every client's books, from the devnet, against what the client saw.
    let accepted = 0;
    let stillResting = 0;
    for (const c of clients) {
      const { problems, orders } = await auditAccount(c.t, { orders: c.orders, cancels: c.cancels });
      expect(problems, `client ${c.i}`).toEqual([]);
      const open = new Set((await c.t.api.user.queryOpenOrders()).result.map((o) => o.cl_ord_id));
      const byCl = new Map(orders.map((o) => [o.cl_ord_id, o]));
      for (const cl of c.resting) {
        const o = byCl.get(cl)!;
        expect(open.has(cl) || o.status === 'filled', `client ${c.i}: ${cl} should rest, is ${o.status}`).toBe(true);
      }
      for (const cl of open) expect(c.resting, `client ${c.i}: ${cl} rests but the client cancelled it`).toContain(cl);
      for (const cl of c.filledBeforeCancel) expect(byCl.get(cl)?.status).toBe('filled');
      expect(dec((await wallets(c.t)).cash.free).eq(c.cash), `client ${c.i}: cash`).toBe(true);
      accepted += [...c.orders.values()].filter((s) => s === 'acked').length + c.cancels.size;
      stillResting += open.size;
    }
    const balances = await Promise.all(clients.map((c) => c.t.api.user.queryBalance()));

    // What is on disk after a clean stop: the audit of named accounts, and the same wallets.
    await dn.stop('SIGTERM');
    const onDisk = openDataDir(dn.dataDir);
    const inv = auditLedger(onDisk);
    expect(inv.ok, inv.detail).toBe(true);
    clients.forEach((c, k) => expect(onDisk.exchange.queryBalance(c.t.account).cross_balance, `client ${c.i}`).toBe(balances[k]!.cross_balance));

    const sorted = [...latencies].sort((a, b) => a - b);
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
    console.log(
      `[soak:load] ${CLIENTS} clients × ${elapsed.toFixed(0)} s: ${latencies.length} requests (${(latencies.length / elapsed).toFixed(0)}/s), 0 failed; ` +
        `latency p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms; ${accepted} orders/cancels accepted and accounted for, ` +
        `${stillResting} resting at the end; ${[...opCounts].map(([k, v]) => `${k} ${v}`).join(', ')}`,
    );
  }, 600_000);
});
