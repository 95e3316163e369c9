import Decimal from 'decimal.js';

/** Money math: decimal.js with enough precision for 18-decimal token amounts times prices. */
export const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 60 });
export type Dec = InstanceType<typeof D>;

export function dec(value: string | number | Dec): Dec {
  return new D(value);
}

/** A decimal string as the wire wants it: plain digits, no exponent. */
export function toWire(value: Dec): string {
  return value.toFixed();
}

/** Rounds down to `decimals` places (quantities never round up past what the trader has). */
export function floorTo(value: Dec, decimals: number): Dec {
  return value.toDecimalPlaces(decimals, D.ROUND_DOWN);
}

/** True when `value` has no more than `decimals` places, i.e. sits on the tick grid. */
export function fitsDecimals(value: Dec, decimals: number): boolean {
  return value.decimalPlaces() <= decimals;
}

/** Strict parse of what a trader typed: digits with an optional fraction, else null. */
export function parseDecimalInput(text: string): Dec | null {
  const t = text.trim();
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(t)) return null;
  return new D(t);
}
