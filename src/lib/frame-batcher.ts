export type FrameScheduler = (cb: () => void) => unknown;

const defaultScheduler: FrameScheduler = (cb) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : setTimeout(cb, 16);

/**
 * Collects items and hands them over once per animation frame, so a burst of stream messages costs
 * one cache write and one paint.
 */
export function createFrameBatcher<T>(flush: (items: T[]) => void, schedule: FrameScheduler = defaultScheduler) {
  let items: T[] = [];
  let scheduled = false;
  let stopped = false;
  return {
    push(item: T) {
      if (stopped) return;
      items.push(item);
      if (scheduled) return;
      scheduled = true;
      schedule(() => {
        scheduled = false;
        if (stopped) return;
        const batch = items;
        items = [];
        if (batch.length > 0) flush(batch);
      });
    },
    stop() {
      stopped = true;
      items = [];
    },
  };
}
