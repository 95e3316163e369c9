import { describe, expect, it } from 'vitest';
import { needsNewWindow, prependPage, replaceTail, windowFor, WINDOW_MARGIN_BARS, type CandleWindow } from './candle-window';
import { applyTrade, type Bar } from './kline-buckets';

const MIN = 60;
const bar = (i: number, close = 100 + i): Bar => ({ time: i * MIN, open: close - 1, high: close + 1, low: close - 2, close, volume: 1 });
const bars = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => bar(from + k));
/** The service's page: the last `n` bars before `before` (as kline/history answers `to`/`countback`). */
const pageBefore = (all: Bar[], before: number, n: number) => {
  const older = all.filter((b) => b.time < before);
  return older.slice(Math.max(0, older.length - n));
};

describe('scrolling back: older pages in front of the history', () => {
  it('shows the older bars in order with no gap or duplicate at the page seams', () => {
    const service = bars(0, 1000);
    let history = service.slice(-300);
    for (;;) {
      // The app asks for bars up to one second before its first; a page that overlaps is trimmed.
      const page = pageBefore(service, history[0]!.time + MIN, 300);
      const { bars: next, added } = prependPage(history, page);
      if (added === 0) break;
      history = next;
    }
    expect(history.map((b) => b.time)).toEqual(service.map((b) => b.time));
  });

  it('an empty page adds nothing and says so (the history is complete)', () => {
    const history = bars(10, 20);
    expect(prependPage(history, [])).toEqual({ bars: history, added: 0 });
    expect(prependPage(history, bars(10, 12)).added).toBe(0);
  });

  it('an unsorted or repeated page still goes in oldest first, one bar per time', () => {
    const history = bars(10, 12);
    const { bars: out, added } = prependPage(history, [bar(7), bar(5), bar(7, 999), bar(6)]);
    expect(out.map((b) => b.time / MIN)).toEqual([5, 6, 7, 10, 11]);
    expect(out[2]!.close).toBe(999);
    expect(added).toBe(3);
  });

  it('the newest page after a reconnect replaces the tail and leaves older bars where they were', () => {
    const history = bars(0, 10);
    const latest = [bar(8, 500), bar(9, 501), bar(10, 502)];
    const out = replaceTail(history, latest);
    expect(out.map((b) => b.time / MIN)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(out[8]!.close).toBe(500);
    expect(out[3]).toBe(history[3]);
    expect(replaceTail(history, [])).toBe(history);
  });
});

describe('the series window', () => {
  const inWindow = (w: CandleWindow, index: number) => index >= w.start && index < w.end;

  it('holds every bar in view and a margin each side, clamped to the history', () => {
    const w = windowFor(50_000, { from: 20_000.4, to: 20_180.7 });
    for (const i of [20_000, 20_090, 20_181]) expect(inWindow(w, i)).toBe(true);
    expect(w.start).toBe(20_000 - WINDOW_MARGIN_BARS);
    expect(w.end - w.start).toBeLessThan(1_000);
    expect(windowFor(50_000, { from: -40, to: 140 })).toMatchObject({ start: 0 });
    expect(windowFor(50_000, { from: 49_900, to: 50_006 })).toMatchObject({ end: 50_000 });
    expect(windowFor(0, { from: -5, to: 100 })).toEqual({ start: 0, end: 0 });
  });

  it('never drops the bar under the crosshair: each view, however it scrolls or zooms, is inside its window', () => {
    const total = 50_000;
    let win = windowFor(total, { from: total - 180, to: total });
    let shifts = 0;
    // Scroll back to the oldest bar by 40 bars a step, zooming out half way, then forward again.
    const views: { from: number; to: number }[] = [];
    for (let right = total; right > 200; right -= 40) views.push({ from: right - (right < 25_000 ? 2_000 : 180), to: right });
    for (let right = 200; right < total; right += 55) views.push({ from: right - 180, to: right });
    for (const view of views) {
      if (needsNewWindow(win, total, view)) {
        win = windowFor(total, view);
        shifts++;
      }
      for (let i = Math.max(0, Math.floor(view.from)); i < Math.min(total, Math.ceil(view.to)); i++) {
        if (!inWindow(win, i)) throw new Error(`bar ${i} in view [${view.from}, ${view.to}] is not in [${win.start}, ${win.end})`);
      }
      expect(win.end - win.start).toBeLessThanOrEqual(2 * (2_000 + 3 * 2_000 + 1));
    }
    // A new window every few screens, not every step.
    expect(shifts).toBeLessThan(views.length / 3);
  });

  it('keeps the window while the view stays inside its margins, renews it near an edge with more history beyond', () => {
    const win = windowFor(10_000, { from: 5_000, to: 5_180 });
    expect(needsNewWindow(win, 10_000, { from: 4_900, to: 5_080 })).toBe(false);
    expect(needsNewWindow(win, 10_000, { from: win.start + 100, to: win.start + 280 })).toBe(true);
    expect(needsNewWindow(win, 10_000, { from: win.end - 280, to: win.end - 100 })).toBe(true);
    // At the oldest loaded bar there is nothing more to show: loading a page is what comes next.
    const oldest = windowFor(10_000, { from: 0, to: 180 });
    expect(needsNewWindow(oldest, 10_000, { from: -50, to: 130 })).toBe(false);
  });

  it('a live trade updates the last bar; new bars grow a window at the latest until it is renewed', () => {
    let history = bars(0, 1_000);
    let win = windowFor(history.length, { from: 820, to: 1_000 });
    expect(win.end).toBe(history.length);
    const t0 = history.at(-1)!.time;
    const r = applyTrade(history.at(-1), { price: 2_000, qty: 0.5, timeMs: (t0 + 30) * 1000 }, '1');
    expect(r).toMatchObject({ isNew: false, bar: { time: t0, high: 2_000, close: 2_000, volume: 1.5 } });
    history = [...history.slice(0, -1), r!.bar];
    expect(history).toHaveLength(1_000);
    // A day of new minutes at the latest: the window follows and is renewed now and then.
    let renewals = 0;
    for (let i = 1; i <= 1_440; i++) {
      history.push(bar(999 + i));
      if (win.end === history.length - 1) win = { ...win, end: history.length };
      const view = { from: history.length - 180, to: history.length };
      if (needsNewWindow(win, history.length, view)) {
        win = windowFor(history.length, view);
        renewals++;
      }
      expect(win.end).toBe(history.length);
    }
    expect(renewals).toBeGreaterThan(0);
    expect(renewals).toBeLessThan(10);
  });
});
