// Quick engine throughput probe: `npx tsx bench/engine-probe.ts [orders] [--events]`.
// Random limit/ioc/market orders from 100 funded accounts around the mark of
// BTC-USD (makers off, so every fill is user-against-user). Prints orders/s.
// The figure of the benchmark report is engine-throughput.ts (same generator, median of runs).
import { Exchange } from '../devnet/engine/index';
import { Prng } from '../devnet/engine/prng';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 200_000);
/** `--events` attaches a no-op listener, as the service does (events are then rendered). */
const withEvents = process.argv.includes('--events');
const t0 = Date.UTC(2025, 0, 1);
const ex = new Exchange({ startTime: t0, makers: false, indexWalk: false, historyDays: 0 });
if (withEvents) ex.on(() => undefined);
const users = Array.from({ length: 100 }, (_, i) => `bsc_0x${i.toString(16).padStart(40, '0')}`);
for (const u of users) {
  ex.creditCash(u, '1000000000', `seed-${u}`);
  ex.transferToPerps(u, '1000000000');
}
const rng = new Prng(42);
type P = Parameters<Exchange['newOrder']>[1];
const orders: Array<[string, P]> = [];
for (let i = 0; i < N; i++) {
  const u = users[rng.int(users.length)] as string;
  const r = rng.next();
  const side = rng.next() < 0.5 ? 'buy' : 'sell';
  const qty = (0.001 * (1 + rng.int(100))).toFixed(3);
  if (r < 0.1) {
    orders.push([u, { symbol: 'BTC-USD', side, order_type: 'market', qty, time_in_force: 'ioc', reduce_only: false }]);
  } else {
    // ±0.2% around 95000, crossing about half of the time.
    const off = (rng.int(3801) - 1900) / 10;
    const price = (95000 + (side === 'buy' ? off : -off)).toFixed(1);
    orders.push([u, { symbol: 'BTC-USD', side, order_type: 'limit', qty, price, time_in_force: r < 0.2 ? 'ioc' : 'gtc', reduce_only: false }]);
  }
}
const open = new Map<string, number[]>(users.map((u) => [u, []]));
let accepted = 0;
let rejected = 0;
const start = performance.now();
const cpu0 = process.cpuUsage();
let now = t0;
for (let i = 0; i < orders.length; i++) {
  const [u, p] = orders[i] as [string, P];
  if ((i & 1023) === 0) now += 1;
  const res = ex.newOrder(u, p, now);
  if (res.ok) {
    accepted++;
    const mine = open.get(u) as number[];
    mine.push(res.value.orderId);
    // Keep books bounded the way real clients do: cancel old orders now and then
    // (ids already filled or canceled are simply reported as not found).
    if (mine.length >= 64) ex.cancelOrders(u, { order_id_list: mine.splice(0, 32) }, now);
  } else rejected++;
}
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
const trades = ex.recentTrades('BTC-USD');
/** Every fill is recorded once for each of its two (user) sides. */
function fills(): number {
  return users.reduce((n, u) => n + ex.queryTrades(u).total, 0) / 2;
}
const inv = ex.moneyInvariant();
const rate = (n: number): string => Math.round((N / n) * 1000).toLocaleString('en-US');
console.log(`${N} orders (${accepted} accepted, ${rejected} rejected, ${fills()} fills): wall ${ms.toFixed(0)} ms → ${rate(ms)} orders/s; cpu ${cpuMs.toFixed(0)} ms → ${rate(cpuMs)} orders/s`);
console.log(`last trade ${trades.ok ? trades.value[0]?.price : '-'}; invariant ${inv.ok ? 'ok' : inv.detail}`);
