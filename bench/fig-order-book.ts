import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright';
import { benchPage, pageNow, sleep, waitFor, type BenchPage } from './browser';
import { summarizeProfile, withoutIdle, type CpuProfile, type ProfileSummary } from './lib/cpuprofile';
import { FrameIndex, framesOf, READ_PROBE, updateLatency, type ProbeData } from './lib/frames';
import { summarize, type Summary } from './lib/stats';
import type { StormServer, StormStats } from './storm-server';

export interface StormRun {
  kind: 'app' | 'naive';
  rowsPerSide: number;
  storm: StormStats;
  wallSeconds: number;
  depth: ChannelResult;
  trades: ChannelResult;
  /** Main-thread time in % of wall time (CDP Performance.getMetrics deltas). */
  scriptingPct: number;
  taskPct: number;
  layoutPct: number;
  styleRecalcPct: number;
  longTasks: { count: number; maxMs: number; totalMs: number };
  /** JS heap after a forced GC, after the storm minus before it (MB). */
  heapGrowthMB: number;
  heapBeforeMB: number;
  framesPerSec: number;
  /** The page's workers at the end (the app's market worker: api/stream/market-worker.ts). */
  workers: string[];
  /** Where the market-stream socket lived, and which side stamped its messages (all of the page's life). */
  marketSocket: MarketSocket;
  /**
   * A frame's own cost, its rAF → the first task after its paint: under the storm, and in the quiet
   * after it (the floor: nothing changes on screen). A message is painted at best this long after the
   * next frame starts, so the p99 of msg→paint is about one frame interval plus this.
   */
  frameCost: { stormMs: Summary; quietMs: Summary };
  /**
   * CPU time of the page's renderer threads during the measured storm, ms per second of storm (Linux
   * /proc; null elsewhere). Time the thread ran, not wall time: on a box busy with other work a
   * thread waiting for a core counts here as nothing, where it swells the wall-time figures above.
   */
  threadCpu: ThreadCpu | null;
  /** The app only: typing in the order form's size field during a further storm (key → painted). */
  typing?: TypingResult;
  profile?: ProfileSummary;
}

export interface ThreadCpu {
  /** The renderer's main thread (the page's scripts, style, layout, paint). */
  mainMsPerS: number;
  /** Dedicated workers (the app's market worker). */
  workerMsPerS: number;
  compositorMsPerS: number;
  /** Every renderer thread, those above included. */
  allMsPerS: number;
}

/** This browser's renderer processes (not another browser's on the same box). */
async function rendererPids(browser: Browser): Promise<string[]> {
  try {
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    await cdp.detach();
    return processInfo.filter((p) => p.type === 'renderer').map((p) => String(p.id));
  } catch {
    return [];
  }
}

/** CPU ticks (1/100 s) per thread of `pids`, by process, thread and the thread's name; null without /proc. */
function rendererTicks(pids: string[]): Map<string, number> | null {
  if (pids.length === 0) return null;
  const ticks = new Map<string, number>();
  for (const pid of pids) {
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks.set(`${pid}/${tid}/${name}`, Number(f[11]) + Number(f[12]));
      } catch {
        // the thread ended
      }
    }
  }
  return ticks;
}

/**
 * Between two readings, per kind of thread, in ms per second of `seconds`. Only one page is open at
 * a time, so the renderers' threads are that page's (an idle spare renderer adds next to nothing).
 */
function threadCpu(before: Map<string, number> | null, after: Map<string, number> | null, seconds: number): ThreadCpu | null {
  if (!before || !after || before.size === 0) return null;
  const ms = (match: (name: string, tid: string, pid: string) => boolean) => {
    let ticks = 0;
    for (const [key, t] of after) {
      const [pid, tid, name] = key.split('/') as [string, string, string];
      if (match(name, tid, pid)) ticks += t - (before.get(key) ?? 0);
    }
    return (ticks * 10) / seconds;
  };
  return {
    // A process's main thread has the process's id.
    mainMsPerS: ms((_, tid, pid) => tid === pid),
    workerMsPerS: ms((name) => name.startsWith('DedicatedWorker')),
    compositorMsPerS: ms((name) => name === 'Compositor'),
    allMsPerS: ms(() => true),
  };
}

