// Index: a seeded multiplicative random walk with a weak pull back to the start
// price (half-life of days) so a long-running devnet stays realistic. Mark:
// index plus the order-book premium (mid − index), clamped to ±0.5% of index.
import { divRound } from './decimal.js';
import type { Ctx, SymbolState } from './state.js';

const PPT = 1_000_000_000_000; // parts per trillion
const REVERSION_PER_SEC = 1 / 259_200;
export const MAX_PREMIUM_BPS = 50;

export function walkIndex(ctx: Ctx, s: SymbolState, dtSec: number): void {
  if (!ctx.cfg.indexWalk) return;
  const sigma = s.spec.cfg.volatilityPerSec * Math.sqrt(dtSec);
  const start = BigInt(s.spec.startPriceTicks) * s.spec.tickUnit;
  const dev = Number((s.indexExact * 1_000_000n) / start) / 1e6 - 1;
  const step = Math.round((ctx.rng.normal() * sigma - dev * REVERSION_PER_SEC * dtSec) * PPT);
  s.indexExact = (s.indexExact * BigInt(PPT + step)) / BigInt(PPT);
  s.index = quantize(s, s.indexExact);
}

/** Rounds a 1e-18 price to the symbol's tick, at least one tick. */
export function quantize(s: SymbolState, exact: bigint): number {
  const t = Number(divRound(exact, s.spec.tickUnit));
  return t < 1 ? 1 : t;
}

export function updateMark(s: SymbolState): void {
  const b = s.bids.bestPrice();
  const a = s.asks.bestPrice();
  if (b === 0 || a === 0) {
    s.mark = s.index;
    return;
  }
  const cap = (s.index * MAX_PREMIUM_BPS) / 10_000;
  let premium = (a + b) / 2 - s.index;
  if (premium > cap) premium = cap;
  if (premium < -cap) premium = -cap;
  s.mark = Math.max(1, Math.round(s.index + premium));
}
