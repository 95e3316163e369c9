// Figure 8a (issue 32, performance): the Portfolio page of the production app, signed in on a devnet
// account whose history cache (IndexedDB, the format and meta of src/api/account-history/
// idb-history-store.ts) already holds 100,000 trades and 10,000 funding payments. A visit of
// /portfolio is timed from navigation start to the figures and curves drawn (the page's
// `data-ready`, and the paint after it), with the longest main-thread task in between (Chrome
// tracing: every task, not only those over 50 ms), and how many history requests the visit sent.
import type { Browser, Page } from 'playwright';
import { storedToken } from '../e2e/support/stored-token';
import { historyKey } from '../src/api/account-history/history-store';
import { HISTORY_DB, RECORD_VERSION } from '../src/api/account-history/idb-history-store';
import { KEPT_SUMMARY_DB } from '../src/features/portfolio/kept-summary';
import { benchPage, waitFor } from './browser';
import { syntheticHistory } from './lib/synthetic-history';
import { median } from './lib/stats';

/**
 * The synthetic rows' ids start here: far above any id the bench devnet hands out, so no real fill
 * shares an id with a cached one. The meta says the cache holds every id from the account's first
 * row up to the last synthetic one ({ low: null, high }): the sync's walk then asks for the newest
 * page of each history once, finds nothing above, and treats the rest as whole (id-ranges.ts).
 */
export const SYNTHETIC_FIRST_ID = 1_000_000_000;

export interface PortfolioVisit {
  /** navigation start → the Portfolio's frame in the DOM (the app started, the session read, the page's code loaded) */
  mountMs: number;
  /** navigation start → the app's header (the shell rendered) */
  shellMs: number;
  /** navigation start → "sign in" shown (the session not restored yet), if ever */
  signInMs: number | null;
  /** navigation start → the app's first element; → the "Loading portfolio…" fallback, if shown */
  rootMs: number | null;
  fallbackMs: number | null;
  /** What the visit fetched: "start–end path" (ms after navigation start). */
  resources: string[];
  /** navigation start → the page's `data-ready` (figures and curves in the DOM) */
  readyMs: number;
  /** navigation start → the paint after it */
  readyPaintMs: number;
  /** What the page drew first: figures of the history as of this visit, or the last ones kept ("as of"). */
  firstDrawn: 'fresh' | 'kept';
  /** navigation start → the figures of this visit's whole history drawn (the same as readyPaintMs when firstDrawn is fresh) */
  freshPaintMs: number;
  /** The longest main-thread task from navigation start to the fresh figures painted (trace). */
  longestTaskMs: number;
  /** Tasks over 50 ms in that window (trace). */
  tasksOver50: number;
  /**
   * The most thread time (CPU) one main-thread task took in that window: the page's own work, without
   * the time a loaded machine gave other processes in the middle of a task (wall-clock `longestTaskMs`).
   */
  longestTaskCpuMs: number;
  /** The machine's 1-minute load average when the visit ended (2 cores: above 2, tasks wait for a core). */
  load: number;
  /** The page's JS heap in use when the visit ended (MB; what a major GC on the main thread walks). */
  heapMb: number;
  /** The page's own PerformanceObserver 'longtask' entries (> 50 ms) in that window: [start, duration] ms. */
  observedLongTasks: [number, number][];
  /** Main-thread tasks in the trace over 10 ms: [ms after navigation start, duration] (where the time goes). */
  tasksOver10: [number, number][];
  /** The longest task's insides from the trace (what to look at next). */
  longestTaskParts: string[];
  /** Every task over 50 ms: when (ms after navigation start), how long, and its insides. */
  over50Parts: string[];
  /** The "Trades" figure of the whole period once drawn (every cached trade counted). */
  tradesShown: string;
  /** The "Trades" figure (30 d, the page's default period) when this visit's own figures were first drawn. */
  tradesAtFirstFresh: string;
  /** navigation start → figures of an empty history drawn (zeros before the cache was read), if ever */
  emptyFiguresMs: number | null;
  /** History requests this visit sent (query_trades, query_funding_history). */
  historyRequests: number;
}