export interface MarketSocket {
  /** The side of the newest market-stream socket opened before the measured storm. */
  where: 'page' | 'worker' | 'none';
  /** Every market-stream socket the page or its worker opened (page time). */
  sockets: ProbeData['streamSockets'];
  /** Arrivals stamped by each side during the measured storm (and the 400 ms after it). */
  stormStampedBy: ProbeData['arrivalsFrom'];
  /** Arrivals stamped by each side over the page's life. */
  allStampedBy: ProbeData['arrivalsFrom'];
}

function marketSocket(d: ProbeData, t1: number, before: ProbeData['arrivalsFrom']): MarketSocket {
  const opened = d.streamSockets.filter((s) => s.t <= t1).sort((a, b) => a.t - b.t);
  return {
    where: opened.at(-1)?.where ?? 'none',
    sockets: d.streamSockets,
    stormStampedBy: { page: d.arrivalsFrom.page - before.page, worker: d.arrivalsFrom.worker - before.worker },
    allStampedBy: d.arrivalsFrom,
  };
}

/**
 * The app opens the stream in the page and moves it to its market worker once that has started
 * (api/stream/worker-link.ts): give the move time to finish, so the measured storm has one socket.
 * Without a market worker, or one that never opens a socket, this only waits out its timeout.
 */
async function marketSocketSettled(page: Page, storm: StormServer): Promise<void> {
  const READ = `(() => { const b = window.__bench; return { workers: b.marketWorkers, workerSocket: b.streamSockets.some((s) => s.where === 'worker') }; })()`;
  await waitFor(
    'one market socket',
    async () => {
      const r = (await page.evaluate(READ)) as { workers: number; workerSocket: boolean };
      return storm.subscribers('depth_book') === 1 && (r.workers === 0 || r.workerSocket);
    },
    5_000,
    100,
  ).catch(() => undefined);
}

/** The probe's per-side stamp counts once the worker's pending stamps are in. */
const STAMPED_BY = `window.__bench.settle().then(() => ({ ...window.__bench.arrivalsFrom }))`;

/** A worker's script path; the probe's wrapper (browser.ts PROBE_FILES) named by the app's worker it runs. */
function workerPath(url: string): string {
  const u = new URL(url);
  const target = u.searchParams.get('target');
  return target ? `${new URL(target).pathname} (in ${u.pathname})` : u.pathname;
}

export interface TypingResult {
  keys: number;
  /** keydown's event time → the post-paint mark of the frame that painted the field's new value. */
  latencyMs: Summary;
  /** Keys whose input event never came (a refused character) or whose frame was not seen. */
  unpainted: number;
}

export interface ChannelResult {
  messages: number;
  latencyMs: Summary;
  /** Share of messages painted in the first frame after their arrival. */
  nextFramePct: number;
  framesLate: Summary;
  sentToPaintMs: Summary;
  unpainted: number;
}

const WATCH = `(() => {
  const b = window.__bench;
  const book = b.watch('book', '[data-testid="book-asks"]', null, 2, 1000);
  const trades = b.watch('trades', '[data-testid="trade-rows"]', null, 1, 1000);
  b.startFrames();
  return book && trades;
})()`;

function channel(d: ProbeData, idx: FrameIndex, ch: number, watcher: string, firstSeq: number, lastSeq: number): ChannelResult {
  // Limit to this storm's messages by seq (robust to a page that lags behind the harness's clock).
  const arrivals: number[] = [];
  for (let i = 0; i < d.arrivals.length; i += 4) {
    const seq = d.arrivals[i + 1]!;
    if (seq >= firstSeq && seq <= lastSeq) arrivals.push(d.arrivals[i]!, seq, d.arrivals[i + 2]!, d.arrivals[i + 3]!);
  }
  const r = updateLatency({ ...d, arrivals }, idx, ch, watcher, -Infinity, Infinity);
  return {
    messages: r.latencies.length + r.unpainted,
    latencyMs: summarize(r.latencies),
    nextFramePct: (100 * r.framesLate.filter((f) => f <= 0).length) / (r.framesLate.length || 1),
    framesLate: summarize(r.framesLate),
    sentToPaintMs: summarize(r.sentToPaint),
    unpainted: r.unpainted,
  };
}

