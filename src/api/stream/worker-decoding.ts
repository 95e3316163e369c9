import type { DecodedBatch } from './frame-coalescer';
import { inThreadDecoding, type DecodingFactory } from './frame-decoding';

/** The worker is started this long after the first batch, so its code loads after the first book is drawn. */
const START_DELAY_MS = 500;

export function createMarketWorker(): Worker {
  return new Worker(new URL('./market-worker.ts', import.meta.url), { type: 'module', name: 'market-stream' });
}

/**
 * Decoding in the market worker (market-worker.ts). Frames are decoded in this thread until the
 * worker says it is ready (and again if it fails), so the first book never waits for the worker's
 * code; from then on each frame's text is posted to the worker, which sends back validated
 * messages with at most one batch of public data in flight: while the page is busy (a render, a
 * long task) the worker coalesces what arrives, and the page takes the whole batch in one task.
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
        // Handed over (the feeds batch it per frame): the worker may send the next. Asking on the
        // next animation frame instead held most messages one frame more (bench figure 1: p50 31 ms).
        if (batch.coalesced) worker?.postMessage(null);
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
