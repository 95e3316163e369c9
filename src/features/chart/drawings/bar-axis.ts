import { MismatchDirection, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';

/**
 * The chart's bars by index (lightweight-charts' logical index): what a drawing's bar times are
 * placed by. A drawing may start before the loaded history or end after the last bar (a trend line
 * into the future): there the bars are counted on at the resolution's length.
 */
export interface BarIndex {
  /** The index of the bar at `time`, or of the nearest bar; null with no bars. */
  nearest(time: number): number | null;
  /** The bar time at an index; null outside the bars. */
  timeAt(index: number): number | null;
  /** The last bar's index; null with no bars. */
  last(): number | null;
  /** One bar's nominal length, seconds. */
  interval: number;
}

/** A bar time as a (fractional) logical index: between two bars in proportion, past either end by the interval. */
export function timeToLogical(time: number, bars: BarIndex): number | null {
  const i = bars.nearest(time);
  if (i === null) return null;
  const ti = bars.timeAt(i);
  if (ti === null) return null;
  if (ti === time) return i;
  const j = time > ti ? i + 1 : i - 1;
  const tj = bars.timeAt(j);
  if (tj === null || tj === ti) return i + (time - ti) / bars.interval;
  return i + ((time - ti) / (tj - ti)) * (j - i);
}

/** The bar time at a logical index (rounded to a whole bar), counted on past the ends. */
export function logicalToTime(logical: number, bars: BarIndex): number | null {
  const n = Math.round(logical);
  const at = bars.timeAt(n);
  if (at !== null) return at;
  if (n < 0) {
    const first = bars.timeAt(0);
    return first === null ? null : first + n * bars.interval;
  }
  const last = bars.last();
  const lastTime = last === null ? null : bars.timeAt(last);
  return last === null || lastTime === null ? null : lastTime + (n - last) * bars.interval;
}

/** A bar time moved by whole bars (a nudge): through the chart's bars where it has them. */
export function shiftBars(time: number, by: number, bars: BarIndex): number {
  const l = timeToLogical(time, bars);
  if (l === null) return time + by * bars.interval;
  return logicalToTime(Math.round(l) + by, bars) ?? time + by * bars.interval;
}

/** Whole bars from one time to another. */
export function barsFromTo(from: number, to: number, bars: BarIndex): number {
  const a = timeToLogical(from, bars);
  const b = timeToLogical(to, bars);
  return a === null || b === null ? Math.round((to - from) / bars.interval) : Math.round(b - a);
}

/** The chart's bars, read through the candles (the series every bar time has). */
export function chartBars(chart: IChartApi, candles: ISeriesApi<'Candlestick'>, interval: () => number): BarIndex {
  const timeAt = (index: number): number | null => {
    if (index < 0) return null;
    const bar = candles.dataByIndex(index);
    return bar ? (bar.time as number) : null;
  };
  return {
    nearest: (time) => chart.timeScale().timeToIndex(time as UTCTimestamp, true) as number | null,
    timeAt,
    last: () => {
      const bar = candles.dataByIndex(Number.MAX_SAFE_INTEGER, MismatchDirection.NearestLeft);
      return bar ? (chart.timeScale().timeToIndex(bar.time, false) as number | null) : null;
    },
    get interval() {
      return interval();
    },
  };
}
