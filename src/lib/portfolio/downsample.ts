// Thinning a curve for drawing: a few thousand points are all a chart can show, and 100,000 would
// block the page drawing them. Each time bucket keeps its lowest and highest point, so no peak or
// trough the trader should see disappears, and the first and last points are kept exactly.

/** About this many points at most (a chart a few thousand pixels wide cannot show more). */
export const MAX_DRAWN_POINTS = 2000;

/**
 * Indices to draw, ascending. n ≤ max: all. Else the first and last, and from each of
 * B = ⌊(max − 2) / 2⌋ equal time buckets over [at₀, at_last] its minimum and maximum (the first
 * of equals): ≤ 2 + 2B ≤ max points, every bucket's extremes (so the global min and max) kept.
 * `keep` indices (steps that must show) are added on top.
 */
export function downsampleIndices(at: readonly number[], values: readonly bigint[], max = MAX_DRAWN_POINTS, keep: readonly number[] = []): number[] {
  return downsampleRange(at, values, 0, values.length, max, keep);
}

/** downsampleIndices of the slice [from, to) of the series, without copying it; indices into the series. */
export function downsampleRange(at: readonly number[], values: readonly bigint[], from: number, to: number, max: number, keep: readonly number[] = []): number[] {
  const n = to - from;
  if (n <= 0) return [];
  if (n <= Math.max(max, 2)) return Array.from({ length: n }, (_, i) => from + i);
  const buckets = Math.max(1, Math.floor((max - 2) / 2));
  const t0 = at[from]!;
  const span = at[to - 1]! - t0;
  const lo = new Int32Array(buckets).fill(-1);
  const hi = new Int32Array(buckets).fill(-1);
  for (let i = from + 1; i < to - 1; i++) {
    const b = span > 0 ? Math.min(buckets - 1, Math.floor(((at[i]! - t0) / span) * buckets)) : Math.floor(((i - from - 1) / (n - 2)) * buckets);
    const v = values[i]!;
    if (lo[b] === -1 || v < values[lo[b]!]!) lo[b] = i;
    if (hi[b] === -1 || v > values[hi[b]!]!) hi[b] = i;
  }
  const chosen = new Set<number>([from, to - 1, ...keep]);
  for (let b = 0; b < buckets; b++) {
    if (lo[b] !== -1) chosen.add(lo[b]!);
    if (hi[b] !== -1) chosen.add(hi[b]!);
  }
  return [...chosen].sort((a, b) => a - b);
}
