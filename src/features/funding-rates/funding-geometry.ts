import type { FundingRate } from '../../api/schemas';
import { dec } from '../../lib/decimal';

export interface Plot {
  width: number;
  height: number;
  /** Space for the axis labels: left (rates), bottom (days). */
  left: number;
  bottom: number;
  /** Room inside the plot on each side, so the first and last bars stand clear of its edges. */
  inset: number;
}

export interface RatePoint {
  time: number;
  /** The exact rate as sent (a fraction: "0.0000125" = 0.00125 %). */
  rate: string;
  x: number;
  y: number;
}

export interface FundingGeometry {
  points: RatePoint[];
  /** Where 0 % sits. */
  zeroY: number;
  /** Rate labels (fractions) and their y. */
  yTicks: { rate: number; y: number }[];
  /** Time labels and their x: local midnights over days, else five even times. */
  xTicks: { time: number; x: number; days: boolean }[];
  /** The plotted span is under an hour: times need seconds to differ. */
  shortSpan: boolean;
}

const DAY = 86_400_000;

/**
 * Where each settlement sits: x by time over the settlements' own span (the asked [start, end] with
 * fewer than two, so a young market is not a sliver at the edge), y by rate over a range that always holds
 * 0 % (so a sign change is seen at a glance), padded a tenth. Drawing only: the positions are
 * floats; the labels read the exact rate.
 */
export function fundingGeometry(rates: readonly FundingRate[], start: number, end: number, p: Plot): FundingGeometry {
  const values = rates.map((r) => dec(r.funding_rate).toNumber());
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const pad = (hi - lo) / 10 || 0.0001;
  const min = lo - pad;
  const max = hi + pad;
  const plotW = Math.max(1, p.width - p.left - 2 * p.inset);
  const plotH = Math.max(1, p.height - p.bottom - 2 * p.inset);
  const times = rates.map((r) => Date.parse(r.time));
  const from = times.length >= 2 ? Math.min(...times) : start;
  const to = times.length >= 2 ? Math.max(...times) : end;
  const xOf = (t: number) => p.left + p.inset + ((t - from) / Math.max(1, to - from)) * plotW;
  const yOf = (v: number) => p.inset + ((max - v) / (max - min)) * plotH;
  const points = [...rates]
    .map((r) => ({ time: Date.parse(r.time), rate: r.funding_rate }))
    .sort((a, b) => a.time - b.time)
    .map((r) => ({ ...r, x: xOf(r.time), y: yOf(dec(r.rate).toNumber()) }));
  // The highest, 0 % and the lowest rate, each once.
  const yTicks = [...new Set([hi, 0, lo])].map((rate) => ({ rate, y: yOf(rate) }));
  const xTicks: { time: number; x: number; days: boolean }[] = [];
  if (to - from >= 2 * DAY) {
    const first = new Date(from);
    for (let d = new Date(first.getFullYear(), first.getMonth(), first.getDate() + 1).getTime(); d <= to; d += DAY) {
      xTicks.push({ time: d, x: xOf(d), days: true });
    }
  } else {
    for (let i = 0; i <= 4; i++) {
      const t = from + ((to - from) * i) / 4;
      xTicks.push({ time: t, x: xOf(t), days: false });
    }
  }
  return { points, zeroY: yOf(0), yTicks, xTicks, shortSpan: to - from < 3_600_000 };
}

/** The point nearest to x (the hovered settlement), or null with none. */
export function nearestPoint(points: readonly RatePoint[], x: number): RatePoint | null {
  let best: RatePoint | null = null;
  for (const pt of points) if (best === null || Math.abs(pt.x - x) < Math.abs(best.x - x)) best = pt;
  return best;
}

/** A rate as a trader reads it: percent at 4 decimals, signed ("+0.0013 %"). Rate × 100, exact. */
export function ratePercent(rate: string | number): string {
  const pct = dec(typeof rate === 'number' ? rate.toFixed(12) : rate).mul(100);
  return `${pct.gt(0) ? '+' : ''}${pct.toFixed(4)}%`;
}