/** Counts, per component (its source's first characters), the commits in which it rendered (React's devtools hook). */
const REACT_COMMITS = `window.__reactRendered = {};
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject() { return 1; }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
  onCommitFiberRoot(_id, root) {
    // A fiber left alone this commit is the same object as at the last; one that rendered is its alternate.
    const seen = window.__reactSeen || new WeakSet();
    const now = new WeakSet();
    window.__reactSeen = now;
    const walk = (f) => {
      for (; f; f = f.sibling) {
        now.add(f);
        if (typeof f.type === 'function' && (f.flags & 1) && !seen.has(f)) {
          const k = (f.type.displayName || f.type.name) + ' ' + String(f.type).slice(0, 90);
          window.__reactRendered[k] = (window.__reactRendered[k] || 0) + 1;
        }
        walk(f.child);
      }
    };
    walk(root.current.child);
  } };`;

/** A Chrome trace (devtools.timeline) of a 3 s storm: where each frame's time goes. */
async function traceStorm(bp: BenchPage, s: StormSetup, file: string) {
  const events: unknown[] = [];
  bp.cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => events.push(...e.value));
  const done = new Promise<void>((res) => bp.cdp.once('Tracing.tracingComplete', () => res()));
  await bp.cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,blink,cc,viz,toplevel', transferMode: 'ReportEvents' });
  await s.storm.run({ seconds: 3 });
  await bp.cdp.send('Tracing.end');
  await done;
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
}

/** The page's composited layers and why each is one (a layer costs every frame's commit). */
async function dumpLayers(bp: BenchPage, s: StormSetup, file: string) {
  let layers: { layerId: string; nodeId?: number; width: number; height: number; drawsContent: boolean }[] = [];
  bp.cdp.on('LayerTree.layerTreeDidChange', (e: { layers?: typeof layers }) => {
    if (e.layers) layers = e.layers;
  });
  await bp.cdp.send('DOM.getDocument', { depth: -1 });
  await bp.cdp.send('LayerTree.enable');
  await s.storm.run({ seconds: 1 });
  const out = [];
  for (const l of layers) {
    const why = (await bp.cdp.send('LayerTree.compositingReasons', { layerId: l.layerId }).catch(() => ({ compositingReasonIds: [] }))) as { compositingReasonIds?: string[] };
    let node = '';
    if (l.nodeId) {
      const d = (await bp.cdp.send('DOM.describeNode', { nodeId: l.nodeId }).catch(() => null)) as { node: { nodeName: string; attributes?: string[] } } | null;
      if (d) node = `${d.node.nodeName} ${(d.node.attributes ?? []).join(' ').slice(0, 120)}`;
    }
    out.push({ size: `${l.width}x${l.height}`, draws: l.drawsContent, why: why.compositingReasonIds, node });
  }
  await bp.cdp.send('LayerTree.disable');
  writeFileSync(file, JSON.stringify(out, null, 1));
}

async function cpuProfile(bp: BenchPage, run: () => Promise<unknown>): Promise<CpuProfile> {
  await bp.cdp.send('Profiler.enable');
  await bp.cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await bp.cdp.send('Profiler.start');
  await run();
  const { profile } = await bp.cdp.send('Profiler.stop');
  await bp.cdp.send('Profiler.disable');
  return profile as unknown as CpuProfile;
}

// Every key's event time, and when the field's value changed (the input event, after React's own
// listener at the root has run: the DOM holds the new value then).
const TYPING_PROBE = `(() => {
  const t = (window.__typing = { keys: [], inputs: [] });
  addEventListener('keydown', (e) => t.keys.push(e.timeStamp), true);
  addEventListener('input', () => t.inputs.push(performance.now()));
})()`;

/**
 * Types into the order form's size field while the storm runs: digits then Backspaces (each key
 * changes the value, so each has an input event and a paint), one key every 80 ms.
 */
