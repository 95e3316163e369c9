import type { Bar } from './kline-buckets';

/**
 * Every loaded bar stays in memory, but the chart's series holds only a window of them: the bars in
 * view plus a margin each side. lightweight-charts' setData, its redraw and each live `update` cost
 * grow with the series' length (a 50,000-bar series took ~150 ms to draw and ~45 ms to redraw per
 * trade), so a bounded series keeps scrolling back and live trades as cheap at 50,000 loaded bars
 * as at 300. The window is contiguous: the chart never shows two bars side by side that are not
 * neighbours in the history.
 */
export interface CandleWindow {
  /** Index in the history of the series' first bar. */
  start: number;
  /** Index in the history after the series' last bar. */
  end: number;
}

/** A view in history indexes (lightweight-charts' logical range, shifted by the window's start). */
export interface HistoryView {
  from: number;
  to: number;
}

/** Bars kept each side of the view at least (a page, so a scroll of a page needs no new window). */
export const WINDOW_MARGIN_BARS = 300;

function marginFor(view: HistoryView): { span: number; margin: number } {
  const span = Math.max(0, Math.ceil(view.to - view.from));
  // Zoomed out, the trader sees more bars and scrolls by more: a margin of one screen each side.
  return { span, margin: Math.max(WINDOW_MARGIN_BARS, span) };
}

/** The window for a view of a history of `total` bars: every bar in view, and a margin each side. */
export function windowFor(total: number, view: HistoryView): CandleWindow {
  const { margin } = marginFor(view);
  const start = Math.min(total, Math.max(0, Math.floor(view.from) - margin));
  const end = Math.max(start, Math.min(total, Math.ceil(view.to) + 1 + margin));
  return { start, end };
}

/**
 * Whether the series needs a new window: the view came within half a margin of a side that has more
 * history beyond it, or the window grew (live bars, zooming in) to over twice the size it would get.
 */
export function needsNewWindow(win: CandleWindow, total: number, view: HistoryView): boolean {
  const { span, margin } = marginFor(view);
  const slack = margin / 2;
  if (win.start > 0 && view.from - win.start < slack) return true;
  if (win.end < total && win.end - view.to < slack) return true;
  return win.end - win.start > 2 * (span + 2 * margin + 1);
}

/**
 * An older page put in front of the history: only its bars older than the history's first, oldest
 * first, one per time, so the seam has neither a gap the page covers nor a duplicate bar. `added`
 * is how many came in (0: nothing older, the history is complete).
 */
export function prependPage(history: readonly Bar[], page: readonly Bar[]): { bars: Bar[]; added: number } {
  const first = history[0]?.time ?? Infinity;
  const older: Bar[] = [];
  for (const b of page) {
    if (b.time >= first) continue;
    if (older.length > 0 && older[older.length - 1]!.time >= b.time) {
      // Out of order or repeated in the page: keep time order, the later copy wins.
      if (older[older.length - 1]!.time === b.time) older[older.length - 1] = b;
      else {
        older.push(b);
        older.sort((x, y) => x.time - y.time);
      }
      continue;
    }
    older.push(b);
  }
  if (older.length === 0) return { bars: history as Bar[], added: 0 };
  return { bars: older.concat(history), added: older.length };
}

/**
 * The newest page (after a reconnect) over the history's tail: from the page's first bar on, the
 * page's bars replace what was held (they are the service's word on those buckets); older bars stay
 * where they were, so their indexes (and the window's) do not move.
 */
export function replaceTail(history: readonly Bar[], latest: readonly Bar[]): Bar[] {
  if (latest.length === 0) return history as Bar[];
  const from = latest[0]!.time;
  let keep = history.length;
  while (keep > 0 && history[keep - 1]!.time >= from) keep--;
  return history.slice(0, keep).concat(latest);
}
