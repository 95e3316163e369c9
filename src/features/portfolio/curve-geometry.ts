import type { CurvePoint } from '../../lib/portfolio/pnl-curve';

export type { CurvePoint };

export interface Plot {
  width: number;
  height: number;
  /** Room for the axis labels: values on the left, times at the bottom, half a label at the top. */
  left: number;
  bottom: number;
  top: number;
}

export interface CurveScale {
  from: number;
  to: number;
  low: number;
  high: number;
}

/**
 * The time and value span of a curve, padded 5 % so the extremes do not touch the frame. With
 * `withZero` (a PnL) the span always includes 0, the break-even line; without (an account value) it
 * fits the values, so a 10 DUSD move on 50,000 is still seen. A flat curve gets a span of 1 around it.
 */
export function curveScale(points: readonly CurvePoint[], withZero = true): CurveScale {
  if (points.length === 0) return { from: 0, to: 1, low: -1, high: 1 };
  let low = withZero ? 0 : Infinity;
  let high = withZero ? 0 : -Infinity;
  for (const p of points) {
    const v = Number(p.value);
    if (v < low) low = v;
    if (v > high) high = v;
  }
  const pad = (high - low) * 0.05 || 1;
  const from = points[0]!.at;
  const to = points[points.length - 1]!.at;
  const span = { from, to: to > from ? to : from + 1 };
  if (!withZero) return { ...span, low: low - pad, high: high + pad };
  return { ...span, low: low - (low < 0 ? pad : 0), high: high + (high > 0 || low === 0 ? pad : 0) };
}

export function xOf(s: CurveScale, plot: Plot, t: number): number {
  return plot.left + ((t - s.from) / (s.to - s.from)) * (plot.width - plot.left);
}

export function yOf(s: CurveScale, plot: Plot, value: number): number {
  return plot.top + ((s.high - value) / (s.high - s.low)) * (plot.height - plot.bottom - plot.top);
}

/** The SVG path of the curve as steps: a value holds until the next event changes it. */
export function stepPath(points: readonly CurvePoint[], s: CurveScale, plot: Plot): string {
  if (points.length === 0) return '';
  let d = '';
  let lastY = 0;
  points.forEach((p, i) => {
    const x = xOf(s, plot, p.at).toFixed(1);
    const y = yOf(s, plot, Number(p.value)).toFixed(1);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- SVG path data
    d += i === 0 ? `M${x},${y}` : `H${x}V${y}`;
    lastY = Number(y);
  });
  return `${d}H${plot.width.toFixed(1)}V${lastY.toFixed(1)}`;
}

/** The index of the last point at or before `t` (the value in force then); -1 before the first. */
export function pointAt(points: readonly CurvePoint[], t: number): number {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.at <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