export interface PortfolioPageResult {
  trades: number;
  funding: number;
  seedMs: number;
  visits: PortfolioVisit[];
  /** Whether each visit left figures kept for the next (within 5 s of its own figures). */
  keptAfter: boolean[];
  /** Medians over the visits after the first (the first has no figures kept from before). */
  readyPaintMs: number;
  freshPaintMs: number;
  /** The longest over every visit. */
  longestTaskMs: number;
}

/** Marks the page's `data-ready` (and whether it is kept figures) and the paint after it, in page time. */
const READY_PROBE = `(() => {
  const marks = (window.__portfolio = {});
  const mark = (name) => {
    if (marks[name] !== undefined) return;
    marks[name] = performance.now();
    window.__bench.afterNextPaint((t) => { marks[name + 'Paint'] = t; });
  };
  new MutationObserver(() => {
    if (marks.mount === undefined && document.querySelector('[data-testid="portfolio"]')) marks.mount = performance.now();
    if (marks.signIn === undefined && document.querySelector('[data-testid="portfolio-sign-in"]')) marks.signIn = performance.now();
    if (marks.shell === undefined && document.querySelector('header')) marks.shell = performance.now();
    if (marks.root === undefined && document.getElementById('root')?.firstElementChild) marks.root = performance.now();
    if (marks.fallback === undefined && document.body?.textContent?.includes('Loading portfolio')) marks.fallback = performance.now();
    const el = document.querySelector('[data-testid="portfolio"][data-ready]');
    if (!el) return;
    const state = el.getAttribute('data-ready');
    if (state === 'kept') {
      mark('ready');
      marks.kept = true;
    } else if (state === 'true' && marks.fresh === undefined) {
      // Figures counting no trade are of a history not read yet (the cache holds 100,000): noted, not "drawn".
      const trades = document.querySelector('[data-testid="figure-trades"]')?.textContent ?? '';
      if (/^Trades0/.test(trades)) marks.emptyDrawn ??= performance.now();
      else {
        mark('ready');
        mark('fresh');
        marks.freshTrades = trades;
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-ready'] });
})();`;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time (µs): the task's own CPU, without the time the OS gave other processes meanwhile. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { frame?: string } };
}

/** Main-thread tasks of the renderer(s) in the trace, from the last navigation start on: [start µs, dur ms]. */
function mainThreadTasks(trace: { traceEvents: TraceEvent[] }): { navStart: number; tasks: { ts: number; ms: number; cpuMs: number }[] } {
  const ev = trace.traceEvents;
  const main = new Set(ev.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const navs = ev.filter((e) => e.name === 'navigationStart' && main.has(`${e.pid}:${e.tid}`)).map((e) => e.ts);
  const navStart = navs.length > 0 ? Math.max(...navs) : -Infinity;
  const tasks = ev
    .filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && main.has(`${e.pid}:${e.tid}`) && e.ts >= navStart)
    .map((e) => ({ ts: e.ts, ms: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? e.dur ?? 0) / 1000 }));
  return { navStart, tasks };
}

