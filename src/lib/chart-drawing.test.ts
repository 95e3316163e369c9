import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { makeDrawing, moveDrawing, moveEnd, movePoint, nudgeShift, priceOnTick, rangeChange, readDrawing, type Drawing } from './chart-drawing';
import { distanceToSegment, hitDrawing } from './chart-drawing-hit';

/** 15-minute bars with no gaps. */
const shiftTime = (t: number, n: number) => t + n * 900;
const T = 1_764_374_400;

describe('drawing records', () => {
  it('takes a price from the chart on the tick, as text, and none at zero or below', () => {
    expect(priceOnTick(95012.4999999, 1)).toBe('95012.5');
    expect(priceOnTick(0.04, 1)).toBeNull();
    expect(priceOnTick(null, 1)).toBeNull();
    expect(priceOnTick(Number.NaN, 2)).toBeNull();
  });

  it('moves a whole trend line by ticks and bars, exactly (no float drift)', () => {
    const d: Drawing = { id: 't', kind: 'trend', a: { time: T, price: '0.3' }, b: { time: T + 900, price: '0.1' } };
    const moved = moveDrawing(d, { price: dec('0.2'), bars: 2 }, 1, shiftTime);
    expect(moved).toEqual({ id: 't', kind: 'trend', a: { time: T + 1800, price: '0.5' }, b: { time: T + 2700, price: '0.3' } });
  });

  it('refuses a move that would take a price to zero or below, and a horizontal line ignores bars', () => {
    const h: Drawing = { id: 'h', kind: 'horizontal', price: '1.0' };
    expect(moveDrawing(h, { price: dec('-1.0'), bars: 0 }, 1, shiftTime)).toBeNull();
    expect(moveDrawing(h, { price: dec('0'), bars: 5 }, 1, shiftTime)).toEqual(h);
    const r: Drawing = { id: 'r', kind: 'range', from: '100.0', to: '110.0' };
    expect(moveDrawing(r, { price: dec('-0.5'), bars: 0 }, 1, shiftTime)).toEqual({ id: 'r', kind: 'range', from: '99.5', to: '109.5' });
  });

  it('puts one end where the pointer is', () => {
    const d: Drawing = { id: 't', kind: 'trend', a: { time: T, price: '1.0' }, b: { time: T + 900, price: '2.0' } };
    expect(moveEnd(d, 'b', { time: T + 9000, price: '3.5' })).toEqual({ ...d, b: { time: T + 9000, price: '3.5' } });
    expect(moveEnd({ id: 'r', kind: 'range', from: '1.0', to: '2.0' }, 'a', { time: T, price: '1.5' })).toEqual({ id: 'r', kind: 'range', from: '1.5', to: '2.0' });
  });

  it('nudges by one tick or one bar, ten with Shift', () => {
    expect(nudgeShift('ArrowUp', false, 1).price.toString()).toBe('0.1');
    expect(nudgeShift('ArrowDown', true, 2).price.toString()).toBe('-0.1');
    expect(nudgeShift('ArrowRight', true, 2)).toMatchObject({ bars: 10 });
    expect(movePoint({ time: T, price: '5.00' }, nudgeShift('ArrowLeft', false, 2), 2, shiftTime)).toEqual({ time: T - 900, price: '5.00' });
  });

  it('makes nothing of a trend line or range with both points the same', () => {
    const p = { time: T, price: '10.0' };
    expect(makeDrawing('x', 'trend', p, p)).toBeNull();
    expect(makeDrawing('x', 'range', p, { time: T + 900, price: '10.0' })).toBeNull();
    expect(makeDrawing('x', 'horizontal', p, null)).toEqual({ id: 'x', kind: 'horizontal', price: '10.0' });
  });

  it("reads a range's change with its sign", () => {
    const c = rangeChange({ from: '100.0', to: '95.0' });
    expect(c.diff.toString()).toBe('-5');
    expect(c.percent.toString()).toBe('-5');
  });

  it('reads back only well-formed drawings', () => {
    expect(readDrawing({ id: 'a', kind: 'horizontal', price: '95000.5' })).toEqual({ id: 'a', kind: 'horizontal', price: '95000.5' });
    expect(readDrawing({ id: 'a', kind: 'horizontal', price: 95000.5 })).toBeNull();
    expect(readDrawing({ id: 'a', kind: 'horizontal', price: '0' })).toBeNull();
    expect(readDrawing({ id: 'a', kind: 'trend', a: { time: T, price: '1' }, b: { time: 'x', price: '2' } })).toBeNull();
    expect(readDrawing({ id: 'a', kind: 'fib', price: '1' })).toBeNull();
    expect(readDrawing({ kind: 'range', from: '1', to: '2' })).toBeNull();
  });
});

describe('hit-testing', () => {
  it('measures the distance to a segment, past its ends to the end', () => {
    expect(distanceToSegment({ x: 5, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(3);
    expect(distanceToSegment({ x: 14, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 })).toBe(5);
    expect(distanceToSegment({ x: 3, y: 4 }, { x: 0, y: 0 }, { x: 0, y: 0 })).toBe(5);
  });

  const shapes = [
    { id: 'h', kind: 'horizontal' as const, y: 100 },
    { id: 't', kind: 'trend' as const, a: { x: 100, y: 200 }, b: { x: 300, y: 150 } },
    { id: 'r', kind: 'range' as const, y1: 300, y2: 360 },
  ];

  it('takes the nearest line within reach, an end over the line at the end', () => {
    expect(hitDrawing(shapes, { x: 50, y: 104 })).toEqual({ id: 'h', part: 'body' });
    expect(hitDrawing(shapes, { x: 50, y: 110 })).toBeNull();
    expect(hitDrawing(shapes, { x: 200, y: 176 })).toEqual({ id: 't', part: 'body' });
    expect(hitDrawing(shapes, { x: 102, y: 199 })).toEqual({ id: 't', part: 'a' });
    expect(hitDrawing(shapes, { x: 301, y: 152 })).toEqual({ id: 't', part: 'b' });
    // Past the end of a segment the line is not there.
    expect(hitDrawing(shapes, { x: 340, y: 140 })).toBeNull();
  });

  it("takes a range's edges as its ends and the band between as the whole", () => {
    expect(hitDrawing(shapes, { x: 10, y: 302 })).toEqual({ id: 'r', part: 'a' });
    expect(hitDrawing(shapes, { x: 10, y: 358 })).toEqual({ id: 'r', part: 'b' });
    expect(hitDrawing(shapes, { x: 10, y: 330 })).toEqual({ id: 'r', part: 'body' });
  });
});
