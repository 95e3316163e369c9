import { describe, expect, it } from 'vitest';
import { formatCountdown, isoMicros } from './time';

describe('funding countdown', () => {
  it('shows hours, minutes and seconds left', () => {
    expect(formatCountdown(3_725_000)).toBe('01:02:05');
    expect(formatCountdown(59_999)).toBe('00:00:59');
  });
  it('never shows negative time once the funding time has passed', () => {
    expect(formatCountdown(-5_000)).toBe('00:00:00');
  });
});

describe('isoMicros', () => {
  it('orders two times of the same millisecond by their microseconds, whatever the digits written', () => {
    expect(isoMicros('2025-08-11T03:35:25.559151Z')).toBeLessThan(isoMicros('2025-08-11T03:35:25.559152Z'));
    expect(isoMicros('2025-08-11T03:35:25.5Z')).toBe(isoMicros('2025-08-11T03:35:25.500000Z'));
    expect(isoMicros('2025-08-11T03:35:25Z')).toBe(Date.parse('2025-08-11T03:35:25Z') * 1000);
    expect(isoMicros('2025-08-11T05:35:25.000001+02:00')).toBe(isoMicros('2025-08-11T03:35:25.000001Z'));
    expect(isoMicros('soon')).toBeNaN();
  });
});
