import type { Browser } from 'playwright';
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
    const dispatch = await page.evaluate(async (n) => {
      const w = window as unknown as { __bench: { tagged: <T>(tag: string, fn: () => T) => T }; __chart: { tick: () => number } };
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        out.push(w.__bench.tagged('tick', () => w.__chart.tick()));
        await new Promise((r) => setTimeout(r, 40));
      }
      return out;
    }, ticks);
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
