// The summary as it crosses from the worker to the page, and as it is kept for the next visit: each
// curve's points packed in two columns — the times in a Float64Array (copied whole by postMessage)
// and the decimal values joined in one string — instead of ~16,000 small objects. The page read the
// objects back in ~43 ms (716 KB, bench figure 8); the packed form is a few copies. Values stay the
// exact decimal strings (money is never a float); unpacking makes the points again (~16,000 objects
// built, not parsed: a few ms).
import type { AccountValueCurve } from './account-value';
import { PNL_WINDOWS, type PnlWindow } from './portfolio-input';
import type { CurvePoint, PnlCurve } from './pnl-curve';
import type { PortfolioSummary, WindowSummary } from './portfolio-summary';

export interface PackedPoints {
  at: Float64Array;
  /** The values, joined by ',' (a decimal string holds no comma). */
  values: string;
}

export type WireWindow = Omit<WindowSummary, 'pnl' | 'value'> & {
  pnl: Omit<PnlCurve, 'points'> & { points: PackedPoints };
  value: Omit<AccountValueCurve, 'points'> & { points: PackedPoints };
};

export type WireSummary = Omit<PortfolioSummary, 'windows'> & { windows: Record<PnlWindow, WireWindow> };

export function packPoints(points: readonly CurvePoint[]): PackedPoints {
  const at = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) at[i] = points[i]!.at;
  return { at, values: points.map((p) => p.value).join(',') };
}

export function unpackPoints(p: PackedPoints): CurvePoint[] {
  if (p.at.length === 0) return [];
  const values = p.values.split(',');
  const out = new Array<CurvePoint>(p.at.length);
  for (let i = 0; i < p.at.length; i++) out[i] = { at: p.at[i]!, value: values[i]! };
  return out;
}

export function packSummary(s: PortfolioSummary): WireSummary {
  const windows = {} as Record<PnlWindow, WireWindow>;
  for (const w of PNL_WINDOWS) {
    const x = s.windows[w];
    windows[w] = { ...x, pnl: { ...x.pnl, points: packPoints(x.pnl.points) }, value: { ...x.value, points: packPoints(x.value.points) } };
  }
  return { ...s, windows };
}

export function unpackSummary(s: WireSummary): PortfolioSummary {
  const windows = {} as Record<PnlWindow, WindowSummary>;
  for (const w of PNL_WINDOWS) {
    const x = s.windows[w];
    windows[w] = { ...x, pnl: { ...x.pnl, points: unpackPoints(x.pnl.points) }, value: { ...x.value, points: unpackPoints(x.value.points) } };
  }
  return { ...s, windows };
}

/** Enough of the packed shape to unpack it (a damaged kept record is not shown). */
export function isWireSummary(s: unknown): s is WireSummary {
  if (typeof s !== 'object' || s === null) return false;
  const x = s as Partial<WireSummary>;
  const packed = (p: unknown) => typeof p === 'object' && p !== null && (p as PackedPoints).at instanceof Float64Array && typeof (p as PackedPoints).values === 'string';
  return (
    typeof x.now === 'number' &&
    typeof x.unrealizedPnl === 'string' &&
    typeof x.windows === 'object' &&
    x.windows !== null &&
    PNL_WINDOWS.every((w) => typeof x.windows?.[w]?.totals === 'object' && packed(x.windows[w].pnl?.points) && packed(x.windows[w].value?.points))
  );
}
