import { describe, expect, it } from 'vitest';
import { formatFixed } from './format';
import { parseTypedDecimal } from './parse-decimal-input';

const valueOf = (text: string, maxDecimals?: number) => {
  const r = parseTypedDecimal(text, maxDecimals === undefined ? {} : { maxDecimals });
  return r.ok ? r.value.toFixed() : null;
};
const problemOf = (text: string, maxDecimals?: number) => {
  const r = parseTypedDecimal(text, maxDecimals === undefined ? {} : { maxDecimals });
  return r.ok ? null : r.problem;
};

describe('reading a typed amount', () => {
  it('reads amounts as the app shows them, with thousands separators', () => {
    expect(valueOf('1,234.5')).toBe('1234.5');
    expect(valueOf('1,234,567.891')).toBe('1234567.891');
    expect(valueOf('95,000')).toBe('95000');
    // Whatever the app displays reads back as the same amount.
    for (const shown of ['0.001', '12.5', '99,999.5', '1,000,000.000001']) {
      expect(formatFixed(valueOf(shown)!, 6)).toBe(formatFixed(shown.replaceAll(',', ''), 6));
    }
  });

  it('reads plain digits, a leading or trailing point, and ignores spaces around', () => {
    expect(valueOf('1234.5')).toBe('1234.5');
    expect(valueOf('0.0005')).toBe('0.0005');
    expect(valueOf('.5')).toBe('0.5');
    expect(valueOf('5.')).toBe('5'); // half-typed "5.5"
    expect(valueOf('  42 ')).toBe('42');
    expect(valueOf('007')).toBe('7');
  });

  it('keeps every digit: no float in between', () => {
    expect(valueOf('0.1000000000000000055511151231257827')).toBe('0.1000000000000000055511151231257827');
    expect(valueOf('123,456,789,012,345,678.123456789')).toBe('123456789012345678.123456789');
  });

  it('refuses what is not a number, saying how to write it', () => {
    expect(problemOf('1.2.3')).toBe('two-points');
    expect(problemOf('abc')).toBe('not-a-number');
    expect(problemOf('1e5')).toBe('exponent');
    expect(problemOf('+5')).toBe('signed');
    expect(problemOf('12,34')).toBe('decimal-comma');
    expect(problemOf('0,500')).toBe('decimal-comma');
    expect(problemOf('1,2345')).toBe('misplaced-comma');
    expect(problemOf('1234,567')).toBe('misplaced-comma');
    expect(problemOf('1.234,5')).toBe('comma-after-point');
    expect(problemOf('1 234')).toBe('space-between-thousands');
    expect(problemOf('1,00')).toBe('decimal-comma');
    expect(problemOf('.')).toBe('not-a-number');
    expect(problemOf('Infinity')).toBe('not-a-number');
    expect(problemOf('0x10')).toBe('not-a-number');
  });

  it('says a negative amount must be positive, not that it is not a number', () => {
    expect(problemOf('-5')).toBe('negative');
    expect(problemOf('-1,000.5')).toBe('negative');
    expect(problemOf('\u22125')).toBe('negative'); // a pasted minus sign
    expect(parseTypedDecimal('-0.5')).toMatchObject({ ok: false, reason: 'negative' });
  });

  it('reads pasted display values, and refuses a pasted unit rather than guess which it is', () => {
    expect(valueOf(' 95,000 ')).toBe('95000');
    expect(valueOf('1,000.5')).toBe('1000.5');
    expect(valueOf('\t1,000.50\n')).toBe('1000.5');
    expect(problemOf('$95,000')).toBe('with-unit');
    expect(problemOf('95,000 USD')).toBe('with-unit');
    expect(problemOf('0.050 BTC')).toBe('with-unit');
    expect(problemOf('1.5%')).toBe('with-unit');
  });

  it('tells an empty field apart from a wrong one', () => {
    expect(parseTypedDecimal('   ')).toEqual({ ok: false, reason: 'empty', problem: 'empty' });
    expect(parseTypedDecimal('x')).toMatchObject({ ok: false, reason: 'not-a-number' });
  });

  it('checks the precision when asked, trailing zeros aside', () => {
    expect(problemOf('0.0005', 3)).toBe('too-many-decimals');
    expect(problemOf('1.25', 1)).toBe('too-many-decimals');
    expect(problemOf('1.5', 0)).toBe('too-many-decimals');
    expect(parseTypedDecimal('0.0005', { maxDecimals: 3 })).toMatchObject({ reason: 'too-many-decimals' });
    expect(valueOf('1,234.500', 1)).toBe('1234.5');
    expect(valueOf('0.001', 3)).toBe('0.001');
  });
});
