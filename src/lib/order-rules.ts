import { D, dec, fitsDecimals, type Dec } from './decimal';
import { USD_DECIMALS } from './display';
import { formatFixed } from './format';
import { orderLock } from './order-lock';
import { parseTypedDecimal } from './parse-decimal-input';
import { signedQty } from './perp-math';
import { reducingSide } from './reduce-only';
import { stepOf } from './ticks';

// The order-entry rules of spec §2.8, §4.1 and §8, each one rule in one function, worded once: the
// order form (features/order-form/order-validation.ts) and a modify (order-edit-checks.ts) both call
// these, so the same mistake reads the same in both. Each returns the message to show next to the
// field, or undefined when the rule holds. Every size a message quotes is at the symbol's
// qty_tick_decimals and every USD amount at cents, as the rest of the app shows them: the trader
// reads "at most 0.300 BTC" the way the position reads, whatever was typed (the field keeps that).

type Side = 'buy' | 'sell';

/** A bound the trader must stay under, at `decimals` places: rounded down, so the size shown passes. */
function atMost(value: string | Dec, decimals: number): string {
  return formatFixed(dec(value).toDecimalPlaces(decimals, D.ROUND_DOWN), decimals);
}

/** A bound the trader must reach, at `decimals` places: rounded up, so the size shown passes. */
function atLeast(value: string | Dec, decimals: number): string {
  return formatFixed(dec(value).toDecimalPlaces(decimals, D.ROUND_UP), decimals);
}

/** "a take-profit price" → "Take-profit price": the label as a sentence's subject. */
function subject(label: string): string {
  const t = label.replace(/^(a|an|the) /, '');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * A typed amount (price, size) read as a decimal above 0, or why not: "Enter a price" when empty,
 * "Price must be positive" for a minus, the parser's words for other text, "Price must be above 0".
 */
export function readAmount(text: string, label: string): { value: Dec } | { error: string } {
  const r = parseTypedDecimal(text);
  if (!r.ok) return { error: r.reason === 'empty' ? `Enter ${label}` : r.reason === 'negative' ? `${subject(label)} must be positive` : `Not a number (${r.problem})` };
  if (r.value.lte(0)) return { error: `${subject(label)} must be above 0` };
  return { value: r.value };
}

/** A price on the symbol's tick: at most `price_tick_decimals` places. */
export function priceStepError(price: Dec, decimals: number): string | undefined {
  return fitsDecimals(price, decimals) ? undefined : `Price moves in steps of ${stepOf(decimals).toFixed()}`;
}

export interface PriceBand {
  capRatio: string;
  floorRatio: string;
  decimals: number;
}

/**
 * A limit price within the band around the mark the service accepts:
 * mark × (1 − price_floor_ratio) ≤ price ≤ mark × (1 + price_cap_ratio). The bound is shown on the
 * tick inside the band (down for the cap, up for the floor), so the number shown is one that passes.
 */
export function priceBandError(price: Dec, mark: Dec, band: PriceBand): string | undefined {
  const upper = mark.mul(dec(1).plus(band.capRatio));
  const lower = mark.mul(dec(1).minus(band.floorRatio));
  const pct = (ratio: string) => `${dec(ratio).mul(100).toFixed()}%`;
  if (price.gt(upper)) return `Price must be at most ${formatFixed(upper.toDecimalPlaces(band.decimals, D.ROUND_DOWN), band.decimals)} (mark + ${pct(band.capRatio)})`;
  if (price.lt(lower)) return `Price must be at least ${formatFixed(lower.toDecimalPlaces(band.decimals, D.ROUND_UP), band.decimals)} (mark − ${pct(band.floorRatio)})`;
  return undefined;
}

/** A size on the symbol's step: at most `qty_tick_decimals` places. */
export function sizeStepError(qty: Dec, decimals: number, base: string): string | undefined {
  return fitsDecimals(qty, decimals) ? undefined : `Size moves in steps of ${stepOf(decimals).toFixed()} ${base}`;
}

/** min_order_qty ≤ size ≤ max_order_qty (a size of 0 is below the minimum); sizes at `decimals` places. */
export function sizeLimitError(qty: Dec, minQty: string, maxQty: string, base: string, decimals: number): string | undefined {
  if (qty.lte(0) || qty.lt(minQty)) return `Minimum size is ${atLeast(minQty, decimals)} ${base}`;
  if (qty.gt(maxQty)) return `Maximum size per order is ${atMost(maxQty, decimals)} ${base}`;
  return undefined;
}

/** |position + signed size| ≤ max_position_size, for an order that may add to the position. */
export function maxPositionError(a: { positionQty: Dec; side: Side; qty: Dec; maxPositionSize: string; base: string; qtyDecimals: number }): string | undefined {
  const after = a.positionQty.plus(signedQty(a.side, a.qty)).abs();
  if (!after.gt(a.maxPositionSize)) return undefined;
  // Rounded away from the maximum (up), so it never reads equal to it.
  return `Position would be ${atLeast(after, a.qtyDecimals)} ${a.base}, above the maximum of ${atMost(a.maxPositionSize, a.qtyDecimals)} ${a.base}`;
}

/**
 * A reduce-only order must take the side that shrinks the position, and its size ≤ the headroom:
 * |position| − what other reduce-only orders on that side already hold (lib/reduce-only.ts).
 */
export function reduceOnlyError(a: { side: Side; qty: Dec; positionQty: Dec; headroom: Dec; symbol: string; base: string; qtyDecimals: number }): string | undefined {
  const reducing = reducingSide(a.positionQty);
  if (reducing === null) return `Reduce-only needs a position in ${a.symbol}`;
  if (reducing !== a.side) return `Reduce-only must ${reducing} to reduce your ${reducing === 'sell' ? 'long' : 'short'}`;
  if (a.qty.lte(a.headroom)) return undefined;
  const pending = a.positionQty.abs().minus(a.headroom);
  const dp = a.qtyDecimals;
  return pending.gt(0)
    ? `Reduce-only size can be at most ${atMost(a.headroom, dp)} ${a.base}: position ${formatFixed(a.positionQty.abs(), dp)} minus ${formatFixed(pending, dp)} in other reduce-only orders`
    : `Reduce-only size can be at most the position, ${atMost(a.headroom, dp)} ${a.base}`;
}

/**
 * needed ≤ available, the margin (and fee) an order takes against what new orders may use; shown to
 * the cent, needed rounded up and available down (never below 0), so the two never read equal when
 * short.
 */
export function marginError(needed: Dec, available: Dec): string | undefined {
  if (needed.lte(0) || needed.lte(available)) return undefined;
  const shown = D.max(available, 0);
  return `Needs ${atLeast(needed, USD_DECIMALS)} margin + fee; ${atMost(shown, USD_DECIMALS)} available`;
}

/**
 * A resting limit order locks, when placed, the exchange's order lock for all of its size at its
 * price: qty × price × (1/leverage + taker_fee) × (1 + safety) (lib/order-lock.ts) ≤ available.
 */
export function restingMarginError(a: { qty: Dec; price: Dec; leverage: number; takerFee: string; available: Dec }): string | undefined {
  return marginError(orderLock({ qty: a.qty, price: a.price, leverage: a.leverage, takerFee: a.takerFee }), a.available);
}
