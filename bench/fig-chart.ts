import type { Browser, Page } from 'playwright';
import { benchPage, sleep, waitFor } from './browser';
import { summarizeProfile, withoutIdle, type CpuProfile, type ProfileSummary } from './lib/cpuprofile';
import { FrameIndex, framesOf, READ_PROBE, type ProbeData } from './lib/frames';
import { summarize, type Summary } from './lib/stats';

export interface ChartResult {
  candles: number;
  klineJsonBytes: number;
  /** kline/history requested → the frame that drew the candles was painted */
  loadToPaintMs: number;
  /** component mounted → same paint (adds chart creation) */
  mountToPaintMs: number;
  /** the rAF callback that drew them */
  drawMs: number;
  longestTaskMs: number;
  ticks: number;
  /** one live trade: stream dispatch (JSON, schema, handler) + the frame batcher's flush (series.update ×2) */
  tickJsMs: Summary;
  tickDispatchMs: Summary;
  tickFlushMs: Summary;
  /** the chart's own redraw after the update (lightweight-charts rAF) */
  tickRedrawMs: Summary;
}

interface RafTag {
  tag: string;
  start: number;
  dur: number;
  count: number;
}

function rafTags(d: ProbeData): RafTag[] {
  const out: RafTag[] = [];
  for (let i = 0; i < d.rafTags.length; i += 4) {
    out.push({ tag: d.rafTags[i] as string, start: d.rafTags[i + 1] as number, dur: d.rafTags[i + 2] as number, count: d.rafTags[i + 3] as number });
  }
  return out;
}

/**
 * Live trades apart by more than the chart's live-bar interval (LIVE_BAR_INTERVAL_MS, 100 ms in
 * features/chart/use-candles.ts), so each one is drawn in the frame after it, in its own flush.
 */
const TICK_GAP_MS = 120;

/** `n` live trades TICK_GAP_MS apart, each tagged 'tick' (its frame-batcher flush and the chart redraw it asks for); returns each one's dispatch time. */
function runTicks(page: Page, n: number): Promise<number[]> {
  return page.evaluate(async ([count, gap]) => {
    const w = window as unknown as { __bench: { tagged: <T>(tag: string, fn: () => T) => T }; __chart: { tick: () => number } };
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      out.push(w.__bench.tagged('tick', () => w.__chart.tick()));
      await new Promise((r) => setTimeout(r, gap));
    }
    return out;
  }, [n, TICK_GAP_MS] as const);
}

/**
 * Figure 4 on bench/pages/chart.html: the app's PriceChart loading `candles` bars, then live ticks
 * (`mode: 'bare'`: the same on lightweight-charts alone, the peer).
 */
export async function chartBench(
  browser: Browser,
  pagesUrl: string,
  candles = 50_000,
  ticks = 100,
  mode: 'app' | 'bare' = 'app',
): Promise<ChartResult> {
  const bp = await benchPage(browser);
  try {
    const { page } = bp;
    await page.goto(`${pagesUrl}/bench/pages/chart.html?candles=${candles}&mode=${mode}`);
    await waitFor('chart page', () => page.evaluate(() => 'mount' in ((window as unknown as { __chart?: object }).__chart ?? {})));
    await page.evaluate(() => {
      const b = (window as unknown as { __bench: { startFrames: () => void; tagAll: string | null } }).__bench;
      b.startFrames();
      b.tagAll = 'chart';
    });
    await sleep(300);
    await page.evaluate(() => (window as unknown as { __chart: { mount: () => void } }).__chart.mount());
    // Drawn: a chart rAF callback after the kline request that filled hundreds of rects (candles + volume).
    await waitFor('candles drawn', async () => {
      const d = await page.evaluate(() => {
        const w = window as unknown as { __bench: { rafTags: (string | number)[] }; __chart: { klineRequestedAt: number | null } };
        return { tags: w.__bench.rafTags, at: w.__chart.klineRequestedAt };
      });
      if (d.at === null) return false;
      for (let i = 0; i < d.tags.length; i += 4) if (String(d.tags[i]).startsWith('chart') && (d.tags[i + 1] as number) > d.at && (d.tags[i + 3] as number) > 200) return true;
      return false;
    }, 30_000);
    await sleep(500);
    await page.evaluate(() => {
      (window as unknown as { __bench: { tagAll: string | null } }).__bench.tagAll = null;
    });
    const dispatch = await runTicks(page, ticks);
    await sleep(200);
    await page.evaluate('window.__bench.stopFrames()');
    const d = (await page.evaluate(READ_PROBE)) as ProbeData;
    const meta = await page.evaluate(() => {
      const c = (window as unknown as { __chart: { klineRequestedAt: number; mounted: number; klineBytes: number } }).__chart;
      return { requested: c.klineRequestedAt, mounted: c.mounted, bytes: c.klineBytes };
    });
    const idx = new FrameIndex(framesOf(d.frames));
    const tags = rafTags(d);
    const draw = tags.find((t) => t.tag.startsWith('chart') && t.start > meta.requested && t.count > 200);
    if (!draw) throw new Error('chart: no draw of the candles found');
    const frame = idx.frames[idx.paintedBy(draw.start + draw.dur)];
    if (!frame) throw new Error('chart: the draw frame was not recorded');
    let longest = 0;
    for (let i = 0; i < d.longTasks.length; i += 2) {
      const s = d.longTasks[i]!;
      if (s >= meta.mounted && s <= frame.post) longest = Math.max(longest, d.longTasks[i + 1]!);
    }
    const flush = tags.filter((t) => t.tag === 'tick').map((t) => t.dur);
    const redraw = tags.filter((t) => t.tag === 'tick>').map((t) => t.dur);
    // The bare peer has no frame batcher: its update is the synchronous part.
    const n = mode === 'bare' ? dispatch.length : Math.min(dispatch.length, flush.length);
    return {
      candles,
      klineJsonBytes: meta.bytes,
      loadToPaintMs: frame.post - meta.requested,
      mountToPaintMs: frame.post - meta.mounted,
      drawMs: draw.dur,
      longestTaskMs: longest,
      ticks: dispatch.length,
      tickJsMs: summarize(Array.from({ length: n }, (_, i) => dispatch[i]! + (flush[i] ?? 0))),
      tickDispatchMs: summarize(dispatch),
      tickFlushMs: summarize(flush),
      tickRedrawMs: summarize(redraw),
    };
  } finally {
    await bp.close();
  }
}

