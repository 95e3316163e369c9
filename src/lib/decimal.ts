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

const PLAIN_UNSIGNED = /^\d+(\.\d+)?$/;

/** The integer digits of a plain unsigned decimal string without leading zeros, and its fraction digits. */
function digitsOf(s: string): { int: string; frac: string } {
  const dot = s.indexOf('.');
  const int = dot < 0 ? s : s.slice(0, dot);
  let lead = 0;
  while (lead < int.length - 1 && int[lead] === '0') lead++;
  return { int: int.slice(lead), frac: dot < 0 ? '' : s.slice(dot + 1) };
}

/**
 * Orders two decimal strings exactly, as `dec(a).comparedTo(dec(b))` does, without building
 * decimals for plain unsigned ones (the order book sorts two hundred levels a frame): longer integer
 * part first, then digit by digit.
 */
export function compareDecimalStrings(a: string, b: string): number {
  if (!PLAIN_UNSIGNED.test(a) || !PLAIN_UNSIGNED.test(b)) return dec(a).comparedTo(dec(b));
  const x = digitsOf(a);
  const y = digitsOf(b);
  if (x.int.length !== y.int.length) return x.int.length < y.int.length ? -1 : 1;
  if (x.int !== y.int) return x.int < y.int ? -1 : 1;
  const n = Math.max(x.frac.length, y.frac.length);
  for (let i = 0; i < n; i++) {
    const p = x.frac[i] ?? '0';
    const q = y.frac[i] ?? '0';
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}

/** True for a decimal string worth zero ("0", "0.000", "-0"). */
export function isZeroDecimalString(s: string): boolean {
  return /^-?0+(\.0+)?$/.test(s);
}
