import { useEffect, useState, type RefObject } from 'react';

export interface ElementSize {
  /** clientWidth / clientHeight in px (padding included, borders and scrollbars not); 0 until measured. */
  width: number;
  height: number;
}

const UNMEASURED: ElementSize = { width: 0, height: 0 };

/**
 * The element's inner size, measured after mount and again whenever it resizes. Stays 0 × 0 where
 * there is no layout (jsdom, a panel never shown), so callers fall back to a default. A resize
 * that leaves the size as it was re-renders nothing.
 */
export function useElementSize(ref: RefObject<HTMLElement | null>): ElementSize {
  const [size, setSize] = useState(UNMEASURED);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = el.clientWidth;
      const h = el.clientHeight;
      // A hidden panel (display: none on a phone tab) measures 0: keep the last real size.
      setSize((s) => {
        const width = w || s.width;
        const height = h || s.height;
        return s.width === width && s.height === height ? s : { width, height };
      });
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}
