export type FrameScheduler = (cb: () => void) => unknown;

const defaultScheduler: FrameScheduler = (cb) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(cb) : setTimeout(cb, 16);

/** Runs `cb` once the task that scheduled it is done (its microtask): what one task brings, handed over together. */
export const endOfTask: FrameScheduler = (cb) => queueMicrotask(cb);

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

/**
 * Keeps the newest item per key until the next frame, then hands them over in one call (in the
 * order their keys first came): for snapshots, where of a key's items within one frame only the
 * newest is ever drawn, so the older need not even be read.
 */
export function createNewestPerFrame<T>(flush: (items: T[]) => void, schedule: FrameScheduler = defaultScheduler) {
  const held = new Map<string, T>();
  const release = () => {
    const items = [...held.values()];
    held.clear();
    if (items.length > 0) flush(items);
  };
  return {
    hold(key: string, item: T) {
      if (held.size === 0) schedule(release);
      held.set(key, item);
    },
    get size(): number {
      return held.size;
    },
    /** Hands over what is held now, not at the frame. */
    releaseNow: release,
    /** Forgets what is held. */
    clear() {
      held.clear();
    },
  };
}
