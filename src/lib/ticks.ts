import { dec, type Dec } from './decimal';

/** The smallest step for `decimals` places: 2 → "0.01", 0 → "1". */
export function stepOf(decimals: number): Dec {
  return dec(1).div(dec(10).pow(decimals));
}

/** Places after the point of a decimal string: "0.01" → 2, "10" → 0. */
export function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** A symbol's comma-separated `depth_ticks` as a list: "0.1,1,10" → ["0.1","1","10"]. */
export function parseDepthTicks(depthTicks: string): string[] {
  return depthTicks
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}
