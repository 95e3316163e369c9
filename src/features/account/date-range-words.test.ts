import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { rangeBounds } from '../../lib/date-range';
import { RANGE_PROBLEM } from './date-range-words';

const words = (from: string, to: string) => {
  const b = rangeBounds({ from, to });
  return 'error' in b ? i18n._(RANGE_PROBLEM[b.error]) : null;
};

describe('the words of a wrong history range', () => {
  it('read as before', () => {
    expect(words('2026-03-02', '2026-03-01')).toBe('From is after To');
    expect(words('yesterday', '')).toBe('From is not a date');
    expect(words('', 'tomorrow')).toBe('To is not a date');
    expect(words('2026-03-01', '2026-03-02')).toBeNull();
  });
});
