// Index: a seeded multiplicative random walk with a weak pull back to the start
// price (half-life of days) so a long-running devnet stays realistic. Mark: the
// median of index + a 150 s average of the book premium (mid − index, each
// sample clamped to ±0.5 % of index), the book's own price, and the index
// (decisions.md "Market integrity in the devnet").
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

/** The basis average's time constant, seconds: each 1 s step moves the basis by α = 1/150 of the gap. */
export const BASIS_PERIOD_SEC = 150;
/** The last trade counts in the mark's book price while it is at most this old, ms. */
export const LAST_TRADE_RECENT_MS = 10_000;

const ONE = 10n ** 18n;
const keeps = new Map<number, bigint>();

/**
 * (1 − 1/150)^dt in 1e-18: the weight the basis keeps over a dt-second step (the 60 s steps of a long
 * gap apply the per-second average 60 times with the same sample). Integer arithmetic, so the same on
 * every machine; cached per dt.
 */
function keepFactor(dt: number): bigint {
  let k = keeps.get(dt);
  if (k === undefined) {
    k = ONE;
    const n = BigInt(BASIS_PERIOD_SEC);
    for (let i = 0; i < dt; i++) k = (k * (n - 1n)) / n;
    keeps.set(dt, k);
  }
  return k;
}

function median3(a: bigint, b: bigint, c: bigint): bigint {
  if (a > b) [a, b] = [b, a];
  if (b > c) b = c;
  return a > b ? a : b;
}

/**
 * The book's own price, 1e-18: the median of best bid, best ask and the last trade (the last trade
 * only while at most LAST_TRADE_RECENT_MS old); of two of them their middle, of one itself; the
 * index when there is none.
 */
function bookPrice(s: SymbolState, now: number, index: bigint): bigint {
  const tu = s.spec.tickUnit;
  const b = s.bids.bestPrice();
  const a = s.asks.bestPrice();
  const t = s.recent[s.recent.length - 1];
  const last = t !== undefined && t.time >= now - LAST_TRADE_RECENT_MS ? t.price : 0;
  const xs: number[] = [];
  if (b !== 0) xs.push(b);
  if (a !== 0) xs.push(a);
  if (last !== 0) xs.push(last);
  if (xs.length === 0) return index;
  if (xs.length === 1) return BigInt(xs[0] as number) * tu;
  if (xs.length === 2) return (BigInt((xs[0] as number) + (xs[1] as number)) * tu) / 2n; // tu is even: exact
  return median3(BigInt(b) * tu, BigInt(a) * tu, BigInt(last) * tu);
}

/**
 * Mark = median of (1) index + basis, (2) the book's price (bookPrice), (3) the index, on the tick.
 * Over a step of `dt` seconds (0: no time passed, e.g. the operator's index set) the basis — an
 * exponential average of (book mid − index), each sample clamped to ±MAX_PREMIUM_BPS of the index and
 * 0 without a two-sided book — first moves towards this step's sample by 1 − (1 − 1/150)^dt. The
 * mark so always lies between index and index + basis: one account emptying a side of the book for a
 * second moves it by at most 2 × cap / 150.
 */
export function updateMark(s: SymbolState, now: number, dt: number): void {
  const index = BigInt(s.index) * s.spec.tickUnit;
  if (dt > 0) {
    const b = s.bids.bestPrice();
    const a = s.asks.bestPrice();
    let sample = 0n;
    if (b !== 0 && a !== 0) {
      const cap = (index * BigInt(MAX_PREMIUM_BPS)) / 10_000n;
      sample = (BigInt(a + b) * s.spec.tickUnit) / 2n - index;
      if (sample > cap) sample = cap;
      else if (sample < -cap) sample = -cap;
    }
    s.basis = sample + divRound((s.basis - sample) * keepFactor(dt), ONE);
  }
  s.mark = quantize(s, median3(index + s.basis, bookPrice(s, now, index), index));
}
