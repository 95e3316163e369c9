// Figure 5a: matching throughput in-process, single-threaded — the devnet engine and
// hft-limit-order-book on one identical order stream (the generator of bench/engine-probe.ts:
// 100 accounts, 10% market, 10% IOC limit, 80% GTC limit within ±0.2% of 95,000 so about half
// cross; each account cancels its 32 oldest orders once it has 64). Cancels are part of the stream
// (by client order id), so both books see exactly the same operations.
//
// `npx tsx bench/engine-throughput.ts [orders] [--json] [--profile] [--heap]`
// --heap adds what an order costs the heap as the service runs the engine, which unlike orders/s does
// not depend on what else the machine runs: bytes allocated per order, and bytes still held per order
// once the run is over (order and trade history, books), both after a full GC.
import { Session } from 'node:inspector/promises';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { OrderBook, Side } from 'hft-limit-order-book';
import type { LimitOrderOptions } from 'hft-limit-order-book';
import { DEFAULT_RATE_LIMIT, RateLimiter } from '../devnet/auth/rate-limit';
import { Exchange } from '../devnet/engine/index';
import { Prng } from '../devnet/engine/prng';
import { MarketStreamServer } from '../devnet/streams/market-stream-server';
import { OrderOutcomes } from '../devnet/streams/order-outcomes';
import { summarizeProfile, withoutIdle, type CpuProfile, type ProfileSummary } from './lib/cpuprofile';
import { median } from './lib/stats';

type NewOrder = Parameters<Exchange['newOrder']>[1];

interface Op {
  user: number;
  /** devnet form */
  order?: NewOrder;
  cancel?: string[];
  /** hft-limit-order-book form */
  hft?: { kind: 'limit'; o: LimitOrderOptions } | { kind: 'market'; side: Side; size: number };
}

export interface OrderStream {
  users: string[];
  ops: Op[];
  orders: number;
  cancels: number;
}

export function orderStream(n: number, seed = 42): OrderStream {
  const users = Array.from({ length: 100 }, (_, i) => `bsc_0x${i.toString(16).padStart(40, '0')}`);
  const rng = new Prng(seed);
  const open: string[][] = users.map(() => []);
  const ops: Op[] = [];
  let cancels = 0;
  for (let i = 0; i < n; i++) {
    const user = rng.int(users.length);
    const r = rng.next();
    const side = rng.next() < 0.5 ? 'buy' : 'sell';
    const hftSide = side === 'buy' ? Side.BUY : Side.SELL;
    const qty = (0.001 * (1 + rng.int(100))).toFixed(3);
    const cl = `o${i}`;
    if (r < 0.1) {
      ops.push({
        user,
        order: { symbol: 'BTC-USD', side, order_type: 'market', qty, time_in_force: 'ioc', reduce_only: false, cl_ord_id: cl },
        hft: { kind: 'market', side: hftSide, size: Number(qty) },
      });
    } else {
      const off = (rng.int(3801) - 1900) / 10;
      const price = (95000 + (side === 'buy' ? off : -off)).toFixed(1);
      const tif = r < 0.2 ? 'ioc' : 'gtc';
      ops.push({
        user,
        order: { symbol: 'BTC-USD', side, order_type: 'limit', qty, price, time_in_force: tif, reduce_only: false, cl_ord_id: cl },
        hft: { kind: 'limit', o: { id: cl, side: hftSide, size: Number(qty), price: Number(price), timeInForce: (tif === 'ioc' ? 'IOC' : 'GTC') as LimitOrderOptions['timeInForce'] } },
      });
      const mine = open[user]!;
      mine.push(cl);
      if (mine.length >= 64) {
        ops.push({ user, cancel: mine.splice(0, 32) });
        cancels++;
      }
    }
  }
  return { users, ops, orders: n, cancels };
}

export interface EngineRun {
  orders: number;
  wallMs: number;
  cpuMs: number;
  ordersPerSec: number;
  /** incoming orders that traded (hft) / fills recorded (devnet) */
  matched: number;
  rejected: number;
}

const T0 = Date.UTC(2025, 0, 1);

/**
 * `bare`: no listener (pure matching + margin). `service`: a listener attached, user events filtered
 * to watched accounts and public trades to subscribed symbols, as devnet.ts and the market stream
 * run it, with nobody watching or subscribed (order results and depth marks are still delivered:
 * HTTP replies wait on the former). `wired`: the same with devnet.ts's own listener and filters (the
 * market stream server with no socket, the order outcomes every order_result goes to), so what they
 * do per event is measured too. `watched`: every account and symbol watched (all events rendered).
 */
export type DevnetMode = 'bare' | 'service' | 'wired' | 'watched';