/** Where the main thread goes from mount to the drawn candles (a separate, profiled load). */
export async function chartLoadProfile(browser: Browser, pagesUrl: string, mapDir: string, candles = 50_000): Promise<ProfileSummary> {
  const bp = await benchPage(browser);
  try {
    const { page, cdp } = bp;
    await page.goto(`${pagesUrl}/bench/pages/chart.html?candles=${candles}`);
    await waitFor('chart page', () => page.evaluate(() => 'mount' in ((window as unknown as { __chart?: object }).__chart ?? {})));
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
    await page.evaluate(() => (window as unknown as { __chart: { mount: () => void } }).__chart.mount());
    await waitFor('candles drawn', () => page.evaluate(() => (window as unknown as { __chart: { fillRects: number } }).__chart.fillRects > 300), 30_000, 20);
    await sleep(100);
    const { profile } = await cdp.send('Profiler.stop');
    return withoutIdle(summarizeProfile(profile as unknown as CpuProfile, { mapDir, top: 25 }));
  } finally {
    await bp.close();
  }
}

export interface ScrollBackPage {
  bars: number;
  /** kline/history requested → the frame that drew the page was painted */
  requestToPaintMs: number;
  /** the chart's rAF callback that drew it */
  drawMs: number;
  /** setData calls (both series) the page caused, synchronous time */
  setDataMs: number;
  /** bars handed to the candle series by that setData */
  seriesBars: number;
  longestTaskMs: number;
}

export interface ScrollBackResult {
  loaded: number;
  wheels: number;
  pages: ScrollBackPage[];
  /** pages that only went into memory: the series needed no new window, nothing was drawn */
  undrawnPages: number;
  drawMs: Summary;
  requestToPaintMs: Summary;
  longestTaskMs: number;
  /** the longest setData seen (bars) — how big the series got */
  maxSeriesBars: number;
  /** live ticks with `loaded` bars in memory, scrolled back to the latest bar */
  ticks: number;
  tickJsMs: Summary;
  /** its parts: the stream's dispatch (JSON, schema, handler) and the frame batcher's flush (series.update ×2) */
  tickDispatchMs: Summary;
  tickFlushMs: Summary;
  tickRedrawMs: Summary;
}

/**
 * Figure 4, scroll-back: the app's chart opens on its first page of a `candles`-bar history
 * (`?paged=1`: kline/history answers by `to`/`countback` like the service), the trader wheels it left
 * until every bar is loaded through the app's own paging, each page timed from its request to the
 * painted frame; then a double-click on the time axis (the chart's own "back to the latest") and live
 * ticks at that length.
 */
