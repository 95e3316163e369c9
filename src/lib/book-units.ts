/**
 * Exact fixed-point for the order book: a decimal string as a bigint count of 10^-scale units.
 * The book regroups and re-totals up to a hundred levels every frame; bigint keeps that exact (no
 * float ever touches a price or size) at a fraction of what decimal.js objects cost per frame.
 */

const POW10: bigint[] = [1n];
function pow10(n: number): bigint {
  for (let i = POW10.length; i <= n; i++) POW10.push(POW10[i - 1]! * 10n);
  return POW10[n]!;
}

/** Places after the point of a wire decimal ("-?digits(.digits)?", schemas/primitives.ts). */
export function fractionDigits(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** `s` in units of 10^-scale; `scale` must be at least `fractionDigits(s)`. */
export function toUnits(s: string, scale: number): bigint {
  const dot = s.indexOf('.');
  if (dot < 0) return BigInt(s) * pow10(scale);
  const frac = s.slice(dot + 1);
  return BigInt(s.slice(0, dot) + frac) * pow10(scale - frac.length);
}

/** n / d rounded half away from zero, as decimal.js ROUND_HALF_UP (d ≠ 0). */
export function divRound(n: bigint, d: bigint): bigint {
  if (d < 0n) return divRound(-n, -d);
  const neg = n < 0n;
  const q = ((neg ? -n : n) * 2n + d) / (2n * d);
  return neg ? -q : q;
}

/** Rounded down (towards −∞) to a multiple of `step` (> 0). */
export function floorTo(units: bigint, step: bigint): bigint {
  const r = units % step;
  return r < 0n ? units - r - step : units - r;
}

/** Rounded up (towards +∞) to a multiple of `step` (> 0). */
export function ceilTo(units: bigint, step: bigint): bigint {
  const r = units % step;
  return r > 0n ? units - r + step : units - r;
}

/**
 * `units` (of 10^-scale) at `decimals` places, rounded half up as formatFixed does; with thousands
 * separators unless `plain` (the form of a price put into the order form).
 */
export function formatUnits(units: bigint, scale: number, decimals: number, plain = false): string {
  const neg = units < 0n;
  let u = neg ? -units : units;
  if (decimals < scale) u = divRound(u, pow10(scale - decimals));
  else if (decimals > scale) u *= pow10(decimals - scale);
  const digits = u.toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const shown = plain ? int : int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg && u !== 0n ? '-' : ''}${shown}${decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : ''}`;
}
