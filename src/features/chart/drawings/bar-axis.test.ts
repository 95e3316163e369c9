import { describe, expect, it } from 'vitest';
import { barsFromTo, logicalToTime, shiftBars, timeToLogical, type BarIndex } from './bar-axis';

/** Bars at these times (a gap between 1800 and 5400), 900 s nominal. */
function barsOf(times: number[]): BarIndex {
  return {
    nearest: (t) => {
      if (times.length === 0) return null;
      let best = 0;
      for (let i = 0; i < times.length; i++) if (Math.abs(times[i]! - t) < Math.abs(times[best]! - t)) best = i;
      return best;
    },
    timeAt: (i) => times[i] ?? null,
    last: () => (times.length ? times.length - 1 : null),
    interval: 900,
  };
}
const bars = barsOf([0, 900, 1800, 5400, 6300]);

describe("the chart's bars for drawings", () => {
  it('places a bar time at its index, between bars in proportion, past the ends by the interval', () => {
    expect(timeToLogical(900, bars)).toBe(1);
    expect(timeToLogical(3600, bars)).toBe(2.5);
    expect(timeToLogical(8100, bars)).toBe(6);
    expect(timeToLogical(-1800, bars)).toBe(-2);
    expect(timeToLogical(0, barsOf([]))).toBeNull();
  });

  it('reads a logical index back as a bar time, counting on past the ends', () => {
    expect(logicalToTime(2.4, bars)).toBe(1800);
    expect(logicalToTime(3, bars)).toBe(5400);
    expect(logicalToTime(6, bars)).toBe(8100);
    expect(logicalToTime(-1, bars)).toBe(-900);
  });

  it('moves by whole bars through a gap, and counts bars between times', () => {
    expect(shiftBars(1800, 1, bars)).toBe(5400);
    expect(shiftBars(6300, 2, bars)).toBe(8100);
    expect(barsFromTo(900, 5400, bars)).toBe(2);
  });
});
