// Cumulative PnL over a window: realized pnl − fees (settlement asset) + funding, summed event by event,
// starting at 0 at the window's start and ending with today's unrealized PnL added as the last point.
// Every window reads the ledger's one cumulative series in place (a window's curve is that series
// minus its value at the window's start; thinning and drawdown do not change under such a shift).
import { DrawdownTracker, type DrawdownUnits } from './drawdown';
import { downsampleRange, MAX_DRAWN_POINTS } from './downsample';
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

/** First index with at > t (binary search on the time-ordered times). */
export function firstAfter(at: readonly number[], t: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid]! > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Window start = now − length (24 h, 7 d, 30 d), events strictly after it; "all" from the first event. */
export function windowSpan(ledger: Ledger, window: PnlWindow, now: number): WindowSpan {
  if (window === 'all') return { window, start: ledger.at[0] ?? now, end: now, first: 0, base: 0n };
  const start = now - WINDOW_MS[window];
  const first = firstAfter(ledger.at, start);
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

/** The window's last cumulative value (base when it has no event) and the time of its last point. */
function endOf(ledger: Ledger, span: WindowSpan): { last: bigint; endAt: number } {
  const n = ledger.at.length;
  return n > span.first ? { last: ledger.cumulative[n - 1]!, endAt: Math.max(span.end, ledger.at[n - 1]!) } : { last: span.base, endAt: Math.max(span.end, span.start) };
}

/** Points: (start, 0); each event's cumulative − base, thinned; (now, realized + unrealized). */
export function pnlCurve(ledger: Ledger, span: WindowSpan, unrealized: bigint, maxPoints = MAX_DRAWN_POINTS): PnlCurve {
  const s = ledger.scale;
  const n = ledger.at.length;
  const rel = (v: bigint) => fromUnits(span.base === 0n ? v : v - span.base, s);
  const { last, endAt } = endOf(ledger, span);
  const kept = downsampleRange(ledger.at, ledger.cumulative, span.first, n, maxPoints - 2);
  const withUnrealized = rel(last + unrealized);
  return {
    points: [{ at: span.start, value: '0' }, ...kept.map((i) => ({ at: ledger.at[i]!, value: rel(ledger.cumulative[i]!) })), { at: endAt, value: withUnrealized }],
    fullLength: n - span.first + 2,
    realized: rel(last),
    withUnrealized,
  };
}

/** Max drawdown of the window's curve as drawn: from 0 at the start, the unrealized last point included. */
export function windowDrawdown(ledger: Ledger, span: WindowSpan, unrealized: bigint): DrawdownUnits {
  const t = new DrawdownTracker(span.start, span.base);
  for (let i = span.first; i < ledger.at.length; i++) t.see(ledger.at[i]!, ledger.cumulative[i]!);
  const { last, endAt } = endOf(ledger, span);
  if (unrealized !== 0n) t.see(endAt, last + unrealized);
  return t.result();
}
