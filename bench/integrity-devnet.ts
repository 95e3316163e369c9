// Figure 6's devnet (bench/fig-integrity.ts starts it as a child process, so the attack's clients do
// not share its event loop): a real devnet on loopback, in memory, rate limits off for the bench's own
// probes but the per-socket inbound limit on (50 messages a second, as served), with the state of
// issue #27's two attacks built straight through the ledger, the way the journal replays commands:
//  - attack 3: a deep ETH-USD book, DEEP_LEVELS bid levels one tick apart behind the makers' quotes
//    (issue #27: 50 accounts built 10,057 levels in 33 s within the rate limits);
//  - attack 4: STORM_ACCOUNTS accounts × STORM_PARENTS tiny XAU-USD buys, each with the same TP and
//    SL, all filled (against one resting seller), so STORM_ACCOUNTS × STORM_PARENTS untriggered
//    children wait at one SL price; the bench then moves the mark through it with POST /devnet/mark.
// `npx tsx bench/integrity-devnet.ts <base-port>`: prints one JSON line `{"ready":…}` when built.
import { startDevnet } from '../devnet/devnet';
import type { NewOrderBody } from '../src/api/schemas';

export const DEEP_LEVELS = 10_057;
export const STORM_ACCOUNTS = 250;
export const STORM_PARENTS = 100;
export const STORM_SYMBOL = 'XAU-USD';

export interface IntegrityDevnetReady {
  ready: true;
  deepLevels: number;
  parents: number;
  /** The children's SL price, and an index price below it that fires every one. */
  slPrice: string;
  movePrice: string;
  setupMs: number;
}

const basePort = Number(process.argv[2] ?? 7700);
const t0 = performance.now();
const devnet = await startDevnet({
  ports: { base: basePort, auth: basePort + 1, bridge: basePort + 2, geo: basePort + 3 },
  dataDir: null,
  tickMs: 250,
  rateLimit: { enabled: false },
  streams: { maxInboundPerSecond: 50 },
});
const ex = devnet.ledger.exchange;
let cl = 0;

function account(user: string, perps: string) {
  devnet.ledger.run({ op: 'ensureAccount', user });
  const d = devnet.ledger.run({ op: 'deposit', user, amount: perps, ref: `bench-${user}` });
  if (!d.ok) throw new Error(`deposit ${user}: ${d.message}`);
  const t = devnet.ledger.run({ op: 'transferToPerps', user, amount: perps });
  if (!t.ok) throw new Error(`transfer ${user}: ${t.message}`);
}

function order(user: string, o: Omit<NewOrderBody, 'cl_ord_id' | 'reduce_only'>): boolean {
  const r = devnet.ledger.run({ op: 'newOrder', user, params: { reduce_only: false, cl_ord_id: `b${++cl}`, ...o } as NewOrderBody });
  return r.ok;
}

const ticks = (p: string) => Math.round(Number(p) * 100);
const price = (t: number) => (t / 100).toFixed(2);

// ---- attack 3: the deep book (ETH-USD, price tick 0.01, at most 200 open orders an account).
const eth = ex.depthBook('ETH-USD');
if (!eth.ok) throw new Error(eth.message);
const topBid = Math.max(...eth.value.bids.map(([p]) => ticks(p)));
let placed = 0;
for (let a = 0; placed < DEEP_LEVELS; a++) {
  const user = `bench_deep_${a}`;
  account(user, '20000');
  for (let k = 0; k < 200 && placed < DEEP_LEVELS; k++) {
    if (!order(user, { symbol: 'ETH-USD', side: 'buy', order_type: 'limit', qty: '0.01', price: price(topBid - 100 - placed), time_in_force: 'gtc' })) {
      throw new Error(`deep book level ${placed} refused`);
    }
    placed++;
  }
}

// ---- attack 4: the trigger storm (XAU-USD: its 200 open orders an account hold 100 parents' TP and SL
// children). One seller rests inside the spread; every parent buys from it.
const quote = ex.symbolPrice(STORM_SYMBOL);
if (!quote.ok || quote.value.spread_bid === null || quote.value.spread_ask === null) throw new Error(`${STORM_SYMBOL} has no spread`);
const bid = ticks(quote.value.spread_bid);
const ask = ticks(quote.value.spread_ask);
const fill = ask - bid > 1 ? bid + 1 : ask;
const parents = STORM_ACCOUNTS * STORM_PARENTS;
account('bench_storm_seller', '5000000');
if (!order('bench_storm_seller', { symbol: STORM_SYMBOL, side: 'sell', order_type: 'limit', qty: (parents * 0.01).toFixed(2), price: price(fill), time_in_force: 'gtc' })) {
  throw new Error('the storm seller was refused');
}
const tp = price(Math.round(fill * 1.05));
const sl = price(Math.round(fill * 0.97));
let filled = 0;
for (let a = 0; a < STORM_ACCOUNTS; a++) {
  const user = `bench_storm_${a}`;
  account(user, '5000');
  for (let k = 0; k < STORM_PARENTS; k++) {
    const ok = order(user, { symbol: STORM_SYMBOL, side: 'buy', order_type: 'limit', qty: '0.01', price: price(fill), time_in_force: 'ioc', tp_price: tp, sl_price: sl });
    if (ok) filled++;
  }
}

const ready: IntegrityDevnetReady = {
  ready: true,
  deepLevels: placed,
  parents: filled,
  slPrice: sl,
  movePrice: price(Math.round(fill * 0.96)),
  setupMs: Math.round(performance.now() - t0),
};
console.log(JSON.stringify(ready));

process.on('SIGTERM', () => {
  void devnet.close().then(() => process.exit(0));
});
