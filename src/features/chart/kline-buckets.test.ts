import { describe, expect, it } from 'vitest';
import { applyTrade, bucketStart, historyToBars, mergeBars, type Bar } from './kline-buckets';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('kline buckets', () => {
  it('opens bars on the resolution boundary (UTC)', () => {
    const t = at('2024-01-03T10:17:44Z'); // a Wednesday
    expect(bucketStart('1T', t)).toBe(t);
    expect(bucketStart('3S', t)).toBe(at('2024-01-03T10:17:42Z'));
    expect(bucketStart('1', t)).toBe(at('2024-01-03T10:17:00Z'));
    expect(bucketStart('5', t)).toBe(at('2024-01-03T10:15:00Z'));
    expect(bucketStart('15', t)).toBe(at('2024-01-03T10:15:00Z'));
    expect(bucketStart('60', t)).toBe(at('2024-01-03T10:00:00Z'));
    expect(bucketStart('1D', t)).toBe(at('2024-01-03T00:00:00Z'));
    expect(bucketStart('1W', t)).toBe(at('2024-01-01T00:00:00Z')); // Monday
    expect(bucketStart('1M', at('2024-02-29T23:59:59Z'))).toBe(at('2024-02-01T00:00:00Z'));
  });

  it('a Monday is the first day of its own week', () => {
    expect(bucketStart('1W', at('2024-01-08T00:00:00Z'))).toBe(at('2024-01-08T00:00:00Z'));
    expect(bucketStart('1W', at('2024-01-07T23:59:59Z'))).toBe(at('2024-01-01T00:00:00Z'));
  });

  const last: Bar = { time: at('2024-01-03T10:17:00Z'), open: 100, high: 105, low: 99, close: 101, volume: 2 };

  it('a trade inside the last bar moves its high, low, close and volume', () => {
    const up = applyTrade(last, { price: 107, qty: 0.5, timeMs: Date.parse('2024-01-03T10:17:30Z') }, '1');
    expect(up).toEqual({ isNew: false, bar: { ...last, high: 107, close: 107, volume: 2.5 } });
    const down = applyTrade(last, { price: 98, qty: 1, timeMs: Date.parse('2024-01-03T10:17:59.999Z') }, '1');
    expect(down?.bar).toMatchObject({ open: 100, high: 105, low: 98, close: 98, volume: 3 });
  });

  it('a trade past the boundary opens a new bar at its price', () => {
    const r = applyTrade(last, { price: 102, qty: 0.1, timeMs: Date.parse('2024-01-03T10:18:00Z') }, '1');
    expect(r).toEqual({ isNew: true, bar: { time: at('2024-01-03T10:18:00Z'), open: 102, high: 102, low: 102, close: 102, volume: 0.1 } });
  });

  it('a late trade from before the last bar is ignored; the first trade opens the first bar', () => {
    expect(applyTrade(last, { price: 1, qty: 1, timeMs: Date.parse('2024-01-03T10:16:59Z') }, '1')).toBeNull();
    expect(applyTrade(undefined, { price: 5, qty: 1, timeMs: 7_000 }, '3S')?.bar.time).toBe(6);
  });

  it('reads kline/history columns into bars and merges pages without duplicates', () => {
    const bars = historyToBars({ s: 'ok', t: [120, 60], o: [2, 1], h: [3, 2], l: [1, 0.5], c: [2.5, 2], v: [10, 20] });
    expect(bars.map((b) => b.time)).toEqual([60, 120]);
    expect(historyToBars({ s: 'no_data' })).toEqual([]);
    const merged = mergeBars(bars, [{ time: 120, open: 2, high: 4, low: 1, close: 3.5, volume: 11 }, { time: 180, open: 3.5, high: 4, low: 3, close: 3.9, volume: 1 }]);
    expect(merged.map((b) => [b.time, b.close])).toEqual([
      [60, 2],
      [120, 3.5],
      [180, 3.9],
    ]);
  });
});
