import { useEffect, useState, type RefObject } from 'react';

/** Where the toast stack sits on screen: the dock's box in viewport pixels. */
export interface DockBox {
  left: number;
  bottom: number;
  width: number;
  height: number;
}

/**
 * The dock element's box, followed through resizes of the element and the window. Null while the
 * dock has no box (hidden on a phone tab, jsdom), so the stack falls back to its own corner.
 */
export function useDockBox(dock: RefObject<HTMLElement | null> | undefined): DockBox | null {
  const [box, setBox] = useState<DockBox | null>(null);
  useEffect(() => {
    const el = dock?.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      const next = r.width > 0 && r.height > 0 ? { left: r.left, bottom: window.innerHeight - r.bottom, width: r.width, height: r.height } : null;
      setBox((b) => (b && next && b.left === next.left && b.bottom === next.bottom && b.width === next.width && b.height === next.height ? b : next));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [dock]);
  return box;
}
