import { describe, expect, it } from 'vitest';
import type { FundingRate } from '../../api/schemas';
import { fundingGeometry, nearestPoint, ratePercent } from './funding-geometry';

const H = 3_600_000;
const rate = (time: number, funding_rate: string) => ({ time: new Date(time).toISOString(), funding_rate }) as FundingRate;
const PLOT = { width: 464, height: 218, left: 64, bottom: 18, inset: 0 };

describe('funding-rate chart', () => {
  it('shows a rate as a percent at 4 decimals, exact and signed', () => {
    expect(ratePercent('0.0000125')).toBe('+0.0013%');
    expect(ratePercent('-0.00031')).toBe('-0.0310%');
    expect(ratePercent('0')).toBe('0.0000%');
  });

  it('places settlements by time over their own span and keeps 0 % in view with one sign', () => {
    const start = Date.UTC(2026, 0, 1);
    const g = fundingGeometry([rate(start + 2 * H, '0.0001'), rate(start + H, '0.0002')], start, start + 4 * H, PLOT);
    expect(g.points.map((p) => p.rate)).toEqual(['0.0002', '0.0001']);
    expect(g.points[0]!.x).toBeCloseTo(64);
    expect(g.points[1]!.x).toBeCloseTo(464);
    // Higher rate higher up; 0 % below both.
    expect(g.points[0]!.y).toBeLessThan(g.points[1]!.y);
    expect(g.zeroY).toBeGreaterThan(g.points[1]!.y);
    expect(g.zeroY).toBeLessThanOrEqual(200);
  });

  it('the hovered settlement is the nearest one', () => {
    const start = Date.UTC(2026, 0, 1);
    const g = fundingGeometry([rate(start + H, '0.0001'), rate(start + 3 * H, '-0.0001')], start, start + 4 * H, PLOT);
    expect(nearestPoint(g.points, 64 + 290)?.rate).toBe('-0.0001');
    expect(nearestPoint(g.points, 64 + 100)?.rate).toBe('0.0001');
    expect(nearestPoint([], 10)).toBeNull();
  });
});
