import { describe, expect, it } from 'vitest';
import { divCeil, divFloor, divRound, formatFixed, formatUnits, parseDecimal, parseUnits, plainUnits } from './decimal.js';

describe('decimal parsing and rendering', () => {
  it('parses plain decimal strings exactly', () => {
    expect(parseDecimal('65000.5', 18, 'x')).toEqual({ ok: true, value: 65000500000000000000000n });
    expect(parseDecimal('0.000000000000000001', 18, 'x')).toEqual({ ok: true, value: 1n });
    expect(parseDecimal('-1.25', 2, 'x', true)).toEqual({ ok: true, value: -125n });
    expect(parseDecimal('1.2500', 2, 'x')).toEqual({ ok: true, value: 125n });
    expect(parseUnits('0.123', 3, 'qty')).toEqual({ ok: true, value: 123 });
    expect(parseUnits('95000.1', 1, 'price')).toEqual({ ok: true, value: 950001 });
    expect(parseUnits('007', 0, 'n')).toEqual({ ok: true, value: 7 });
  });

  it("reads an order's qty and price the same on the fast path, small or past a small integer's range", () => {
    // The fast path hands back small counts as small integers (cheaper order records); larger ones must
    // come back whole, not cut to 32 bits.
    const cases = [
      ['0.057', 3, 57], ['95000.1', 2, 9500010], ['1073741.823', 3, 1073741823], ['1073741.824', 3, 1073741824],
      ['99999999.99', 2, 9999999999], ['4294967.296', 3, 4294967296], ['9007199254.740991', 6, 9007199254740991],
    ] as const;
    for (const [text, dp, count] of cases) {
      expect(plainUnits(text, dp)).toBe(count);
      expect(parseUnits(text, dp, 'x')).toEqual({ ok: true, value: count });
    }
  });

  it('refuses floats, exponents, blanks and excess precision with a clear message', () => {
    const no = (v: unknown, dp = 3) => {
      const r = parseUnits(v, dp, 'qty');
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.message;
    };
    expect(no(1.5)).toBe('qty must be a decimal string');
    expect(no('1e3')).toMatch(/plain decimal string/);
    expect(no(' 1')).toMatch(/plain decimal string/);
    expect(no('.5')).toMatch(/plain decimal string/);
    expect(no('1.')).toMatch(/plain decimal string/);
    expect(no('+1')).toMatch(/plain decimal string/);
    expect(no('0x10')).toMatch(/plain decimal string/);
    expect(no('1.0001')).toBe('qty has more than 3 decimal places');
    expect(no('-1')).toBe('qty must not be negative');
    expect(no('99999999999999999999')).toBe('qty is too large');
    expect(no('NaN')).toMatch(/plain decimal string/);
  });

  it('renders canonical strings', () => {
    expect(formatFixed(65000500000000000000000n, 18)).toBe('65000.5');
    expect(formatFixed(0n, 18)).toBe('0');
    expect(formatFixed(-125n, 2)).toBe('-1.25');
    expect(formatFixed(5n, 3)).toBe('0.005');
    expect(formatUnits(950001, 1)).toBe('95000.1');
    expect(formatUnits(-100, 3)).toBe('-0.1');
    expect(formatUnits(1000, 3)).toBe('1');
  });

  it('rounds divisions as documented', () => {
    expect(divCeil(7n, 2n)).toBe(4n);
    expect(divCeil(-7n, 2n)).toBe(-3n);
    expect(divFloor(-7n, 2n)).toBe(-4n);
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
  });
});

describe('iso', () => {
  it('matches Date.prototype.toISOString', async () => {
    const { iso } = await import('./decimal.js');
    for (const ms of [0, 1, 999, 1000, 1735689600123, 1735689600123, 1735689601005, -1, 253402300799999]) {
      expect(iso(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