async function typingUnderStorm(bp: BenchPage, s: StormSetup, seconds: number): Promise<TypingResult> {
  const { page } = bp;
  const field = page.locator('#order-size');
  await field.click();
  await field.fill('');
  await page.evaluate(TYPING_PROBE);
  await page.evaluate('window.__bench.startFrames()');
  const t1 = await pageNow(page);
  let typing = true;
  const typed = (async () => {
    const keys = ['1', '2', '3', '4', 'Backspace', 'Backspace', 'Backspace', 'Backspace'];
    for (let i = 0; typing; i++) {
      await page.keyboard.press(keys[i % keys.length]!);
      await sleep(80);
    }
  })();
  await s.storm.run({ seconds });
  typing = false;
  await typed;
  await sleep(400);
  await page.evaluate('window.__bench.stopFrames()');
  const d = (await page.evaluate(READ_PROBE)) as ProbeData;
  const t = (await page.evaluate('window.__typing')) as { keys: number[]; inputs: number[] };
  const idx = new FrameIndex(framesOf(d.frames));
  const latencies: number[] = [];
  let unpainted = 0;
  let j = 0;
  const keys = t.keys.filter((k) => k >= t1);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const nextKey = keys[i + 1] ?? Infinity;
    while (j < t.inputs.length && t.inputs[j]! < key) j++;
    const input = t.inputs[j];
    const frame = input !== undefined && input < nextKey ? idx.frames[idx.paintedBy(input)] : undefined;
    if (frame) latencies.push(frame.post - key);
    else unpainted++;
  }
  return { keys: keys.length, latencyMs: summarize(latencies), unpainted };
}

export interface StormSetup {
  /** The app only: seconds of a further storm with typing in the order form (0: none; default half the storm, at most 10). */
  typingSeconds?: number;
  storm: StormServer;
  seconds: number;
  warmupSeconds: number;
  /** Extra profiled storm (CDP sampling profiler), not part of the measured window. */
  profileSeconds: number;
  /** Where source maps of the page's bundles live (for the profile). */
  mapDir?: string;
  /** localStorage the page starts with (the app's settings, e.g. where its market socket lives). */
  appStorage?: Record<string, string>;
}

/** After the storm: 400 ms for its last paints, then quiet frames (the frame cost's floor). */
const QUIET_MS = 2_000;

