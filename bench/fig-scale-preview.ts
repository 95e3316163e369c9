// Issue 30: "a 50-order scale preview is computed within one frame". The scale form's whole summary
// (features/order-form/scale-model.ts summarizeScale: reading what was typed, the plan of 50
// children at the tick and lot, their value, margin, fees and the exchange's lock, every check) run
// in Node for a 50-child BTC-USD scale, `RUNS` times after a warm-up; p50 / p99 in ms as JSON.
// Run alone: npx tsx bench/fig-scale-preview.ts
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { SymbolInfo } from '../src/api/schemas';
import { dec } from '../src/lib/decimal';
import { emptyScaleDraft } from '../src/features/order-form/scale-draft';
import { summarizeScale, type ScaleAccount } from '../src/features/order-form/scale-model';
import { summarize, type Summary } from './lib/stats';

export interface ScalePreviewResult {
  children: number;
  runs: number;
  /** One summarizeScale, ms. */
  summarizeMs: Summary;
  /** A frame at 60 Hz, for the comparison. */
  frameMs: number;
}

const RUNS = 1_000;
const WARMUP = 100;

// The devnet's BTC-USD (decisions.md): tick 0.01, lot 0.001, band ±30 %, max_open_orders 100.
const info: SymbolInfo = {
  symbol: 'BTC-USD', base_asset: 'BTC', quote_asset: 'DUSD', base_decimals: 9, quote_decimals: 9, price_tick_decimals: 2, qty_tick_decimals: 3,
  depth_ticks: '0.01,0.1,1', enabled: true, def_leverage: '10', max_leverage: '20', max_open_orders: '100', max_order_qty: '100', min_order_qty: '0.001',
  max_position_size: '1000', price_cap_ratio: '0.3', price_floor_ratio: '0.3', maker_fee: '0.0001', taker_fee: '0.0004',
  created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z',
};

export function scalePreviewBench(runs = RUNS): ScalePreviewResult {
  const market = { info, mark: dec('95000') };
  const account: ScaleAccount = { signedIn: true, positionQty: dec('0.5'), reduceHeadroom: dec('0.5'), openOrders: 3, marginAvailable: dec('250000') };
  // An increasing ladder: the uneven split and the remainder lots are the work a trader's case does.
  const draft = { ...emptyScaleDraft, from: '94,990.55', to: '91000', count: '50', total: '3.217', distribution: 'increasing' as const };
  let children = 0;
  const times: number[] = [];
  for (let i = 0; i < WARMUP + runs; i++) {
    // A fresh draft object each time, as each keystroke makes: nothing is cached between runs.
    const d = { ...draft };
    const t0 = performance.now();
    const s = summarizeScale(d, 'buy', 10, market, account);
    const dt = performance.now() - t0;
    if (!s.ready) throw new Error(`the bench's scale is not valid: ${JSON.stringify(s.problems)}`);
    children = s.children!.length;
    if (i >= WARMUP) times.push(dt);
  }
  return { children, runs, summarizeMs: summarize(times), frameMs: 1000 / 60 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = scalePreviewBench();
  const round = (x: number) => Math.round(x * 1000) / 1000;
  console.log(JSON.stringify({ children: r.children, runs: r.runs, p50Ms: round(r.summarizeMs.p50), p99Ms: round(r.summarizeMs.p99), maxMs: round(r.summarizeMs.max), frameMs: round(r.frameMs) }));
}
