import { describe, expect, it } from 'vitest';
import { curveScale, pointAt, stepPath, xOf, yOf, type CurvePoint } from './curve-geometry';

const plot = { width: 110, height: 130, left: 10, bottom: 20, top: 10 };
const pts: CurvePoint[] = [
  { at: 0, value: '0' },
  { at: 50, value: '10' },
  { at: 100, value: '-10' },
];

describe('a PnL curve on screen', () => {
  it('always shows the break-even line: the span includes 0 even when every point is a gain', () => {
    const s = curveScale([{ at: 0, value: '5' }, { at: 1, value: '15' }]);
    expect(s.low).toBe(0);
    expect(s.high).toBeCloseTo(15.75);
  });

  it('fits an account value to its own range: a 10 DUSD move on 50,000 fills the height', () => {
    const s = curveScale([{ at: 0, value: '50000' }, { at: 1, value: '49990' }], false);
    expect(s.low).toBeCloseTo(49989.5);
    expect(s.high).toBeCloseTo(50000.5);
  });

  it('puts the highest gain near the top and the deepest loss near the bottom', () => {
    const s = curveScale(pts);
    expect(yOf(s, plot, 10)).toBeGreaterThan(10);
    expect(yOf(s, plot, 10)).toBeLessThan(20);
    expect(yOf(s, plot, -10)).toBeGreaterThan(100);
    expect(xOf(s, plot, 0)).toBe(10);
    expect(xOf(s, plot, 100)).toBe(110);
  });

  it('draws steps: a value holds until the next event, and the last holds to the right edge', () => {
    const s = { from: 0, to: 100, low: -10, high: 10 };
    expect(stepPath(pts, s, plot)).toBe('M10.0,60.0H60.0V10.0H110.0V110.0H110.0V110.0');
  });

  it('reads the value in force at a time: the last point at or before it', () => {
    expect(pointAt(pts, -1)).toBe(-1);
    expect(pointAt(pts, 0)).toBe(0);
    expect(pointAt(pts, 99)).toBe(1);
    expect(pointAt(pts, 1000)).toBe(2);
  });
});
