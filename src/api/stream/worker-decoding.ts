import type { DecodedBatch } from './frame-coalescer';
import { inThreadDecoding, type DecodingFactory } from './frame-decoding';

/** The page asks the worker for the next batch on its next frame, or after this long with none (a hidden tab draws no frames). */
const PULL_FALLBACK_MS = 100;
/** The worker is started this long after the first batch, so its code loads after the first book is drawn. */
const START_DELAY_MS = 500;

function nextFrame(cb: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cb();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
  setTimeout(once, PULL_FALLBACK_MS);
}

export function createMarketWorker(): Worker {
  return new Worker(new URL('./market-worker.ts', import.meta.url), { type: 'module', name: 'market-stream' });
}

/**
 * Decoding in the market worker (market-worker.ts). Frames are decoded in this thread until the
 * worker says it is ready (and again if it fails), so the first book never waits for the worker's
 * code; from then on each frame's text is posted to the worker, which sends back validated
 * messages, at most one batch of public data per frame: the page pulls the next on its next frame.
 */
export function workerDecoding(createWorker: () => Worker = createMarketWorker): DecodingFactory {
  return (deliver) => {
    const local = inThreadDecoding(deliver);
    let worker: Worker | null = null;
    let ready = false;
    let closed = false;
    let failed = false;
    let starting: ReturnType<typeof setTimeout> | null = null;

    const stop = (reason?: unknown) => {
      if (reason !== undefined) {
        console.warn('market worker failed; decoding in the page', reason);
        failed = true; // not started again: the page decodes from here on
      }
      ready = false;
      worker?.terminate();
      worker = null;
    };
    const start = () => {
      starting = null;
      if (closed) return;
      try {
        worker = createWorker();
      } catch (e) {
        stop(e);
        return;
      }
      worker.onmessage = (e: MessageEvent<DecodedBatch | 'ready'>) => {
        if (e.data === 'ready') {
          ready = true;
          return;
        }
        const batch = e.data;
        deliver(batch);
        if (batch.coalesced) nextFrame(() => worker?.postMessage(null));
      };
      worker.onerror = (e) => stop(e.message);
    };

    return {
      push(text) {
        if (ready && worker) {
          worker.postMessage(text);
          return;
        }
        local.push(text);
        if (!worker && !starting && !closed && !failed) starting = setTimeout(start, START_DELAY_MS);
      },
      close() {
        closed = true;
        if (starting) clearTimeout(starting);
        stop();
      },
    };
  };
}
