import { describe, expect, it } from 'vitest';
import { depthCurve, sidePath } from './depth-curve';

const book = {
  bids: [
    ['99', '1'],
    ['100', '0.5'],
    ['97', '2'],
  ] as [string, string][],
  asks: [
    ['101', '0.25'],
    ['102', '0.1'],
    ['104', '3'],
    ['110', '9'],
  ] as [string, string][],
};

describe('depth curve', () => {
  it('sums each side exactly from the best price outward', () => {
    const c = depthCurve(book);
    expect(c.bids.map((s) => [s.price.toFixed(), s.total.toFixed()])).toEqual([
      ['100', '0.5'],
      ['99', '1.5'],
      ['97', '3.5'],
    ]);
    expect(c.mid?.toFixed()).toBe('100.5');
  });

  it('draws the same distance each side of the mid, out to the nearer side’s last level', () => {
    const c = depthCurve(book);
    // The bids reach 3.5 below the mid (97); the asks go further (110) and are cut at 104.
    expect([c.from, c.to]).toEqual([97, 104]);
    expect(c.asks.map((s) => s.total.toFixed())).toEqual(['0.25', '0.35', '3.35']);
    expect(c.maxTotal).toBe(3.5);
  });

  it('adds sizes as decimals: 0.1 + 0.2 is 0.3, not 0.30000000000000004', () => {
    const c = depthCurve({ bids: [['10', '0.1'], ['9', '0.2']], asks: [['11', '0.1'], ['13', '1']] });
    expect(c.bids[1]!.total.toFixed()).toBe('0.3');
  });

  it('with one side empty there is no mid and nothing breaks', () => {
    const c = depthCurve({ bids: [['10', '1']], asks: [] });
    expect(c.mid).toBeNull();
    expect(sidePath(c.asks, 'ask', c, { width: 100, height: 100, left: 0, bottom: 0 })).toBe('');
  });

  it('a side is a closed step area from its best price to the edge', () => {
    const c = depthCurve({ bids: [['9', '1'], ['8', '1']], asks: [['11', '1'], ['12', '1']] });
    // Range 8 … 12 over 0 … 100 px: 25 px a unit of price; the top is 2 × 1.05 = 2.1 over 105 px.
    expect(sidePath(c.bids, 'bid', c, { width: 100, height: 105, left: 0, bottom: 0 })).toBe('M25.0,105 L25.0,55.0 H0.0 V5.0 H0.0 V105 Z');
  });
});
