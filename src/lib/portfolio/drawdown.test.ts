import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxDrawdown } from './drawdown';

/** O(n²): max over i ≤ j of v_i − v_j, the start value first. */
function bruteForce(values: bigint[], start = 0n): bigint {
  const all = [start, ...values];
  let best = 0n;
  for (let i = 0; i < all.length; i++) for (let j = i; j < all.length; j++) if (all[i]! - all[j]! > best) best = all[i]! - all[j]!;
  return best;
}

describe('max drawdown', () => {
  it('is the deepest fall from a running peak, with when it happened', () => {
    // 0 → 5 (peak at 2) → 1 → 8 (peak at 4) → 2 (trough at 5: fall 6) → 7
    expect(maxDrawdown([1, 2, 3, 4, 5, 6], [3n, 5n, 1n, 8n, 2n, 7n], 0)).toEqual({ amount: 6n, peakAt: 4, troughAt: 5 });
    // falling from the start: the peak is the start (0 at time 0)
    expect(maxDrawdown([1, 2], [-2n, -1n], 0)).toEqual({ amount: 2n, peakAt: 0, troughAt: 1 });
    // never falls
    expect(maxDrawdown([1, 2], [1n, 2n], 0)).toEqual({ amount: 0n, peakAt: null, troughAt: null });
  });

  it('is ≥ 0 and equals the brute-force O(n²) answer for any curve', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -1000n, max: 1000n }), { maxLength: 60 }), (values) => {
        const dd = maxDrawdown(values.map((_, i) => i + 1), values, 0);
        expect(dd.amount >= 0n).toBe(true);
        expect(dd.amount).toBe(bruteForce(values));
        if (dd.amount > 0n) {
          const at = (t: number) => (t === 0 ? 0n : values[t - 1]!);
          expect(at(dd.peakAt!) - at(dd.troughAt!)).toBe(dd.amount);
          expect(dd.peakAt! < dd.troughAt!).toBe(true);
        }
      }),
    );
  });
});
