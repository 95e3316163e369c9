import type { AlertDirection, AlertSource } from '../../lib/price-alert';
import { directionFrom } from '../../lib/price-alert';
import { parseTypedDecimal, type TypedDecimal } from '../../lib/parse-decimal-input';
import type { Dec } from '../../lib/decimal';

/** Why an alert's price is refused (the words are the dialog's). */
export type AlertFormProblem =
  | { code: 'price-unreadable'; read: Extract<TypedDecimal, { ok: false }> }
  | { code: 'price-not-positive' }
  | { code: 'price-is-now'; now: string }
  | { code: 'no-price-yet' };

export interface AlertFormResult {
  problem: AlertFormProblem | null;
  /** The level and the direction it takes from the price now, when it can be set. */
  alert: { price: string; direction: AlertDirection; source: AlertSource } | null;
}

/**
 * The alert the form would set: the typed price read at the symbol's places, its direction taken from
 * where the watched price is now (above it: "rises to"; below: "falls to"). A level equal to the price
 * now would fire at once: refused, as is a price not typed yet or not readable.
 */
export function readAlertForm(text: string, source: AlertSource, now: Dec | null, priceDecimals: number): AlertFormResult {
  const read = parseTypedDecimal(text, { maxDecimals: priceDecimals });
  if (!read.ok) return { problem: { code: 'price-unreadable', read }, alert: null };
  if (read.value.lte(0)) return { problem: { code: 'price-not-positive' }, alert: null };
  if (!now) return { problem: { code: 'no-price-yet' }, alert: null };
  if (read.value.eq(now)) return { problem: { code: 'price-is-now', now: now.toFixed() }, alert: null };
  return { problem: null, alert: { price: read.value.toFixed(), direction: directionFrom(read.value, now), source } };
}
