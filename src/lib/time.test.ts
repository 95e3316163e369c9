import { describe, expect, it } from 'vitest';
import { formatCountdown } from './time';

describe('funding countdown', () => {
  it('shows hours, minutes and seconds left', () => {
    expect(formatCountdown(3_725_000)).toBe('01:02:05');
    expect(formatCountdown(59_999)).toBe('00:00:59');
  });
  it('never shows negative time once the funding time has passed', () => {
    expect(formatCountdown(-5_000)).toBe('00:00:00');
  });
});
