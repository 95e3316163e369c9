import { D, dec, type Dec } from './decimal';
import { marketLimitPrice, type PriceBandRules } from './market-fill-estimate';
import { stepOf } from './ticks';

// A TWAP's plan: the total cut into slices at the symbol's lot, and the rules that size and price
// each slice as it goes. Pure: the machine (trading/twap-machine.ts) and the form's preview both use it.

/** Slices closer than this would crowd the exchange's rate limit (and a trader's screen) for no gain. */
export const MIN_INTERVAL_MS = 2_000;
export const MAX_SLICES = 200;
/** A TWAP longer than a day is a tab left open for a day: asked for by no one, so refused. */
export const MAX_DURATION_MS = 24 * 60 * 60 * 1000;

export interface PlanInput {
  total: Dec;
  slices: number;
  durationMs: number;
  qtyDecimals: number;
  minQty: Dec | string;
}

export interface TwapPlan {
  /** Each slice's planned size, at the lot; they sum exactly to the total. */
  sizes: Dec[];
  /** Time between two slices: duration / slices (the first goes at once, the last one interval before the end). */
  intervalMs: number;
}

export type PlanProblem =
  /** The total is below one order's minimum. */
  | { code: 'total-below-min'; min: string }
  /** Slices this small would be below the minimum order: `maxSlices` is the most that fit. */
  | { code: 'slices-too-many'; maxSlices: number; min: string }
  | { code: 'slices-invalid'; max: number }
  | { code: 'interval-too-short'; minSeconds: number }
  | { code: 'duration-too-long'; maxHours: number };

/**
 * Cuts `total` into `slices` sizes at the lot: the lots spread evenly, the first slices one lot
 * larger when they do not divide, so the sizes sum to the total exactly and differ by one lot at most.
 */
export function planSlices(input: PlanInput): { plan: TwapPlan } | { problem: PlanProblem } {
  const lot = stepOf(input.qtyDecimals);
  const min = dec(input.minQty);
  const n = input.slices;
  if (!Number.isInteger(n) || n < 1 || n > MAX_SLICES) return { problem: { code: 'slices-invalid', max: MAX_SLICES } };
  if (input.durationMs > MAX_DURATION_MS) return { problem: { code: 'duration-too-long', maxHours: MAX_DURATION_MS / 3_600_000 } };
  const totalLots = input.total.div(lot).floor();
  const minLots = D.max(min.div(lot).ceil(), 1);
  if (totalLots.lt(minLots)) return { problem: { code: 'total-below-min', min: min.toFixed() } };
  const base = totalLots.div(n).floor();
  if (base.lt(minLots)) return { problem: { code: 'slices-too-many', maxSlices: totalLots.div(minLots).floor().toNumber(), min: min.toFixed() } };
  const intervalMs = Math.floor(input.durationMs / n);
  if (n > 1 && intervalMs < MIN_INTERVAL_MS) return { problem: { code: 'interval-too-short', minSeconds: MIN_INTERVAL_MS / 1000 } };
  const extra = totalLots.minus(base.mul(n)).toNumber();
  const sizes = Array.from({ length: n }, (_, i) => (i < extra ? base.plus(1) : base).mul(lot));
  // The total off the lot grid (never, after the form's step check) would make the sum differ: the
  // last slice takes the rest so they still sum exactly.
  const rest = input.total.minus(totalLots.mul(lot));
  if (!rest.isZero()) sizes[n - 1] = sizes[n - 1]!.plus(rest);
  return { plan: { sizes, intervalMs } };
}

/** The number of slices for an interval: as many whole intervals as fit in the duration (at least one). */
export function slicesForInterval(durationMs: number, intervalMs: number): number {
  return intervalMs > 0 ? Math.max(1, Math.floor(durationMs / intervalMs)) : 0;
}

/** What the next slice may be, given what has happened so far. */
export interface SliceState {
  total: Dec;
  /** The planned sizes (sum = total). */
  sizes: readonly Dec[];
  /** Index of the next planned slice. */
  nextIndex: number;
  /** Filled so far. */
  filled: Dec;
  /** Sent with no known outcome yet: counted as possibly filled until reconciled. */
  inFlight: Dec;
}

export interface SliceLimits {
  qtyDecimals: number;
  minQty: Dec | string;
  maxQty: Dec | string;
  /** Reduce-only: what the position still lets reduce (spec §4.1); undefined otherwise. */
  headroom?: Dec | undefined;
}

export type NextSlice =
  | { kind: 'send'; qty: Dec }
  /** This slice would be below the minimum order: its size carries to the next one. */
  | { kind: 'skip' }
  /** Nothing more may be sent: the plan is through, or what is left is below one order's minimum. */
  | { kind: 'finished'; why: 'plan-done' | 'total-reached' | 'left-below-min' | 'no-headroom' };

/**
 * The next slice's size: the plan's size up to this slice less what is filled or in flight (so an IOC
 * slice's unfilled part carries to the next slice), never more than total − filled − in flight, so
 * nothing ever sends beyond the total even when slices fill in part or their outcome is unknown.
 * The last slice takes all that is left. Floored to the lot; capped at max_order_qty and, reduce-only,
 * at the headroom.
 */
export function nextSlice(s: SliceState, limits: SliceLimits): NextSlice {
  const n = s.sizes.length;
  const left = s.total.minus(s.filled).minus(s.inFlight);
  if (left.lte(0)) return { kind: 'finished', why: 'total-reached' };
  if (s.nextIndex >= n) return { kind: 'finished', why: 'plan-done' };
  const min = dec(limits.minQty);
  if (left.lt(min)) return { kind: 'finished', why: 'left-below-min' };
  const plannedUpTo = s.sizes.slice(0, s.nextIndex + 1).reduce((a, b) => a.plus(b), dec(0));
  const wanted = s.nextIndex === n - 1 ? left : plannedUpTo.minus(s.filled).minus(s.inFlight);
  let qty = D.min(wanted, left, dec(limits.maxQty));
  if (limits.headroom !== undefined) {
    if (limits.headroom.lt(min)) return { kind: 'finished', why: 'no-headroom' };
    qty = D.min(qty, limits.headroom);
  }
  qty = qty.toDecimalPlaces(limits.qtyDecimals, D.ROUND_DOWN);
  if (qty.lt(min)) return s.nextIndex === n - 1 ? { kind: 'finished', why: 'left-below-min' } : { kind: 'skip' };
  return { kind: 'send', qty };
}

export type PriceRules = PriceBandRules;

/** A slice's IOC limit: the slippage cap from the mark, inside the exchange's band (marketLimitPrice). */
export function slicePrice(mark: Dec, side: 'buy' | 'sell', cap: Dec, rules: PriceRules): Dec {
  return marketLimitPrice(mark, side, cap, rules);
}
