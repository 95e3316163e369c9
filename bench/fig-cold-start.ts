import type { Browser } from 'playwright';
import { benchPage, waitFor } from './browser';
import { median } from './lib/stats';
import type { StaticServer } from './static-server';

export interface Chunk {
  path: string;
  rawBytes: number;
  /** gzip of the file as served (node:zlib, level GZIP_LEVEL) */
  gzipBytes: number;
  /** what the browser reported receiving (resource timing encodedBodySize) */
  encodedBodySize: number;
  requestedAtMs: number;
}

export interface ColdStartRun {
  firstRowDomMs: number;
  firstRowPaintMs: number;
  firstContentfulPaintMs: number | null;
  domContentLoadedMs: number;
  jsGzipBytes: number;
  chunks: Chunk[];
  /** Everything else fetched before the first row (API calls, CSS). */
  otherRequests: { name: string; startMs: number; durationMs: number }[];
}

export interface ColdStartResult {
  runs: ColdStartRun[];
  medianFirstRowPaintMs: number;
  jsGzipBytes: number;
  chunks: Chunk[];
}

interface ResourceEntry {
  name: string;
  startTime: number;
  responseEnd: number;
  encodedBodySize: number;
  initiatorType: string;
}

/**
 * A cold visit of /trade/BTC-USD (fresh browser context: empty HTTP cache, no session) on the
 * production build: time from navigation start to the paint after the first order-book row, and
 * every JS file the page requested before that row, with its exact gzip size.
 */
export async function coldStart(browser: Browser, app: StaticServer, runs = 3): Promise<ColdStartResult> {
  const out: ColdStartRun[] = [];
  for (let i = 0; i < runs; i++) {
    const bp = await benchPage(browser);
    try {
      await bp.page.goto(`${app.url}/trade/BTC-USD`);
      const marks = await waitFor('first order-book row', () =>
        bp.page.evaluate(() => {
          const m = (window as unknown as { __bench: { marks: Record<string, number> } }).__bench.marks;
          return m.firstRowPaint ? m : null;
        }),
      );
      const { resources, fcp, dcl } = await bp.page.evaluate(() => ({
        resources: performance.getEntriesByType('resource').map((e) => {
          const r = e as PerformanceResourceTiming;
          return { name: r.name, startTime: r.startTime, responseEnd: r.responseEnd, encodedBodySize: r.encodedBodySize, initiatorType: r.initiatorType };
        }),
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        dcl: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domContentLoadedEventEnd ?? NaN,
      }));
      const before = (resources as ResourceEntry[]).filter((r) => r.startTime <= marks.firstRowDom!);
      const chunks: Chunk[] = [];
      const other: ColdStartRun['otherRequests'] = [];
      for (const r of before) {
        const url = new URL(r.name);
        const sizes = url.origin === app.url ? app.sizes(url.pathname) : null;
        if (sizes && url.pathname.endsWith('.js')) {
          chunks.push({ path: url.pathname, rawBytes: sizes.raw, gzipBytes: sizes.gzip, encodedBodySize: r.encodedBodySize, requestedAtMs: r.startTime });
        } else {
          other.push({ name: url.origin === app.url ? url.pathname : `${url.host}${url.pathname}`, startMs: r.startTime, durationMs: r.responseEnd - r.startTime });
        }
      }
      // The entry module itself is requested by the HTML, which resource timing lists too.
      chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
      out.push({
        firstRowDomMs: marks.firstRowDom!,
        firstRowPaintMs: marks.firstRowPaint!,
        firstContentfulPaintMs: fcp,
        domContentLoadedMs: dcl,
        jsGzipBytes: chunks.reduce((a, c) => a + c.gzipBytes, 0),
        chunks,
        otherRequests: other,
      });
    } finally {
      await bp.close();
    }
  }
  return {
    runs: out,
    medianFirstRowPaintMs: median(out.map((r) => r.firstRowPaintMs)),
    jsGzipBytes: out[0]!.jsGzipBytes,
    chunks: out[0]!.chunks,
  };
}
