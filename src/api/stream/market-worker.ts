/// <reference lib="webworker" />
// The market worker: owns the market stream's socket and parses, validates and coalesces its frames
// off the page's main thread (market-worker-core.ts; api/stream/worker-link.ts is the page's end).
//
// zod reads `globalThis.__zod_globalConfig` once, when its core first loads, and otherwise probes
// `new Function`, which the CSP refuses (and reports). The page sets it from a plain script
// (public/zod-without-eval.js); a worker has no such script, so this entry sets it first and loads
// zod only afterwards, through a dynamic import: a static one would be evaluated before this line.
import type { MarketWorkerPort } from './market-worker-protocol';

const scope = globalThis as unknown as DedicatedWorkerGlobalScope & { __zod_globalConfig?: object };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

Promise.all([import('./market-worker-core'), import('./socket')]).then(
  ([{ serveMarketStream }, { browserSocket }]) => serveMarketStream(scope as unknown as MarketWorkerPort, browserSocket),
  (e: unknown) => {
    // A rejected import is no error event for the page (a chunk gone after a deploy, say); thrown
    // from a task it is, and the page keeps the socket (worker-link.ts).
    setTimeout(() => {
      throw e;
    });
  },
);
