// Trigger storm probe (issue #27): `npx tsx bench/trigger-storm.ts [accounts] [parents] [--events]`.
// Every account holds `parents` tiny long parents with the same TP and SL (2 children each); one mark
// move crosses every SL. Prints the time of each engine call that fires a batch (tpsl.ts TRIGGER_BATCH).
import { Exchange, TRIGGER_BATCH } from '../devnet/engine/index';

const nums = process.argv.filter((a) => /^\d+$/.test(a)).map(Number);
const accounts = nums[0] ?? 500;
const parents = nums[1] ?? 50;
const t0 = Date.UTC(2025, 0, 1);
const ex = new Exchange({ startTime: t0, makers: false, indexWalk: false, historyDays: 0 });
if (process.argv.includes('--events')) ex.on(() => undefined);
const fund = (u: string, amount: string) => {
  ex.creditCash(u, amount, `seed-${u}`);
  ex.transferToPerps(u, amount);
};
const seller = 'bsc_0x' + 'a'.repeat(40);
const buyer = 'bsc_0x' + 'b'.repeat(40);
fund(seller, '1000000000');
fund(buyer, '1000000000');
const lots = ((accounts * parents) / 1000).toFixed(3);
const must = (r: { ok: boolean; message?: string }) => {
  if (!r.ok) throw new Error(r.message);
};
must(ex.newOrder(seller, { symbol: 'BTC-USD', side: 'sell', order_type: 'limit', qty: lots, price: '95000', time_in_force: 'gtc', reduce_only: false }, t0));
const build = performance.now();
for (let i = 0; i < accounts; i++) {
  const u = `bsc_0x${(i + 1).toString(16).padStart(40, '0')}`;
  fund(u, '100000');
  for (let k = 0; k < parents; k++) {
    must(ex.newOrder(u, { symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty: '0.001', time_in_force: 'ioc', reduce_only: false, tp_price: '97000', sl_price: '94000' }, t0));
  }
}
must(ex.newOrder(buyer, { symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: lots, price: '93900', time_in_force: 'gtc', reduce_only: false }, t0));
console.log(`${accounts * parents * 2} children built in ${(performance.now() - build).toFixed(0)} ms; batch ${TRIGGER_BATCH}`);
const times: number[] = [];
let t = performance.now();
ex.setIndexPrice('BTC-USD', '94000', t0 + 1000);
times.push(performance.now() - t);
for (let i = 1; ; i++) {
  t = performance.now();
  const more = ex.drainTriggers(t0 + 1000 + i);
  times.push(performance.now() - t);
  if (!more) break;
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`${times.length} calls, total ${times.reduce((a, b) => a + b, 0).toFixed(0)} ms; per call median ${sorted[sorted.length >> 1]?.toFixed(1)} ms, max ${sorted[sorted.length - 1]?.toFixed(1)} ms`);
console.log(`per call: ${times.map((x) => x.toFixed(1)).join(' ')}`);
console.log(`invariant ${ex.moneyInvariant().ok ? 'ok' : 'BROKEN'}`);
