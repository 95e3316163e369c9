import { bb, ema, macd, rsi, sma } from 'indicatorts';
import { describe, expect, it } from 'vitest';
import type { Bar } from '../kline-buckets';
import { paramProblem, warmUpBars, type IndicatorKind } from '../../../lib/indicator-catalog';
import { IndicatorHistory, type IndicatorLines } from './indicator-run';

/** A seeded random walk of `n` one-minute bars. */
function walk(n: number, seed = 7): Bar[] {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  let p = 100;
  return Array.from({ length: n }, (_, i) => {
    p *= 1 + (rnd() - 0.5) * 0.02;
    return { time: 1_700_000_000 + i * 60, open: p, high: p * 1.004, low: p * 0.996, close: p, volume: 1 + rnd() * 10 };
  });
}

function history(kind: IndicatorKind, params: number[], bars: readonly Bar[]): (IndicatorLines | null)[] {
  const h = new IndicatorHistory(kind, params);
  h.rebuild(bars);
  return h.values;
}

const line = (values: (IndicatorLines | null)[], key: string) => values.map((v) => v?.[key] ?? null);

/**
 * No value before the warm-up, one at every bar after it, and from bar `from` on each within 1e-9
 * (relative) of the reference aligned at the end. `from` lets a seed wash out where the two libraries
 * seed a smoothing differently (RSI's first average, MACD's signal line): they agree after that.
 */
function expectSameTail(ours: (number | null)[], reference: number[], warmUp: number, from = warmUp - 1) {
  expect(ours.slice(0, warmUp - 1).every((v) => v === null)).toBe(true);
  expect(ours.slice(warmUp - 1).every((v) => v !== null)).toBe(true);
  const tail = ours.slice(from);
  const ref = reference.slice(reference.length - tail.length);
  tail.forEach((v, i) => expect(Math.abs(v! - ref[i]!)).toBeLessThanOrEqual(1e-9 * Math.abs(ref[i]!) + 1e-12));
}

describe('indicators against a second library (indicatorts)', () => {
  const bars = walk(600);
  const closes = bars.map((b) => b.close);

  it('MA 20 and EMA 21', () => {
    expectSameTail(line(history('ma', [20], bars), 'value'), sma(closes, { period: 20 }), warmUpBars('ma', [20]));
    expectSameTail(line(history('ema', [21], bars), 'value'), ema(closes, { period: 21 }), warmUpBars('ema', [21]));
  });

  it('Bollinger Bands 20, 2', () => {
    const ours = history('bb', [20, 2], bars);
    const ref = bb(closes, { period: 20 });
    for (const key of ['upper', 'middle', 'lower'] as const) expectSameTail(line(ours, key), ref[key], warmUpBars('bb', [20, 2]));
  });

  it('RSI 14 (Wilder)', () => {
    expectSameTail(line(history('rsi', [14], bars), 'value'), rsi(closes, { period: 14 }), warmUpBars('rsi', [14]), 300);
  });

  it('MACD 12, 26, 9', () => {
    const ours = history('macd', [12, 26, 9], bars);
    const ref = macd(closes, { fast: 12, slow: 26, signal: 9 });
    const warm = warmUpBars('macd', [12, 26, 9]);
    expectSameTail(line(ours, 'macd'), ref.macdLine, warm, 300);
    expectSameTail(line(ours, 'signal'), ref.signalLine, warm, 300);
    expectSameTail(
      line(ours, 'histogram'),
      ref.macdLine.map((m, i) => m - ref.signalLine[i]!),
      warm,
      300,
    );
  });
});

describe('VWAP, anchored at each UTC day', () => {
  it('is Σ typical price × volume ÷ Σ volume since the day began, and starts again the next day', () => {
    const day = 1_700_006_400; // a UTC midnight
    const bar = (time: number, high: number, low: number, close: number, volume: number): Bar => ({ time, open: close, high, low, close, volume });
    const values = line(
      history('vwap', [], [
        bar(day - 60, 200, 200, 200, 5), // the previous day
        bar(day, 12, 9, 9, 2), // typical (12 + 9 + 9) / 3 = 10
        bar(day + 60, 22, 19, 19, 3), // typical 20: (10·2 + 20·3) / 5 = 16
        bar(day + 120, 30, 30, 30, 0), // no volume: unchanged
      ]),
      'value',
    );
    expect(values).toEqual([200, 10, 16, 16]);
  });
});

describe('live ticks', () => {
  // A live trade replaces the current bar; a new bucket appends one. 10,000 of them, mixed, must
  // leave every indicator where a computation over the final bars puts it.
  it.each<[IndicatorKind, number[]]>([
    ['ma', [20]],
    ['ema', [21]],
    ['bb', [20, 2]],
    ['vwap', []],
    ['rsi', [14]],
    ['macd', [12, 26, 9]],
    ['volume', [20]],
  ])('%s: 10,000 random ticks give what a full recomputation gives', (kind, params) => {
    const bars = walk(300, 11);
    const live = new IndicatorHistory(kind, params);
    live.rebuild(bars.slice(0, 100));
    const final = bars.slice(0, 100);
    let s = 5;
    const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
    let next = 100;
    for (let i = 0; i < 10_000; i++) {
      const last = final[final.length - 1]!;
      if (rnd() < 0.02 && next < bars.length) {
        const fresh = { ...bars[next++]!, time: last.time + 60 };
        final.push(fresh);
        live.tick(fresh);
      } else {
        const price = last.close * (1 + (rnd() - 0.5) * 0.002);
        const changed = { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price), volume: last.volume + rnd() };
        final[final.length - 1] = changed;
        live.tick(changed);
      }
    }
    const full = history(kind, params, final);
    expect(live.values).toHaveLength(full.length);
    live.values.forEach((v, i) => {
      const f = full[i];
      if (!f) return expect(v).toBeNull();
      for (const key of Object.keys(f)) expect(Math.abs(v![key]! - f[key]!)).toBeLessThanOrEqual(1e-9 * Math.abs(f[key]!) + 1e-9);
      expect(Object.keys(v!).sort()).toEqual(Object.keys(f).sort());
    });
  });

  it('refuses a bar older than the last one (the caller rebuilds instead)', () => {
    const h = new IndicatorHistory('ema', [3]);
    h.rebuild(walk(5));
    expect(() => h.tick(walk(1)[0]!)).toThrow(/before the last/);
  });
});

describe('parameters', () => {
  it('takes lengths as whole numbers within bounds, deviations to one decimal, MACD fast below slow', () => {
    expect(paramProblem('ema', 0, 21, [21])).toBeNull();
    expect(paramProblem('ema', 0, 2.5, [2.5])).toEqual({ code: 'not-whole' });
    expect(paramProblem('ema', 0, 0, [0])).toEqual({ code: 'below-min', min: 1 });
    expect(paramProblem('rsi', 0, 501, [501])).toEqual({ code: 'above-max', max: 500 });
    expect(paramProblem('bb', 1, 2.5, [20, 2.5])).toBeNull();
    expect(paramProblem('bb', 1, 2.55, [20, 2.55])).toEqual({ code: 'one-decimal' });
    expect(paramProblem('macd', 1, 12, [12, 12, 9])).toEqual({ code: 'fast-not-below-slow' });
  });
});
