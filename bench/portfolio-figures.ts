// Times the Portfolio page's whole summary (src/lib/portfolio/portfolio-summary.ts: every window's
// curves, figures and per-market figures, the 24 h check) for 100,000 trades and 10,000 funding
// payments over 90 days, as the worker computes it. The page's budget is 300 ms to interactive, so the
// compute should take well under that. Run: npx tsx bench/portfolio-figures.ts [trades] [funding]
import { syntheticHistory } from './lib/synthetic-history';
import { buildLedger, extendLedger } from '../src/lib/portfolio/ledger';
import { summarizePortfolio } from '../src/lib/portfolio/portfolio-summary';
import type { PortfolioInput } from '../src/lib/portfolio/portfolio-input';
import { ROWS_PER_CHUNK } from '../src/features/portfolio/portfolio-worker-client';
import { deserialize, serialize } from 'node:v8';

const TRADES = Number(process.argv[2] ?? 100_000);
const FUNDING = Number(process.argv[3] ?? 10_000);
const NOW = Date.parse('2026-11-29T00:00:00Z');
const { trades, funding } = syntheticHistory({ trades: TRADES, funding: FUNDING, now: NOW });
const input: PortfolioInput = {
  trades, funding, now: NOW, settlementAsset: 'DUSD',
  balance: { equity: '25000.5', pnl_freeze: '0' }, unrealizedPnl: '-120.25',
  openPositions: [{ symbol: 'BTC-USD', qty: '0.5', upnl: '-120.25' }],
  moves: [{ at: NOW - 10 * 86_400_000, amount: '5000', kind: 'transfer-in' }],
};
const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;
const runs: { wall: number; cpu: number }[] = [];
let summary = summarizePortfolio({ ...input, trades: [], funding: [] });
for (let r = 0; r < 7; r++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  summary = summarizePortfolio(input);
  runs.push({ wall: performance.now() - t0, cpu: cpuMs(process.cpuUsage(c0)) });
}
const all = summary.windows.all;
console.log(`all: ${all.pnl.fullLength} points → ${all.pnl.points.length} drawn, ${all.markets.length} markets`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const warm = runs.slice(1);
console.log(
  `summary of ${TRADES} trades + ${FUNDING} funding (in the worker): first run ${runs[0]!.wall.toFixed(0)} ms (cold JIT), ` +
    `then median ${median(warm.map((r) => r.wall)).toFixed(0)} ms wall / ${median(warm.map((r) => r.cpu)).toFixed(0)} ms CPU, ` +
    `best ${Math.min(...warm.map((r) => r.wall)).toFixed(0)} ms`,
);

// A fill arriving afterwards: the worker extends its ledger by one row and summarizes again.
{
  const held = buildLedger({ ...input, trades: trades.slice(0, -1) });
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  extendLedger(held, trades, funding);
  summarizePortfolio(input, held);
  console.log(`one new fill: ledger extended and summary again in ${(performance.now() - t0).toFixed(0)} ms wall / ${cpuMs(process.cpuUsage(c0)).toFixed(0)} ms CPU`);
}

// The page's side (main thread): sending the history in the client's chunks (postMessage serializes
// with the structured clone algorithm, as v8.serialize), and reading the summary back.
const chunkMs: number[] = [];
for (let i = 0; i < trades.length; i += ROWS_PER_CHUNK) {
  const chunk = trades.slice(i, i + ROWS_PER_CHUNK).map((t) => ({
    id: t.id, symbol: t.symbol, side: t.side, price: t.price, qty: t.qty, value: t.value, fee_asset: t.fee_asset, fee_qty: t.fee_qty, pnl: t.pnl, created_at: t.created_at,
  }));
  const t0 = performance.now();
  serialize({ kind: 'history', reset: false, trades: chunk, funding: [] });
  chunkMs.push(performance.now() - t0);
}
const t0 = performance.now();
const bytes = serialize(summary);
const t1 = performance.now();
deserialize(bytes);
const t2 = performance.now();
console.log(
  `page: ${chunkMs.length} history chunks of ${ROWS_PER_CHUNK} rows, longest ${Math.max(...chunkMs).toFixed(1)} ms to serialize; ` +
    `the summary ${(bytes.length / 1024).toFixed(0)} KB, ${(t2 - t1).toFixed(1)} ms to read back (worker side: ${(t1 - t0).toFixed(1)} ms)`,
);
