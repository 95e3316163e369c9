import { D, dec, fitsDecimals, type Dec } from './decimal';
import { USD_DECIMALS } from './display';
import { formatFixed } from './format';
import { orderLock } from './order-lock';
import { parseTypedDecimal, type TypedDecimal } from './parse-decimal-input';
import { signedQty } from './perp-math';
import { reducingSide } from './reduce-only';
import { stepOf } from './ticks';

// The order-entry rules of spec §2.8, §4.1 and §8, each one rule in one function: the order form
// (features/order-form/order-validation.ts) and a modify (order-edit-checks.ts) both call these, so
// the same mistake reads the same in both. Each returns what is wrong — a problem code with the
// numbers to quote — or undefined when the rule holds; the words are src/ui/order-rule-words.ts.
// Every size a problem quotes is at the symbol's qty_tick_decimals and every USD amount at cents, as
// the rest of the app shows them: the trader reads "at most 0.300 BTC" the way the position reads,
// whatever was typed (the field keeps that).

type Side = 'buy' | 'sell';

/** What a typed amount is: a limit price, a size, or a take-profit / stop-loss trigger price. */
export type AmountKind = 'price' | 'size' | 'take-profit' | 'stop-loss';

/** Why an order (or a field of it) breaks a rule, with every number the words quote, formatted. */
export type OrderRuleProblem =
  /** Nothing typed. */
  | { code: 'amount-empty'; what: AmountKind }
  /** A minus before a number. */
  | { code: 'amount-negative'; what: AmountKind }
  /** Not a number: the parser's reason (src/ui/typed-decimal-words.ts says how to fix it). */
  | { code: 'amount-unreadable'; what: AmountKind; read: Extract<TypedDecimal, { ok: false }> }
  /** 0 (or less). */
  | { code: 'amount-zero'; what: AmountKind }
  | { code: 'price-step'; step: string }
  /** Above mark × (1 + cap): `bound` is the highest price on the tick that passes, `pct` the cap in %. */
  | { code: 'price-above-band'; bound: string; pct: string }
  /** Below mark × (1 − floor): `bound` is the lowest price on the tick that passes. */
  | { code: 'price-below-band'; bound: string; pct: string }
  | { code: 'size-step'; step: string; base: string }
  | { code: 'size-below-min'; min: string; base: string }
  | { code: 'size-above-max'; max: string; base: string }
  /** The position the order would make (`after`) is above max_position_size (`max`). */
  | { code: 'position-above-max'; after: string; max: string; base: string }
  | { code: 'reduce-only-no-position'; symbol: string }
  /** A reduce-only order on the side that grows the position: `reducing` is the side that shrinks it. */
  | { code: 'reduce-only-wrong-side'; reducing: Side }
  /** Above the headroom other reduce-only orders leave: |position| minus `pending` of theirs. */
  | { code: 'reduce-only-above-headroom'; headroom: string; position: string; pending: string; base: string }
  /** Above the position itself (no other reduce-only order on that side). */
  | { code: 'reduce-only-above-position'; headroom: string; base: string }
  /** The margin and fee the order takes (`needed`) is above what is `available`. */
  | { code: 'margin-short'; needed: string; available: string };

/** A bound the trader must stay under, at `decimals` places: rounded down, so the size shown passes. */
function atMost(value: string | Dec, decimals: number): string {
  return formatFixed(dec(value).toDecimalPlaces(decimals, D.ROUND_DOWN), decimals);
}

/** A bound the trader must reach, at `decimals` places: rounded up, so the size shown passes. */
function atLeast(value: string | Dec, decimals: number): string {
  return formatFixed(dec(value).toDecimalPlaces(decimals, D.ROUND_UP), decimals);
}

/**
 * A typed amount (price, size) read as a decimal above 0, or why not: empty, a minus, text the
 * parser cannot read (its reason kept), or 0.
 */
export function readAmount(text: string, what: AmountKind): { value: Dec } | { error: OrderRuleProblem } {
  const r = parseTypedDecimal(text);
  if (!r.ok) {
    if (r.reason === 'empty') return { error: { code: 'amount-empty', what } };
    if (r.reason === 'negative') return { error: { code: 'amount-negative', what } };
    return { error: { code: 'amount-unreadable', what, read: r } };
  }
  if (r.value.lte(0)) return { error: { code: 'amount-zero', what } };
  return { value: r.value };
}