export async function chartScrollBack(browser: Browser, pagesUrl: string, candles = 50_000, ticks = 100, indicators = false): Promise<ScrollBackResult> {
  const bp = await benchPage(browser);
  try {
    const { page } = bp;
    await page.goto(`${pagesUrl}/bench/pages/chart.html?candles=${candles}&paged=1${indicators ? '&indicators=5' : ''}`);
    await waitFor('chart page', () => page.evaluate(() => 'mount' in ((window as unknown as { __chart?: object }).__chart ?? {})));
    await page.evaluate(() => {
      const b = (window as unknown as { __bench: { startFrames: () => void; tagAll: string | null } }).__bench;
      b.startFrames();
      b.tagAll = 'chart';
    });
    await page.evaluate(() => (window as unknown as { __chart: { mount: () => void } }).__chart.mount());
    await waitFor('first page drawn', () => page.evaluate(() => (window as unknown as { __chart: { setData: number[] } }).__chart.setData.some((x, i) => i % 4 === 2 && x > 0)), 30_000);
    await sleep(300);
    const scrolled = await page.evaluate(
      ({ max }) => (window as unknown as { __chart: { scrollBack: (d: number, m: number) => Promise<{ wheels: number; loaded: number }> } }).__chart.scrollBack(-1000, max),
      { max: Math.ceil(candles / 50) },
    );
    // Back to the latest bar: a double-click on the time axis resets the time scale.
    const canvasBox = await page.getByTestId('chart-canvas').boundingBox();
    if (!canvasBox) throw new Error('chart: no canvas box');
    await page.mouse.dblclick(canvasBox.x + canvasBox.width / 2, canvasBox.y + canvasBox.height - 8);
    await sleep(800);
    await page.evaluate(() => {
      (window as unknown as { __bench: { tagAll: string | null } }).__bench.tagAll = null;
    });
    const tickStart = await page.evaluate(() => performance.now());
    const dispatch = await runTicks(page, ticks);
    await sleep(200);
    await page.evaluate('window.__bench.stopFrames()');
    const d = (await page.evaluate(READ_PROBE)) as ProbeData;
    const meta = await page.evaluate(() => {
      const c = (window as unknown as { __chart: { pages: { requestedAt: number; respondedAt: number; bars: number }[]; setData: number[] } }).__chart;
      return { pages: c.pages, setData: c.setData };
    });
    const idx = new FrameIndex(framesOf(d.frames));
    const tags = rafTags(d);
    const chartTags = tags.filter((t) => t.tag.startsWith('chart') && t.count > 0 && t.start < tickStart);
    const sets: { start: number; dur: number; bars: number }[] = [];
    for (let i = 0; i < meta.setData.length; i += 4) sets.push({ start: meta.setData[i]!, dur: meta.setData[i + 1]!, bars: meta.setData[i + 2]! });
    const pages: ScrollBackPage[] = [];
    // The first page opens the chart (figure 4's load row); the scroll-back pages are the rest.
    let undrawn = 0;
    meta.pages.forEach((p, i) => {
      if (i === 0 || p.bars === 0) return;
      // Pages come one at a time (the app asks for the next once this one is in), so what the app
      // drew between this answer and the next is this page's.
      const next = meta.pages[i + 1]?.respondedAt ?? tickStart;
      const mine = sets.filter((s) => s.start >= p.respondedAt && s.start < next && s.bars > 0);
      const lastSet = mine.at(-1);
      if (!lastSet) {
        undrawn++; // in memory only: the bars in view did not change, the series was not touched
        return;
      }
      const draw = chartTags.find((t) => t.start >= lastSet.start + lastSet.dur);
      if (!draw) return;
      const frame = idx.frames[idx.paintedBy(draw.start + draw.dur)];
      if (!frame) return;
      let longest = 0;
      for (let j = 0; j < d.longTasks.length; j += 2) {
        const s = d.longTasks[j]!;
        if (s >= p.requestedAt && s <= frame.post) longest = Math.max(longest, d.longTasks[j + 1]!);
      }
      pages.push({
        bars: p.bars,
        requestToPaintMs: frame.post - p.requestedAt,
        drawMs: draw.dur,
        setDataMs: mine.reduce((n, s) => n + s.dur, 0),
        seriesBars: mine.reduce((n, s) => Math.max(n, s.bars), 0),
        longestTaskMs: longest,
      });
    });
    const flush = tags.filter((t) => t.tag === 'tick' && t.start >= tickStart).map((t) => t.dur);
    const redraw = tags.filter((t) => t.tag === 'tick>' && t.start >= tickStart).map((t) => t.dur);
    const n = Math.min(dispatch.length, flush.length);
    return {
      loaded: scrolled.loaded,
      wheels: scrolled.wheels,
      pages,
      undrawnPages: undrawn,
      drawMs: summarize(pages.map((p) => p.drawMs)),
      requestToPaintMs: summarize(pages.map((p) => p.requestToPaintMs)),
      longestTaskMs: pages.reduce((m, p) => Math.max(m, p.longestTaskMs), 0),
      maxSeriesBars: sets.reduce((m, s) => Math.max(m, s.bars), 0),
      ticks: dispatch.length,
      tickJsMs: summarize(Array.from({ length: n }, (_, i) => dispatch[i]! + (flush[i] ?? 0))),
      tickDispatchMs: summarize(dispatch),
      tickFlushMs: summarize(flush),
      tickRedrawMs: summarize(redraw),
    };
  } finally {
    await bp.close();
  }
}
