import type { FrameScheduler } from './frame-batcher';

/**
 * One animation frame's turn shared by the market stream's decoding and its feeds: callbacks
 * scheduled while the turn runs (the decoder's newest book handed to the feed's batcher) run in the
 * same turn, not a frame later as a requestAnimationFrame asked for from inside one would.
 */
export function createFrameClock(requestFrame: (cb: () => void) => unknown = defaultRequestFrame): FrameScheduler {
  let queue: (() => void)[] = [];
  let requested = false;
  const turn = () => {
    // Callbacks scheduled while this loop runs are appended and run by it.
    for (let i = 0; i < queue.length; i++) {
      try {
        queue[i]!();
      } catch (e) {
        // One failing callback must not hold the others' frame; the error is still reported.
        queueMicrotask(() => {
          throw e;
        });
      }
    }
    queue = [];
    requested = false;
  };
  return (cb) => {
    queue.push(cb);
    if (!requested) {
      requested = true;
      requestFrame(turn);
    }
  };
}

function defaultRequestFrame(cb: () => void): unknown {
  return typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : setTimeout(cb, 16);
}

/** The market data's frame clock (api/stream/frame-decoding.ts, app/streams/use-market-feed.ts). */
export const marketFrame: FrameScheduler = createFrameClock();

/**
 * Frames at most every `intervalMs`: a callback scheduled within `intervalMs` of the last one this
 * scheduler ran waits until then, and runs in the frame after; one scheduled later runs in the next
 * frame as usual (a quiet market's trade is drawn at once).
 */
export function framesAtMost(
  intervalMs: number,
  frame: FrameScheduler = marketFrame,
  now: () => number = () => performance.now(),
  wait: (cb: () => void, ms: number) => unknown = setTimeout,
): FrameScheduler {
  let lastRan = -Infinity;
  return (cb) => {
    const run = () => {
      lastRan = now();
      cb();
    };
    const due = lastRan + intervalMs - now();
    return due <= 0 ? frame(run) : wait(() => frame(run), due);
  };
}
