import { dec, type Dec } from './decimal';

// A scale (ladder) order: `count` resting limit orders evenly spaced from one price to another, the
// total size split among them by a distribution. Everything is done on integer ticks and lots
// (bigint), so the children sit exactly on the symbol's grid and their sizes add up to the total
// exactly — never a float, never a rounding remainder lost or invented.

export type ScaleSide = 'buy' | 'sell';

/**
 * How the total is shared, child 1 being the one at `from` and the last the one at `to`:
 * `even` 1:1, `increasing` 1, 2, …, n, `decreasing` n, …, 2, 1.
 */
export type ScaleDistribution = 'even' | 'increasing' | 'decreasing';

export interface ScalePlanInput {
  side: ScaleSide;
  from: Dec;
  to: Dec;
  count: number;
  total: Dec;
  distribution: ScaleDistribution;
  priceDecimals: number;
  qtyDecimals: number;
  minQty: string | Dec;
  maxQty: string | Dec;
}

export interface ScaleChild {
  price: Dec;
  qty: Dec;
}

/** Why no plan; sizes and prices as plain decimal strings (the words format them). */
export type ScalePlanProblem =
  /** count is not a whole number of at least 2. */
  | { code: 'count-below-2' }
  /** from / to is not above 0 or not on the price tick. */
  | { code: 'price-off-tick'; which: 'from' | 'to' }
  /** The total is not above 0. */
  | { code: 'total-not-positive' }
  /** The total has more places than the lot: it could not be split exactly. */
  | { code: 'total-off-lot'; step: string }
  /** Fewer ticks between from and to than the children need: `maxCount` distinct prices fit. */
  | { code: 'prices-collide'; maxCount: number }
  /** Child `index` (0-based, from `from`) would be `qty`, below min_order_qty `min`. */
  | { code: 'child-below-min'; index: number; qty: string; min: string }
  /** Child `index` would be `qty`, above max_order_qty `max`. */
  | { code: 'child-above-max'; index: number; qty: string; max: string };

export type ScalePlan = { ok: true; children: ScaleChild[] } | { ok: false; problems: ScalePlanProblem[] };

/** `value` × 10^decimals as an integer, or null when it has more places than that. */
function toUnits(value: Dec, decimals: number): bigint | null {
  const scaled = value.mul(dec(10).pow(decimals));
  return scaled.isInteger() ? BigInt(scaled.toFixed(0)) : null;
}

function fromUnits(units: bigint, decimals: number): Dec {
  return dec(units.toString()).div(dec(10).pow(decimals));
}

/** a / b rounded towards −∞ (b > 0). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** a / b rounded towards +∞ (b > 0). */
function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/**
 * The children's prices in ticks, evenly spaced from `from` to `to` (both ends exact, they are on
 * the tick). An interior price between two ticks is rounded DOWN for a buy and UP for a sell: away
 * from the market, so no child ever pays more (buy) or sells for less (sell) than the even ladder the
 * trader asked for — a child may rest one tick less eagerly, never take a worse price.
 */
export function scalePriceTicks(fromTicks: bigint, toTicks: bigint, count: number, side: ScaleSide): bigint[] {
  const n = BigInt(count - 1);
  const span = toTicks - fromTicks;
  const out: bigint[] = [];
  for (let i = 0; i < count; i++) {
    const num = fromTicks * n + span * BigInt(i);
    out.push(side === 'buy' ? floorDiv(num, n) : ceilDiv(num, n));
  }
  return out;
}

function weightsOf(distribution: ScaleDistribution, count: number): bigint[] {
  return Array.from({ length: count }, (_, i) => BigInt(distribution === 'even' ? 1 : distribution === 'increasing' ? i + 1 : count - i));
}

/**
 * `totalLots` shared by `weights`: each child gets floor(total × w / W) lots, and the lots left over
 * (fewer than the children) go one each to the children with the largest remainders — ties to the
 * earlier child. The sum is `totalLots` exactly, and a larger weight never gets fewer lots.
 */
export function splitLots(totalLots: bigint, weights: readonly bigint[]): bigint[] {
  const w = weights.reduce((a, b) => a + b, 0n);
  const lots = weights.map((x) => (totalLots * x) / w);
  const rest = weights.map((x, i) => ({ i, r: (totalLots * x) % w }));
  let left = totalLots - lots.reduce((a, b) => a + b, 0n);
  rest.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rest) {
    if (left === 0n) break;
    lots[i]! += 1n;
    left -= 1n;
  }
  return lots;
}

/**
 * The children of a scale order, or every reason there are none. Prices at the tick (see
 * scalePriceTicks for the rounding), distinct; sizes at the lot, summing exactly to `total`; each
 * within min_order_qty … max_order_qty.
 */
export function planScale(a: ScalePlanInput): ScalePlan {
  const problems: ScalePlanProblem[] = [];
  const count = a.count;
  if (!Number.isInteger(count) || count < 2) problems.push({ code: 'count-below-2' });
  const fromTicks = a.from.gt(0) ? toUnits(a.from, a.priceDecimals) : null;
  const toTicks = a.to.gt(0) ? toUnits(a.to, a.priceDecimals) : null;
  if (fromTicks === null) problems.push({ code: 'price-off-tick', which: 'from' });
  if (toTicks === null) problems.push({ code: 'price-off-tick', which: 'to' });
  let totalLots: bigint | null = null;
  if (!a.total.gt(0)) problems.push({ code: 'total-not-positive' });
  else {
    totalLots = toUnits(a.total, a.qtyDecimals);
    if (totalLots === null) problems.push({ code: 'total-off-lot', step: fromUnits(1n, a.qtyDecimals).toFixed() });
  }
  if (problems.some((p) => p.code === 'count-below-2')) return { ok: false, problems };

  if (fromTicks !== null && toTicks !== null) {
    const span = toTicks > fromTicks ? toTicks - fromTicks : fromTicks - toTicks;
    // n prices a whole tick or more apart round to n distinct ticks; closer, two must share one.
    if (span < BigInt(count - 1)) problems.push({ code: 'prices-collide', maxCount: Number(span) + 1 });
  }
  if (totalLots !== null) {
    const lots = splitLots(totalLots, weightsOf(a.distribution, count));
    const minLots = dec(a.minQty).mul(dec(10).pow(a.qtyDecimals));
    const maxLots = dec(a.maxQty).mul(dec(10).pow(a.qtyDecimals));
    const small = lots.findIndex((l) => minLots.gt(l.toString()) || l === 0n);
    const big = lots.findIndex((l) => maxLots.lt(l.toString()));
    if (small >= 0) problems.push({ code: 'child-below-min', index: small, qty: fromUnits(lots[small]!, a.qtyDecimals).toFixed(), min: dec(a.minQty).toFixed() });
    if (big >= 0) problems.push({ code: 'child-above-max', index: big, qty: fromUnits(lots[big]!, a.qtyDecimals).toFixed(), max: dec(a.maxQty).toFixed() });
    if (problems.length === 0 && fromTicks !== null && toTicks !== null) {
      const ticks = scalePriceTicks(fromTicks, toTicks, count, a.side);
      return { ok: true, children: ticks.map((p, i) => ({ price: fromUnits(p, a.priceDecimals), qty: fromUnits(lots[i]!, a.qtyDecimals) })) };
    }
  }
  return { ok: false, problems };
}