/** A price on the symbol's tick: at most `price_tick_decimals` places. */
export function priceStepError(price: Dec, decimals: number): OrderRuleProblem | undefined {
  return fitsDecimals(price, decimals) ? undefined : { code: 'price-step', step: stepOf(decimals).toFixed() };
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
export function priceBandError(price: Dec, mark: Dec, band: PriceBand): OrderRuleProblem | undefined {
  const upper = mark.mul(dec(1).plus(band.capRatio));
  const lower = mark.mul(dec(1).minus(band.floorRatio));
  const pct = (ratio: string) => dec(ratio).mul(100).toFixed();
  if (price.gt(upper)) return { code: 'price-above-band', bound: formatFixed(upper.toDecimalPlaces(band.decimals, D.ROUND_DOWN), band.decimals), pct: pct(band.capRatio) };
  if (price.lt(lower)) return { code: 'price-below-band', bound: formatFixed(lower.toDecimalPlaces(band.decimals, D.ROUND_UP), band.decimals), pct: pct(band.floorRatio) };
  return undefined;
}

/** A size on the symbol's step: at most `qty_tick_decimals` places. */
export function sizeStepError(qty: Dec, decimals: number, base: string): OrderRuleProblem | undefined {
  return fitsDecimals(qty, decimals) ? undefined : { code: 'size-step', step: stepOf(decimals).toFixed(), base };
}

/** min_order_qty ≤ size ≤ max_order_qty (a size of 0 is below the minimum); sizes at `decimals` places. */
export function sizeLimitError(qty: Dec, minQty: string, maxQty: string, base: string, decimals: number): OrderRuleProblem | undefined {
  if (qty.lte(0) || qty.lt(minQty)) return { code: 'size-below-min', min: atLeast(minQty, decimals), base };
  if (qty.gt(maxQty)) return { code: 'size-above-max', max: atMost(maxQty, decimals), base };
  return undefined;
}

/** |position + signed size| ≤ max_position_size, for an order that may add to the position. */
export function maxPositionError(a: { positionQty: Dec; side: Side; qty: Dec; maxPositionSize: string; base: string; qtyDecimals: number }): OrderRuleProblem | undefined {
  const after = a.positionQty.plus(signedQty(a.side, a.qty)).abs();
  if (!after.gt(a.maxPositionSize)) return undefined;
  // Rounded away from the maximum (up), so it never reads equal to it.
  return { code: 'position-above-max', after: atLeast(after, a.qtyDecimals), max: atMost(a.maxPositionSize, a.qtyDecimals), base: a.base };
}

/**
 * A reduce-only order must take the side that shrinks the position, and its size ≤ the headroom:
 * |position| − what other reduce-only orders on that side already hold (lib/reduce-only.ts).
 */
export function reduceOnlyError(a: { side: Side; qty: Dec; positionQty: Dec; headroom: Dec; symbol: string; base: string; qtyDecimals: number }): OrderRuleProblem | undefined {
  const reducing = reducingSide(a.positionQty);
  if (reducing === null) return { code: 'reduce-only-no-position', symbol: a.symbol };
  if (reducing !== a.side) return { code: 'reduce-only-wrong-side', reducing };
  if (a.qty.lte(a.headroom)) return undefined;
  const pending = a.positionQty.abs().minus(a.headroom);
  const dp = a.qtyDecimals;
  return pending.gt(0)
    ? { code: 'reduce-only-above-headroom', headroom: atMost(a.headroom, dp), position: formatFixed(a.positionQty.abs(), dp), pending: formatFixed(pending, dp), base: a.base }
    : { code: 'reduce-only-above-position', headroom: atMost(a.headroom, dp), base: a.base };
}

/**
 * needed ≤ available, the margin (and fee) an order takes against what new orders may use; shown to
 * the cent, needed rounded up and available down (never below 0), so the two never read equal when
 * short.
 */
export function marginError(needed: Dec, available: Dec): OrderRuleProblem | undefined {
  if (needed.lte(0) || needed.lte(available)) return undefined;
  const shown = D.max(available, 0);
  return { code: 'margin-short', needed: atLeast(needed, USD_DECIMALS), available: atMost(shown, USD_DECIMALS) };
}

/**
 * A resting limit order locks, when placed, the exchange's order lock for all of its size at its
 * price: qty × price × (1/leverage + taker_fee) × (1 + safety) (lib/order-lock.ts) ≤ available.
 */
export function restingMarginError(a: { qty: Dec; price: Dec; leverage: number; takerFee: string; available: Dec }): OrderRuleProblem | undefined {
  return marginError(orderLock({ qty: a.qty, price: a.price, leverage: a.leverage, takerFee: a.takerFee }), a.available);
}