/** One page under the storm: warm-up, forced GC, the measured storm, then an optional profiled one. */
export async function stormPage(browser: Browser, kind: 'app' | 'naive', url: string, redirect: [string, string][], s: StormSetup): Promise<StormRun> {
  // The naive page has no rows before the storm: it renders the row count it was given.
  const givenRows = Number(new URL(url).searchParams.get('rows') ?? NaN);
  const bp = await benchPage(browser, { redirect });
  try {
    const { page } = bp;
    if (s.appStorage) {
      const sets = Object.entries(s.appStorage).map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)});`);
      await page.addInitScript({ content: sets.join('\n') });
    }
    if (process.env.BENCH_REACT_COMMITS) await page.addInitScript({ content: REACT_COMMITS });
    await page.goto(url);
    if (kind === 'app') await page.locator('[data-testid="book-asks-row"]').first().waitFor({ timeout: 20_000 });
    await waitFor('stream subscriptions at the storm server', async () => s.storm.subscribers('depth_book') > 0 && s.storm.subscribers('public_trade') > 0, 20_000);
    const rowsPerSide = Number.isFinite(givenRows) ? givenRows : await page.locator('[data-testid="book-asks-row"]').count();
    await sleep(500);
    if (!(await page.evaluate(WATCH))) throw new Error(`${kind}: book or trades panel not found`);
    await s.storm.run({ seconds: s.warmupSeconds });
    await marketSocketSettled(page, s.storm);
    await sleep(200);
    const stampedBefore = (await page.evaluate(STAMPED_BY)) as ProbeData['arrivalsFrom'];
    await bp.gc();
    const m1 = await bp.metrics();
    const t1 = await pageNow(page);
    const renderers = await rendererPids(browser);
    const cpu1 = rendererTicks(renderers);
    const storm = await s.storm.run({ seconds: s.seconds });
    const cpu2 = rendererTicks(renderers);
    const m2 = await bp.metrics();
    const t2 = await pageNow(page);
    await sleep(QUIET_MS); // the last messages' paints, then quiet frames
    await page.evaluate('window.__bench.stopFrames()');
    const d = (await page.evaluate(READ_PROBE)) as ProbeData;
    // The raw stamps and frames, for a look at where a late message's time went.
    if (process.env.BENCH_PROBE_DUMP) writeFileSync(`${process.env.BENCH_PROBE_DUMP}-${kind}.json`, JSON.stringify({ d, t1, t2, storm }));
    await bp.gc();
    const m3 = await bp.metrics();

    const frames = framesOf(d.frames);
    const idx = new FrameIndex(frames);
    const wall = m2.Timestamp! - m1.Timestamp!;
    const pct = (k: string) => (100 * (m2[k]! - m1[k]!)) / wall;
    const long: number[] = [];
    for (let i = 0; i < d.longTasks.length; i += 2) {
      const start = d.longTasks[i]!;
      if (start >= t1 && start <= t2) long.push(d.longTasks[i + 1]!);
    }
    const framesInWindow = frames.filter((f) => f.raf >= t1 && f.raf <= t2).length;
    const costIn = (from: number, to: number) => summarize(frames.filter((f) => f.raf >= from && f.raf <= to).map((f) => f.post - f.raf));
    const result: StormRun = {
      kind,
      rowsPerSide,
      storm,
      wallSeconds: wall,
      depth: channel(d, idx, 1, 'book', storm.firstSeq, storm.lastSeq),
      trades: channel(d, idx, 2, 'trades', storm.firstSeq, storm.lastSeq),
      scriptingPct: pct('ScriptDuration'),
      taskPct: pct('TaskDuration'),
      layoutPct: pct('LayoutDuration'),
      styleRecalcPct: pct('RecalcStyleDuration'),
      longTasks: { count: long.length, maxMs: long.length ? Math.max(...long) : 0, totalMs: long.reduce((a, b) => a + b, 0) },
      heapGrowthMB: (m3.JSHeapUsedSize! - m1.JSHeapUsedSize!) / 1024 / 1024,
      heapBeforeMB: m1.JSHeapUsedSize! / 1024 / 1024,
      framesPerSec: framesInWindow / ((t2 - t1) / 1000),
      frameCost: { stormMs: costIn(t1, t2), quietMs: costIn(t2 + 400, t2 + QUIET_MS - 100) },
      workers: page.workers().map((w) => workerPath(w.url())),
      marketSocket: marketSocket(d, t1, stampedBefore),
      threadCpu: threadCpu(cpu1, cpu2, storm.seconds),
    };
    // No stamps means the probe lost the socket (a worker it does not wrap, a renamed stream path),
    // not a fast page: say so instead of printing latencies of nothing.
    if (storm.depthSent > 0 && result.depth.messages === 0) {
      throw new Error(`${kind}: the probe stamped none of the storm's ${storm.depthSent} depth messages (market socket: ${result.marketSocket.where}; workers: ${result.workers.join(', ') || 'none'})`);
    }
    if (process.env.BENCH_REACT_COMMITS) {
      await page.evaluate('window.__reactRendered = {}');
      await s.storm.run({ seconds: 3 });
      writeFileSync(`${process.env.BENCH_REACT_COMMITS}-${kind}.json`, JSON.stringify(await page.evaluate('window.__reactRendered')));
    }
    if (process.env.BENCH_STORM_TRACE) await traceStorm(bp, s, `${process.env.BENCH_STORM_TRACE}-${kind}.json`);
    if (process.env.BENCH_LAYERS) await dumpLayers(bp, s, `${process.env.BENCH_LAYERS}-${kind}.json`);
    const typingSeconds = s.typingSeconds ?? Math.min(10, s.seconds / 2);
    if (kind === 'app' && typingSeconds > 0) result.typing = await typingUnderStorm(bp, s, typingSeconds);
    if (s.profileSeconds > 0) {
      const profile = await cpuProfile(bp, () => s.storm.run({ seconds: s.profileSeconds }));
      // The raw profile, for a look at call trees (Chrome DevTools' Performance panel loads it).
      if (process.env.BENCH_STORM_PROFILE) writeFileSync(`${process.env.BENCH_STORM_PROFILE}-${kind}.cpuprofile`, JSON.stringify(profile));
      result.profile = withoutIdle(summarizeProfile(profile, { mapDir: s.mapDir, top: 25 }));
    }
    return result;
  } finally {
    await bp.close();
  }
}