/** devnet.ts's subscription of the streams to the engine, with no socket connected; returns its close. */
function wireAsDevnet(ex: Exchange): () => void {
  const clock = () => ex.now();
  const marketStream = new MarketStreamServer({
    exchange: () => ex,
    verifyToken: () => Promise.reject(new Error('no sockets in the bench')),
    resolveImpersonation: (owner) => owner,
    limiter: new RateLimiter(DEFAULT_RATE_LIMIT, clock),
    now: clock,
  });
  const outcomes = new OrderOutcomes();
  ex.watchUsers((user) => marketStream.watches(user));
  ex.on((e) => {
    marketStream.onEvent(e);
    if (e.type === 'order_result') outcomes.orderResult(e.orderId, e.code, e.message);
  });
  return () => marketStream.close();
}

export function runDevnet(s: OrderStream, mode: DevnetMode, hold?: (ex: Exchange) => void): EngineRun {
  const ex = new Exchange({ startTime: T0, makers: false, indexWalk: false, historyDays: 0 });
  hold?.(ex);
  const unwire = mode === 'wired' ? wireAsDevnet(ex) : undefined;
  if (mode === 'service' || mode === 'watched') ex.on(() => undefined);
  if (mode === 'service') {
    ex.watchUsers(() => false);
    ex.watchPublicTrades(() => false);
  }
  for (const u of s.users) {
    ex.creditCash(u, '1000000000', `seed-${u}`);
    ex.transferToPerps(u, '1000000000');
  }
  let rejected = 0;
  let now = T0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < s.ops.length; i++) {
    const op = s.ops[i]!;
    if ((i & 1023) === 0) now += 1;
    const user = s.users[op.user]!;
    if (op.order) {
      if (!ex.newOrder(user, op.order, now).ok) rejected++;
    } else ex.cancelOrders(user, { cl_ord_id_list: op.cancel! }, now);
  }
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  unwire?.();
  const matched = s.users.reduce((n, u) => n + ex.queryTrades(u).total, 0) / 2;
  return { orders: s.orders, wallMs, cpuMs: (cpu.user + cpu.system) / 1000, ordersPerSec: (s.orders / wallMs) * 1000, matched, rejected };
}

export function runHft(s: OrderStream): EngineRun {
  const ob = new OrderBook();
  let matched = 0;
  let rejected = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (const op of s.ops) {
    const h = op.hft;
    if (h) {
      const r = h.kind === 'limit' ? ob.limit(h.o) : ob.market({ side: h.side, size: h.size });
      if (r.err) rejected++;
      else if (r.done.length > 0 || r.partial !== null) matched++;
    } else for (const id of op.cancel!) ob.cancel(id);
  }
  const wallMs = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  return { orders: s.orders, wallMs, cpuMs: (cpu.user + cpu.system) / 1000, ordersPerSec: (s.orders / wallMs) * 1000, matched, rejected };
}

export interface EngineResult {
  orders: number;
  cancels: number;
  repeats: number;
  devnet: EngineRun;
  devnetService: EngineRun;
  /** devnet as devnet.ts wires it (its listener and filters, no socket connected) */
  devnetWired: EngineRun;
  devnetAllWatched: EngineRun;
  hft: EngineRun;
  /** devnet (bare) ÷ hft orders/s (median runs) */
  ratio: number;
  /** devnet as the service runs it ÷ hft */
  serviceRatio: number;
  profile?: Record<DevnetMode, ProfileSummary>;
  /** --heap: the engine as the service runs it, bytes per order. */
  heap?: HeapPerOrder;
}

export interface HeapPerOrder {
  /** Allocated during the run (sampled every 512 B, objects collected since included). */
  allocatedBytes: number;
  /** Held by the engine after the run, after a full GC. */
  retainedBytes: number;
}

async function heapPerOrder(s: OrderStream): Promise<HeapPerOrder> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  let engine: Exchange | undefined;
  await session.post('HeapProfiler.collectGarbage');
  const before = getHeapStatistics().used_heap_size;
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true,
  });
  runDevnet(s, 'service', (ex) => (engine = ex));
  const { profile } = await session.post('HeapProfiler.stopSampling');
  await session.post('HeapProfiler.collectGarbage');
  const after = getHeapStatistics().used_heap_size;
  session.disconnect();
  let allocated = 0;
  const walk = (n: { selfSize: number; children: unknown[] }): void => {
    allocated += n.selfSize;
    for (const c of n.children) walk(c as typeof n);
  };
  walk(profile.head as unknown as { selfSize: number; children: unknown[] });
  if (engine === undefined) throw new Error('no engine');
  return { allocatedBytes: allocated / s.orders, retainedBytes: (after - before) / s.orders };
}

/** How many ops hold the first `orders` orders. */
function watchedPrefix(s: OrderStream, orders: number): number {
  let seen = 0;
  for (let i = 0; i < s.ops.length; i++) if (s.ops[i]!.order && ++seen === orders) return i + 1;
  return s.ops.length;
}

