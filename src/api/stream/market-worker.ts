/// <reference lib="webworker" />
// The market worker: parses, validates and coalesces the market stream's frames off the page's
// main thread (api/stream/worker-decoding.ts is its other end; frame-coalescer.ts the logic).
//
// zod reads `globalThis.__zod_globalConfig` once, when its core first loads, and otherwise probes
// `new Function`, which the CSP refuses (and reports). The page sets it from a plain script
// (public/zod-without-eval.js); a worker has no such script, so this entry sets it first and loads
// zod only afterwards, through a dynamic import: a static one would be evaluated before this line.
const scope = globalThis as unknown as DedicatedWorkerGlobalScope & { __zod_globalConfig?: object };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

void import('./frame-coalescer').then(({ FrameCoalescer }) => {
  const core = new FrameCoalescer((batch) => scope.postMessage(batch), true);
  // A string is a frame's text; anything else is the page asking for the next batch.
  scope.onmessage = (e: MessageEvent<unknown>) => {
    if (typeof e.data === 'string') core.push(e.data);
    else core.pull();
  };
  scope.postMessage('ready');
});
