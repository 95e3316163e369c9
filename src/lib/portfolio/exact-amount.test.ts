import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { fromUnits, scaleFor, toUnits } from './exact-amount';

describe('exact amounts', () => {
  it('reads and writes decimal strings exactly at a shared scale', () => {
    expect(scaleFor(['1', '0.25', '-3.125'])).toBe(3);
    expect(toUnits('-3.125', 3)).toBe(-3125n);
    expect(toUnits('0.25', 3)).toBe(250n);
    expect(toUnits('12', 18)).toBe(12_000_000_000_000_000_000n);
    expect(fromUnits(-3125n, 3)).toBe('-3.125');
    expect(fromUnits(250n, 3)).toBe('0.25');
    expect(fromUnits(-5n, 3)).toBe('-0.005');
    expect(fromUnits(0n, 18)).toBe('0');
    // 16+ digits go through BigInt, not Number: 2^53 + 1 stays exact.
    expect(toUnits('9007199254740993', 0)).toBe(9007199254740993n);
    expect(() => toUnits('0.001', 2)).toThrow('amount-finer-than-scale');
  });

  it('round-trips any decimal string and sums as decimal.js does', () => {
    const amount = fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 18 })).map(([u, s]) => dec(u.toString()).div(dec(10).pow(s)).toFixed());
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 30 }), (xs) => {
        const scale = scaleFor(xs);
        for (const x of xs) expect(fromUnits(toUnits(x, scale), scale)).toBe(dec(x).toFixed());
        const sum = xs.reduce((a, x) => a + toUnits(x, scale), 0n);
        expect(fromUnits(sum, scale)).toBe(xs.reduce((a, x) => a.plus(x), dec(0)).toFixed());
      }),
    );
  });
});
