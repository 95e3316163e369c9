import { BollingerBands, EMA, MACD, RSI, SMA, VWAP } from 'trading-signals';
import type { Bar } from '../kline-buckets';
import type { IndicatorKind } from '../../../lib/indicator-catalog';

/** An indicator's values at one bar, by line (INDICATOR_KINDS' lines); a line still warming up is absent. */
export type IndicatorLines = Readonly<Record<string, number>>;

/**
 * An indicator fed bar by bar: `next(bar, false)` for a new bar, `next(bar, true)` when the last bar
 * changed (a live trade in the current candle). Each call is O(1) in the history's length: the
 * libraries keep running sums or a window of the indicator's own length, never the history.
 */
export interface IndicatorRun {
  next(bar: Bar, replace: boolean): IndicatorLines | null;
}

/** Chart prices and volumes are JSON numbers (spec §2.14): drawn, never summed into money. */
function one(key: string, v: number | null | undefined): IndicatorLines | null {
  return v === null || v === undefined || !Number.isFinite(v) ? null : { [key]: v };
}

const UTC_DAY = 86_400;

/** VWAP anchored at each UTC day's first bar: Σ typical price × volume ÷ Σ volume since then. */
function sessionVwap(): IndicatorRun {
  let day = Number.NaN;
  let vwap = new VWAP();
  let last: number | null = null;
  return {
    next(bar, replace) {
      const barDay = Math.floor(bar.time / UTC_DAY);
      if (!replace && barDay !== day) {
        day = barDay;
        vwap = new VWAP();
        last = null;
      }
      // A bar without volume leaves the average where it was (the library answers null).
      const v = vwap.update({ high: bar.high, low: bar.low, close: bar.close, volume: bar.volume }, replace && last !== null);
      if (v !== null) last = v;
      else if (replace) last = vwap.getResult();
      return one('value', last);
    },
  };
}

function volumeWithAverage(length: number): IndicatorRun {
  const sma = new SMA(length);
  return {
    next(bar, replace): IndicatorLines {
      const ma = sma.update(bar.volume, replace);
      return ma === null ? { volume: bar.volume } : { volume: bar.volume, ma };
    },
  };
}

/** A new run of `kind` with `params` (INDICATOR_KINDS order, already checked by paramProblem). */
export function startIndicator(kind: IndicatorKind, params: readonly number[]): IndicatorRun {
  const [a = 1, b = 1, c = 1] = params;
  switch (kind) {
    case 'ma': {
      const sma = new SMA(a);
      return { next: (bar, replace) => one('value', sma.update(bar.close, replace)) };
    }
    case 'ema': {
      const ema = new EMA(a);
      // The library answers from the first bar on; the first `length` bars are its seed, not a value.
      let count = 0;
      return {
        next(bar, replace) {
          if (!replace) count += 1;
          const v = ema.update(bar.close, replace);
          return count >= a ? one('value', v) : null;
        },
      };
    }
    case 'bb': {
      const bands = new BollingerBands(a, b);
      return {
        next(bar, replace) {
          const r = bands.update(bar.close, replace);
          return r ? { upper: r.upper, middle: r.middle, lower: r.lower } : null;
        },
      };
    }
    case 'vwap':
      return sessionVwap();
    case 'rsi': {
      const rsi = new RSI(a);
      return { next: (bar, replace) => one('value', rsi.update(bar.close, replace)) };
    }
    case 'macd': {
      const macd = new MACD(new EMA(a), new EMA(b), new EMA(c));
      let count = 0;
      return {
        next(bar, replace) {
          if (!replace) count += 1;
          const r = macd.update(bar.close, replace);
          // The signal line is an EMA of MACD: a value once it has had `signal` MACD values.
          return r && count >= b + c - 1 ? { macd: r.macd, signal: r.signal, histogram: r.histogram } : null;
        },
      };
    }
    case 'volume':
      return volumeWithAverage(a);
  }
}

/**
 * An indicator over a whole history, kept up to date by live bars: `values[i]` is its value at
 * `bars[i]`. Loading (or scrolling back) computes it once over the history; a live trade then costs
 * one `next` (tick), never a recomputation.
 */
export class IndicatorHistory {
  readonly values: (IndicatorLines | null)[] = [];
  private run: IndicatorRun;
  private lastTime = Number.NEGATIVE_INFINITY;

  constructor(
    readonly kind: IndicatorKind,
    readonly params: readonly number[],
  ) {
    this.run = startIndicator(kind, params);
  }

  /** The whole history again (a new market, a new resolution, older bars loaded in front). */
  rebuild(bars: readonly Bar[]): void {
    this.run = startIndicator(this.kind, this.params);
    this.values.length = 0;
    this.lastTime = Number.NEGATIVE_INFINITY;
    for (const bar of bars) this.tick(bar);
  }

  /** A live bar: the last one changed (same time) or a new one after it. */
  tick(bar: Bar): IndicatorLines | null {
    const replace = bar.time === this.lastTime;
    if (bar.time < this.lastTime) throw new Error(`bar ${bar.time} is before the last (${this.lastTime})`);
    const v = this.run.next(bar, replace);
    if (replace) this.values[this.values.length - 1] = v;
    else this.values.push(v);
    this.lastTime = bar.time;
    return v;
  }
}
