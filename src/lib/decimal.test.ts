import { describe, expect, it } from 'vitest';
import { compareDecimalStrings, dec, isZeroDecimalString } from './decimal';

/** Plain decimal strings of every shape a price or size takes on the wire (leading zeros, no fraction, long fractions). */
function randomDecimal(seed: number): string {
  const r = (n: number) => Math.floor(((Math.sin(seed++) * 10_000) % 1 + 1) % 1 * n);
  const int = `${'0'.repeat(r(2))}${r(3) === 0 ? '0' : String(r(100_000))}`;
  const frac = r(3) === 0 ? '' : `.${String(r(1_000_000)).padStart(r(8) + 1, '0')}`;
  return `${r(10) === 0 ? '-' : ''}${int}${frac}`;
}

describe('compareDecimalStrings', () => {
  it('orders prices exactly as decimal.js does, on 20,000 random pairs', () => {
    for (let i = 0; i < 20_000; i++) {
      const a = randomDecimal(i * 7 + 1);
      const b = i % 5 === 0 ? a : randomDecimal(i * 13 + 3);
      expect(compareDecimalStrings(a, b), `${a} vs ${b}`).toBe(dec(a).comparedTo(dec(b)));
    }
  });

  it('compares by value, not as text', () => {
    expect(compareDecimalStrings('9', '10')).toBe(-1);
    expect(compareDecimalStrings('95000.5', '95000.50')).toBe(0);
    expect(compareDecimalStrings('0095000', '95000.0001')).toBe(-1);
    expect(compareDecimalStrings('0.1', '0.09')).toBe(1);
    expect(compareDecimalStrings('-1', '0.5')).toBe(-1);
  });

  it('recognises every spelling of zero, and nothing else', () => {
    for (const z of ['0', '0.000', '000', '-0', '-0.0']) expect(isZeroDecimalString(z)).toBe(true);
    for (const nz of ['0.001', '10', '-0.1', '1.0']) expect(isZeroDecimalString(nz)).toBe(false);
  });
});
