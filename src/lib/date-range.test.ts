import { describe, expect, it } from 'vitest';
import { localDay, rangeBounds } from './date-range';

describe('history date range', () => {
  it('no days picked: no bounds', () => {
    expect(rangeBounds({ from: '', to: '' })).toEqual({});
  });

  it('covers the picked days whole, local time', () => {
    const b = rangeBounds({ from: '2026-03-01', to: '2026-03-02' });
    expect(b).toEqual({
      start: new Date(2026, 2, 1).toISOString(),
      end: new Date(new Date(2026, 2, 3).getTime() - 1).toISOString(),
    });
  });

  it('one end open', () => {
    expect(rangeBounds({ from: '', to: '2026-03-02' })).not.toHaveProperty('start');
    expect(rangeBounds({ from: '2026-03-01', to: '' })).not.toHaveProperty('end');
  });

  it('says what is wrong with a reversed or broken range', () => {
    expect(rangeBounds({ from: '2026-03-02', to: '2026-03-01' })).toEqual({ error: 'from-after-to' });
    expect(rangeBounds({ from: 'yesterday', to: '' })).toEqual({ error: 'from-not-a-date' });
    expect(rangeBounds({ from: '', to: '2026-13-45x' })).toEqual({ error: 'to-not-a-date' });
  });

  it('localDay gives the date input value of a time', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