/** What a long task was made of: the trace's events inside it on that thread over 3 ms ("name args" ms). */
function partsOf(trace: { traceEvents: TraceEvent[] }, task: { ts: number; ms: number }): string[] {
  const end = task.ts + task.ms * 1000;
  const ev = trace.traceEvents;
  const main = new Set(ev.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  return ev
    .filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`) && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 3000 && !/RunTask/.test(e.name))
    .map((e) => {
      const d = (e.args as { data?: { functionName?: string; url?: string; type?: string; lineNumber?: number; columnNumber?: number } } | undefined)?.data;
      const at = d?.lineNumber !== undefined ? `:${d.lineNumber}:${d.columnNumber ?? ''}` : '';
      return `${e.name}${d?.type ? ` ${d.type}` : ''}${d?.functionName ? ` ${d.functionName}` : ''}${d?.url ? ` ${d.url.replace(/^.*\//, '')}${at}` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}`;
    });
}

/** Writes the rows and meta exactly as idb-history-store.ts does (a walk's save), in the page. */
async function seedCache(page: Page, key: string, trades: readonly object[], funding: readonly object[]): Promise<void> {
  const CHUNK = 10_000;
  for (const [kind, rows] of [['trades', trades], ['funding', funding]] as const) {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await page.evaluate(
        ([db, version, k, kind, rows]) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open(db, 1);
            open.onupgradeneeded = () => {
              for (const s of ['trades', 'funding']) if (!open.result.objectStoreNames.contains(s)) open.result.createObjectStore(s, { keyPath: ['k', 'id'] });
              if (!open.result.objectStoreNames.contains('meta')) open.result.createObjectStore('meta', { keyPath: ['k', 'kind'] });
            };
            open.onerror = () => reject(open.error ?? new Error('open failed'));
            open.onsuccess = () => {
              const tx = open.result.transaction([kind], 'readwrite');
              const store = tx.objectStore(kind);
              for (const row of rows as { id: number }[]) store.put({ k, id: row.id, v: version, row });
              tx.oncomplete = () => {
                open.result.close();
                resolve();
              };
              tx.onerror = () => reject(tx.error ?? new Error('put failed'));
            };
          }),
        [HISTORY_DB, RECORD_VERSION, key, kind, rows.slice(i, i + CHUNK)] as const,
      );
    }
    const high = (rows.at(-1) as { id: number } | undefined)?.id ?? 0;
    await page.evaluate(
      ([db, version, k, kind, high]) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(db, 1);
          open.onerror = () => reject(open.error ?? new Error('open failed'));
          open.onsuccess = () => {
            const tx = open.result.transaction(['meta'], 'readwrite');
            tx.objectStore('meta').put({ k, kind, v: version, ranges: [{ low: null, high }] });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error ?? new Error('meta put failed'));
          };
        }),
      [HISTORY_DB, RECORD_VERSION, key, kind, high] as const,
    );
  }
}

/** Waits (up to 5 s) for the page to have kept its figures for `key`; false if it did not. */
async function keptSummaryWritten(page: Page, key: string): Promise<boolean> {
  const read = () =>
    page.evaluate(
      ([db, k]) =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open(db);
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            try {
              const get = open.result.transaction('summary').objectStore('summary').get(k);
              get.onsuccess = () => {
                const r = get.result as { summary?: { now?: number } } | undefined;
                resolve(r?.summary?.now !== undefined && Date.now() - r.summary.now < 60_000);
              };
              get.onerror = () => resolve(false);
            } catch {
              resolve(false);
            } finally {
              open.result.close();
            }
          };
        }),
      [KEPT_SUMMARY_DB, key] as const,
    );
  return waitFor('figures kept', read, 5_000, 50).catch(() => false);
}

/**
 * Signs in with the built-in devnet wallet on the app (as figure 3), seeds the account's cache with
 * `trades` + `funding` synthetic rows, then visits /portfolio `visits` times (each a fresh navigation).
 * The first visit computes the figures with nothing kept from before; the later ones find the
 * figures the visit before kept (kept-summary.ts), as a trader coming back does.
 */
export async function portfolioPage(browser: Browser, appUrl: string, baseUrl: string, trades = 100_000, funding = 10_000, visits = 4): Promise<PortfolioPageResult> {
  const bp = await benchPage(browser);
  try {
    const { page } = bp;
    await page.addInitScript({ content: READY_PROBE });
    await page.goto(`${appUrl}/trade/BTC-USD`);
    await page.locator('[data-testid="book-asks-row"]').first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
    await page.getByRole('button', { name: /Devnet wallet/ }).click();
    await waitFor('sign-in', () => storedToken(page), 20_000, 100);
    const account = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('perps-session');
          open.onsuccess = () => {
            const get = open.result.transaction('session').objectStore('session').get('current');
            get.onsuccess = () => {
              const s = get.result as { chain: string; address: string };
              resolve(`${s.chain}_${s.address}`);
            };
            get.onerror = () => reject(new Error('no session'));
          };
        }),
    );
    const history = syntheticHistory({ trades, funding, now: Date.now(), user: account, firstId: SYNTHETIC_FIRST_ID });
    const seedStart = performance.now();
    await seedCache(page, historyKey(baseUrl, account), history.trades, history.funding);
    const seedMs = performance.now() - seedStart;

    let historyRequests = 0;
    page.on('request', (r) => {
      if (/\/api\/query_(trades|funding_history)\b/.test(r.url())) historyRequests++;
    });
    const out: PortfolioVisit[] = [];
    const keptAfter: boolean[] = [];
    for (let i = 0; i < visits; i++) {
      historyRequests = 0;
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'toplevel'] });
      await page.goto(`${appUrl}/portfolio`, { waitUntil: 'commit' });
      const marks = await waitFor(
        'Portfolio figures drawn',
        () => page.evaluate(() => {
          const m = (window as unknown as { __portfolio?: Record<string, number | boolean | string> }).__portfolio;
          return m?.freshPaint !== undefined && m.readyPaint !== undefined ? m : null;
        }),
        30_000,
        20,
      );
      // The history's walk of what is new (one page of each) has answered.
      await page.locator('[data-testid="history-status"][data-status="complete"]').waitFor({ timeout: 20_000 });
      // The figures are of the cached rows: the whole period counts every trade.
      await page.locator('[data-testid="portfolio"]').getByRole('radio', { name: 'All' }).click();
      const tradesShown = (await page.getByTestId('figure-trades').textContent()) ?? '';
      // The figures this visit kept for the next (kept-summary.ts): the next visit is a trader coming back.
      keptAfter.push(await keptSummaryWritten(page, historyKey(baseUrl, account)));
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      const freshPaint = marks.freshPaint as number;
      const { navStart, tasks } = mainThreadTasks(trace);
      const within = tasks.filter((t) => !Number.isFinite(navStart) || t.ts <= navStart + freshPaint * 1000);
      const observed = await page.evaluate((until) => {
        const l = (window as unknown as { __bench: { longTasks: number[] } }).__bench.longTasks;
        const o: [number, number][] = [];
        for (let j = 0; j < l.length; j += 2) if ((l[j] as number) <= until) o.push([l[j] as number, l[j + 1] as number]);
        return o;
      }, freshPaint);
      const resources = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => `${Math.round(e.startTime)}–${Math.round((e as PerformanceResourceTiming).responseEnd)} ${e.name.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)}`),
      );
      const longest = within.reduce<{ ts: number; ms: number } | null>((a, t) => (a === null || t.ms > a.ms ? t : a), null);
      out.push({
        longestTaskParts: longest ? partsOf(trace, longest) : [],
        over50Parts: within.filter((t) => t.ms > 50).map((t) => `@${Math.round((t.ts - navStart) / 1000)} ${Math.round(t.ms)} ms (CPU ${Math.round(t.cpuMs)} ms): ${partsOf(trace, t).join(', ')}`),
        tradesShown,
        tradesAtFirstFresh: String(marks.freshTrades),
        emptyFiguresMs: (marks.emptyDrawn as number | undefined) ?? null,
        mountMs: marks.mount as number,
        shellMs: marks.shell as number,
        signInMs: (marks.signIn as number | undefined) ?? null,
        rootMs: (marks.root as number | undefined) ?? null,
        fallbackMs: (marks.fallback as number | undefined) ?? null,
        resources,
        observedLongTasks: observed,
        tasksOver10: within.filter((t) => t.ms > 10).map((t) => [Math.round((t.ts - navStart) / 1000), Math.round(t.ms)]),
        readyMs: marks.ready as number,
        readyPaintMs: marks.readyPaint as number,
        firstDrawn: marks.kept === true ? 'kept' : 'fresh',
        freshPaintMs: freshPaint,
        longestTaskMs: Math.max(0, ...within.map((t) => t.ms), ...observed.map((t) => t[1])),
        tasksOver50: within.filter((t) => t.ms > 50).length,
        longestTaskCpuMs: Math.max(0, ...within.map((t) => t.cpuMs)),
        load: (await import('node:os')).loadavg()[0]!,
        // The page's own isolate (the portfolio worker's heap is apart: its own isolate and thread).
        heapMb: ((await bp.cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize / 1e6,
        historyRequests,
      });
    }
    const later = out.slice(1);
    return {
      trades,
      funding,
      seedMs,
      visits: out,
      keptAfter,
      readyPaintMs: median(later.map((v) => v.readyPaintMs)),
      freshPaintMs: median(later.map((v) => v.freshPaintMs)),
      longestTaskMs: Math.max(...out.map((v) => v.longestTaskMs)),
    };
  } finally {
    await bp.close();
  }
}

/**
 * Alone: `npx tsx bench/fig-portfolio.ts [--runs N] [--out DIR]` builds the app (production) into its
 * own directory, starts a devnet on ports of its own (7350…, app 4390, so it can run beside the
 * whole bench or an e2e run) and prints each run's figures: the longest main-thread task of every
 * visit above all (issue 32: ≤ 50 ms), the paint times, and the longest task's insides.
 */
async function main(): Promise<void> {
  const { parseArgs } = await import('node:util');
  const { resolve } = await import('node:path');
  const { buildApp, OUT } = await import('./build');
  const { spawnDevnet } = await import('./spawn-devnet');
  const { serveStatic } = await import('./static-server');
  const { launchChromium, PROBE_FILES } = await import('./browser');
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, 'no-build': { type: 'boolean', default: false } } });
  const DEVNET = 7350;
  const dist = resolve(OUT, 'app-portfolio');
  if (!values['no-build']) await buildApp(DEVNET, dist);
  console.log('built');
  const devnet = await spawnDevnet(DEVNET);
  const app = await serveStatic(dist, 4390, { extraFiles: PROBE_FILES });
  const browser = await launchChromium();
  try {
    for (let run = 1; run <= Number(values.runs); run++) {
      const r = await portfolioPage(browser, app.url, `http://127.0.0.1:${DEVNET}`);
      console.log(`run ${run}: longest task ${r.longestTaskMs.toFixed(0)} ms (${r.visits.map((v) => v.longestTaskMs.toFixed(0)).join(' / ')}); ` +
        `its CPU ${r.visits.map((v) => v.longestTaskCpuMs.toFixed(0)).join(' / ')} ms; heap ${r.visits.map((v) => v.heapMb.toFixed(0)).join(' / ')} MB; load ${r.visits.map((v) => v.load.toFixed(1)).join(' / ')}; ` +
        `painted ${r.readyPaintMs.toFixed(0)} ms (${r.visits.map((v) => v.firstDrawn).join(' / ')}); own figures ${r.freshPaintMs.toFixed(0)} ms (${r.visits.map((v) => v.freshPaintMs.toFixed(0)).join(' / ')}); ` +
        `trades shown ${r.visits.map((v) => v.tradesShown).join(' / ')}; requests ${r.visits.map((v) => v.historyRequests).join(' / ')}; kept ${r.keptAfter.join(' / ')}`);
      for (const [i, v] of r.visits.entries()) {
        console.log(`  visit ${i + 1}: shell ${v.shellMs?.toFixed(0)}, frame ${v.mountMs?.toFixed(0)}, drawn ${v.readyMs.toFixed(0)} (${v.firstDrawn}); tasks > 10 ms ${JSON.stringify(v.tasksOver10)}`);
        for (const p of v.over50Parts) console.log(`    ${p}`);
        console.log(`    history requests: ${v.resources.filter((x) => /query_(trades|funding)/.test(x)).join('; ')}`);
      }
    }
  } finally {
    await browser.close();
    await app.close();
    await devnet.stop();
  }
}

if (process.argv[1] !== undefined && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) await main();
