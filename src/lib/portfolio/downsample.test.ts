import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downsampleIndices } from './downsample';

describe('downsampling a curve for drawing', () => {
  it('keeps everything when it is short', () => {
    expect(downsampleIndices([1, 2, 3], [5n, 1n, 9n], 10)).toEqual([0, 1, 2]);
  });

  it('keeps each bucket\'s low and high, the first and the last point', () => {
    // 10 points, at most 6: first, last, and 2 buckets over time [1, 10] with their min and max
    const at = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const v = [0n, 3n, -1n, 2n, 2n, 7n, 1n, -4n, 5n, 6n];
    // bucket 0: indices 1…4 (t 2…5): min idx 2 (−1), max idx 1 (3); bucket 1: indices 5…8: min idx 7 (−4), max idx 5 (7)
    expect(downsampleIndices(at, v, 6)).toEqual([0, 1, 2, 5, 7, 9]);
  });

  it('for any curve: at most the limit, ascending, with the min, the max, the first and the last', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n })), { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 4, max: 60 }),
        (steps, max) => {
          const at: number[] = [];
          steps.reduce((t, [dt]) => (at.push(t + dt), t + dt), 0);
          const values = steps.map(([, v]) => v);
          const kept = downsampleIndices(at, values, max);
          expect(kept.length).toBeLessThanOrEqual(Math.max(max, values.length <= max ? values.length : 0));
          expect(kept).toEqual([...kept].sort((a, b) => a - b));
          expect(kept[0]).toBe(0);
          expect(kept.at(-1)).toBe(values.length - 1);
          const keptValues = kept.map((i) => values[i]!);
          const min = values.reduce((a, b) => (b < a ? b : a));
          const maxV = values.reduce((a, b) => (b > a ? b : a));
          expect(keptValues).toContain(min);
          expect(keptValues).toContain(maxV);
        },
      ),
    );
  });

  it('adds the indices it must keep (steps)', () => {
    const n = 100;
    const at = Array.from({ length: n }, (_, i) => i);
    const values = at.map((i) => BigInt(i % 7));
    expect(downsampleIndices(at, values, 6, [42])).toContain(42);
  });
});