function medianRun(runs: EngineRun[]): EngineRun {
  const m = median(runs.map((r) => r.ordersPerSec));
  return runs.find((r) => r.ordersPerSec === m)!;
}

async function profiled<T>(fn: () => T): Promise<ProfileSummary> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  fn();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  return withoutIdle(summarizeProfile(profile as unknown as CpuProfile, { top: 25 }));
}

let gc: (() => void) | undefined;

/**
 * A full collection before each measured run. Each run builds its own engine, and the one before
 * left its whole history (~170 MB at 200k orders) as garbage; without this the run that follows pays
 * for it, so the events-on run, which follows the bare one in each round, was measured 10-20 % slower
 * than the engine makes it (with the collection, 1-7 % in main-thread CPU, either order). A service
 * runs one engine, with no other engine's garbage to collect.
 */
function collectGarbage(): void {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/** Warm-up on a short prefix, then `repeats` alternating measured runs of each (median reported). */
export async function engineThroughput(n = 200_000, repeats = 3, profile = false, heap = false): Promise<EngineResult> {
  const s = orderStream(n);
  const warm = orderStream(Math.min(30_000, n), 7);
  runDevnet(warm, 'bare');
  runDevnet(warm, 'service');
  runDevnet(warm, 'wired');
  runDevnet(warm, 'watched');
  runHft(warm);
  const devnet: EngineRun[] = [];
  const service: EngineRun[] = [];
  const wired: EngineRun[] = [];
  const hft: EngineRun[] = [];
  for (let i = 0; i < repeats; i++) {
    collectGarbage();
    devnet.push(runDevnet(s, 'bare'));
    collectGarbage();
    service.push(runDevnet(s, 'service'));
    collectGarbage();
    wired.push(runDevnet(s, 'wired'));
    collectGarbage();
    hft.push(runHft(s));
  }
  collectGarbage();
  // Every account watched renders every user event: ~7x slower, so a 50k-order prefix keeps the run short.
  const devnetAllWatched = runDevnet({ ...s, ops: s.ops.slice(0, watchedPrefix(s, 50_000)), orders: Math.min(n, 50_000) }, 'watched');
  const d = medianRun(devnet);
  const sv = medianRun(service);
  const h = medianRun(hft);
  const result: EngineResult = {
    orders: n,
    cancels: s.cancels,
    repeats,
    devnet: d,
    devnetService: sv,
    devnetWired: medianRun(wired),
    devnetAllWatched,
    hft: h,
    ratio: d.ordersPerSec / h.ordersPerSec,
    serviceRatio: sv.ordersPerSec / h.ordersPerSec,
  };
  if (heap) result.heap = await heapPerOrder(s);
  if (profile) {
    const profiles: Partial<Record<DevnetMode, ProfileSummary>> = {};
    for (const mode of ['bare', 'service', 'wired', 'watched'] as const) {
      collectGarbage();
      profiles[mode] = await profiled(() => runDevnet(s, mode));
    }
    result.profile = profiles as Record<DevnetMode, ProfileSummary>;
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 200_000);
  const r = await engineThroughput(n, 3, process.argv.includes('--profile'), process.argv.includes('--heap'));
  if (process.argv.includes('--json')) console.log(JSON.stringify(r));
  else {
    const f = (x: number) => Math.round(x).toLocaleString('en-US');
    console.log(`${n} orders, ${r.cancels} cancel batches, median of ${r.repeats}`);
    console.log(`devnet engine (bare)          ${f(r.devnet.ordersPerSec)} orders/s (${r.devnet.matched} fills, ${r.devnet.rejected} rejected)`);
    console.log(`devnet engine (as service)    ${f(r.devnetService.ordersPerSec)} orders/s`);
    console.log(`devnet engine (devnet wiring) ${f(r.devnetWired.ordersPerSec)} orders/s`);
    console.log(`devnet engine (all watched)   ${f(r.devnetAllWatched.ordersPerSec)} orders/s`);
    console.log(`hft-limit-order-book          ${f(r.hft.ordersPerSec)} orders/s (${r.hft.matched} orders traded)`);
    console.log(`ratio devnet/hft              ${r.ratio.toFixed(2)} (as service ${r.serviceRatio.toFixed(2)})`);
    if (r.heap) console.log(`heap per order (as service)   ${f(r.heap.allocatedBytes)} B allocated, ${f(r.heap.retainedBytes)} B held after the run`);
    if (r.profile) {
      for (const [k, p] of Object.entries(r.profile)) {
        console.log(`\nprofile ${k}: ${p.totalMs.toFixed(0)} ms busy`);
        for (const row of p.byFunction.slice(0, 15)) console.log(`  ${row.pct.toFixed(1).padStart(5)}%  ${row.selfMs.toFixed(0).padStart(6)} ms  ${row.name}`);
      }
    }
  }
}
