import { describe, expect, it } from 'vitest';
import { formatFixed } from './format';
import { parseTypedDecimal } from './parse-decimal-input';

const valueOf = (text: string, maxDecimals?: number) => {
  const r = parseTypedDecimal(text, maxDecimals === undefined ? {} : { maxDecimals });
  return r.ok ? r.value.toFixed() : null;
};
const messageOf = (text: string, maxDecimals?: number) => {
  const r = parseTypedDecimal(text, maxDecimals === undefined ? {} : { maxDecimals });
  return r.ok ? null : r.message;
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
    expect(messageOf('1.2.3')).toBe('Use one decimal point');
    expect(messageOf('abc')).toBe('Enter a number, e.g. 1,234.5');
    expect(messageOf('1e5')).toBe('Write the number out in full (no exponent)');
    expect(messageOf('+5')).toBe('Enter the amount without a sign');
    expect(messageOf('12,34')).toBe('Use a point for decimals, e.g. 0.5');
    expect(messageOf('0,500')).toBe('Use a point for decimals, e.g. 0.5');
    expect(messageOf('1,2345')).toBe('Commas go between groups of three digits, e.g. 1,234.5');
    expect(messageOf('1234,567')).toBe('Commas go between groups of three digits, e.g. 1,234.5');
    expect(messageOf('1.234,5')).toBe('Use a point for decimals and commas for thousands, e.g. 1,234.5');
    expect(messageOf('1 234')).toBe('Use commas between thousands, e.g. 1,234.5');
    expect(messageOf('1,00')).toBe('Use a point for decimals, e.g. 0.5');
    expect(messageOf('.')).toBe('Enter a number, e.g. 1,234.5');
    expect(messageOf('Infinity')).toBe('Enter a number, e.g. 1,234.5');
    expect(messageOf('0x10')).toBe('Enter a number, e.g. 1,234.5');
  });

  it('says a negative amount must be positive, not that it is not a number', () => {
    expect(messageOf('-5')).toBe('Must be positive');
    expect(messageOf('-1,000.5')).toBe('Must be positive');
    expect(messageOf('\u22125')).toBe('Must be positive'); // a pasted minus sign
    expect(parseTypedDecimal('-0.5')).toMatchObject({ ok: false, reason: 'negative' });
  });

  it('reads pasted display values, and refuses a pasted unit rather than guess which it is', () => {
    expect(valueOf(' 95,000 ')).toBe('95000');
    expect(valueOf('1,000.5')).toBe('1000.5');
    expect(valueOf('\t1,000.50\n')).toBe('1000.5');
    expect(messageOf('$95,000')).toBe('Enter the number only, without a currency or unit');
    expect(messageOf('95,000 USD')).toBe('Enter the number only, without a currency or unit');
    expect(messageOf('0.050 BTC')).toBe('Enter the number only, without a currency or unit');
    expect(messageOf('1.5%')).toBe('Enter the number only, without a currency or unit');
  });

  it('tells an empty field apart from a wrong one', () => {
    expect(parseTypedDecimal('   ')).toEqual({ ok: false, reason: 'empty', message: 'Enter a number' });
    expect(parseTypedDecimal('x')).toMatchObject({ ok: false, reason: 'not-a-number' });
  });

  it('checks the precision when asked, trailing zeros aside', () => {
    expect(messageOf('0.0005', 3)).toBe('At most 3 decimals');
    expect(messageOf('1.25', 1)).toBe('At most 1 decimal');
    expect(messageOf('1.5', 0)).toBe('Whole numbers only');
    expect(parseTypedDecimal('0.0005', { maxDecimals: 3 })).toMatchObject({ reason: 'too-many-decimals' });
    expect(valueOf('1,234.500', 1)).toBe('1234.5');
    expect(valueOf('0.001', 3)).toBe('0.001');
  });
});
