// Cumulative PnL over a window: realized pnl − fees (settlement asset) + funding, summed event by event,
// starting at 0 at the window's start and ending with today's unrealized PnL added as the last point.
import { downsampleIndices, MAX_DRAWN_POINTS } from './downsample';
import { fromUnits } from './exact-amount';
import type { Ledger } from './ledger';
import { WINDOW_MS, type PnlWindow } from './portfolio-input';

/** A point to draw: epoch ms and the exact value (the view turns it into a coordinate). */
export interface CurvePoint {
  at: number;
  value: string;
}

/** The slice of the ledger a window covers: events[first..] with at > start ("all": every event). */
export interface WindowSpan {
  window: PnlWindow;
  /** Epoch ms the curve starts at (for "all": the first event's time, or now when there is none). */
  start: number;
  end: number;
  first: number;
  /** Cumulative PnL of everything before the window (the curve subtracts it to start at 0). */
  base: bigint;
}

/** First index with at > t (binary search on the time-ordered events). */
function firstAfter(ledger: Ledger, t: number): number {
  let lo = 0;
  let hi = ledger.events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ledger.events[mid]!.at > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Window start = now − length (24 h, 7 d, 30 d), events strictly after it; "all" from the first event. */
export function windowSpan(ledger: Ledger, window: PnlWindow, now: number): WindowSpan {
  if (window === 'all') return { window, start: ledger.events[0]?.at ?? now, end: now, first: 0, base: 0n };
  const start = now - WINDOW_MS[window];
  const first = firstAfter(ledger, start);
  return { window, start, end: now, first, base: first > 0 ? ledger.cumulative[first - 1]! : 0n };
}

export interface PnlCurve {
  /** Points to draw (≤ ~2,000): (start, 0), the events' cumulative PnL, and (end, realized + unrealized). */
  points: CurvePoint[];
  /** How many points the whole curve has before thinning. */
  fullLength: number;
  /** Realized end of the window: Σ(pnl − fees + funding) of its events. */
  realized: string;
  /** The last point: realized + unrealized PnL now. */
  withUnrealized: string;
}

/** The window's full series in units: at[0] = start with 0, then each event, then now with upnl added. */
export function pnlSeries(ledger: Ledger, span: WindowSpan, unrealized: bigint): PnlSeries {
  const n = ledger.events.length - span.first;
  const at = new Array<number>(n + 2);
  const values = new Array<bigint>(n + 2);
  at[0] = span.start;
  values[0] = 0n;
  for (let i = 0; i < n; i++) {
    at[i + 1] = ledger.events[span.first + i]!.at;
    const c = ledger.cumulative[span.first + i]!;
    values[i + 1] = span.base === 0n ? c : c - span.base;
  }
  at[n + 1] = Math.max(span.end, at[n]!);
  values[n + 1] = values[n]! + unrealized;
  return { at, values };
}

export interface PnlSeries {
  at: number[];
  values: bigint[];
}

export function pnlCurve(ledger: Ledger, span: WindowSpan, unrealized: bigint, maxPoints = MAX_DRAWN_POINTS): PnlCurve {
  return pnlCurveOf(pnlSeries(ledger, span, unrealized), ledger.scale, maxPoints);
}

/** The curve to draw from a window's full series (pnlSeries). */
export function pnlCurveOf({ at, values }: PnlSeries, s: number, maxPoints = MAX_DRAWN_POINTS): PnlCurve {
  const keep = downsampleIndices(at, values, maxPoints);
  return {
    points: keep.map((i) => ({ at: at[i]!, value: fromUnits(values[i]!, s) })),
    fullLength: values.length,
    realized: fromUnits(values[values.length - 2]!, s),
    withUnrealized: fromUnits(values[values.length - 1]!, s),
  };
}
