import { useEffect, useState, type RefObject } from 'react';

/** How many rows of `rowHeight` px fit per side in the element (minus `reserved` px), re-measured on resize. */
export function useRowsThatFit(ref: RefObject<HTMLElement | null>, rowHeight: number, reserved: number, fallback: number): number {
  const [rows, setRows] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const h = el.clientHeight;
      if (h > 0) setRows(Math.max(3, Math.floor((h - reserved) / 2 / rowHeight)));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, rowHeight, reserved]);
  return rows;
}
