import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventTime } from './event-time';

describe('event time', () => {
  it('reads the exchange\'s ISO times as Date.parse does', () => {
    expect(eventTime('2026-11-29T03:26:54Z')).toBe(Date.parse('2026-11-29T03:26:54Z'));
    expect(eventTime('2026-11-29T03:26:54.5Z')).toBe(Date.parse('2026-11-29T03:26:54.500Z'));
    expect(eventTime('2026-11-29T03:26:54.123456Z')).toBe(Date.parse('2026-11-29T03:26:54.123Z'));
    // other forms: Date.parse
    expect(eventTime('2026-11-29T03:26:54+08:00')).toBe(Date.parse('2026-11-28T19:26:54Z'));
  });

  it('for any time, with 0 to 3 fraction digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.integer({ min: 0, max: 3 }), (ms, places) => {
        const iso = new Date(ms).toISOString();
        const s = places === 3 ? iso : places === 0 ? `${iso.slice(0, 19)}Z` : `${iso.slice(0, 20 + places)}Z`;
        expect(eventTime(s)).toBe(Date.parse(s));
      }),
    );
  });
});
