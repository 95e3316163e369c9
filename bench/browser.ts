import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright';
// The e2e flags: Debian's Chromium, never a downloaded one.
import { CHROMIUM_ARGS } from '../playwright.config';

const PROBE = readFileSync(resolve(import.meta.dirname, 'instrument/probe.js'), 'utf8');

/**
 * What the probe needs served at the page's origin (static-server's `extraFiles`): the wrapper the
 * app's market worker is started from, so its socket is stamped too (a worker runs no init script).
 */
export const PROBE_FILES: Record<string, string> = {
  '/__bench/market-worker-probe.js': resolve(import.meta.dirname, 'instrument/market-worker-probe.js'),
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface ProbeConfig {
  /** WebSocket URLs the page opens, sent elsewhere: [from, to]. */
  redirect?: [string, string][];
}

export interface BenchPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  metrics(): Promise<Record<string, number>>;
  gc(): Promise<void>;
  close(): Promise<void>;
}

/** A fresh context (empty cache) and page with the probe installed before any page script. */
export async function benchPage(browser: Browser, cfg: ProbeConfig = {}, viewport = { width: 1440, height: 900 }): Promise<BenchPage> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript({ content: `window.__BENCH_CFG = ${JSON.stringify(cfg)};\n${PROBE}` });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  return {
    context,
    page,
    cdp,
    async metrics() {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
    },
    async gc() {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
    },
    close: () => context.close(),
  };
}

/** Page time (performance.now) now. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000, everyMs = 50): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
