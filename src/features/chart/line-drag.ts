import { dec, type Dec } from '../../lib/decimal';

/** How near the pointer must be to an order's line (in CSS px) to pick it up. */
export const GRAB_PX = 5;

/** The order whose line is nearest `y` within `GRAB_PX`, or null. Lines off the visible scale have no y. */
export function lineAt(y: number, lines: readonly { orderId: number; y: number | null }[], grab = GRAB_PX): number | null {
  let best: { orderId: number; d: number } | null = null;
  for (const l of lines) {
    if (l.y === null) continue;
    const d = Math.abs(l.y - y);
    if (d <= grab && (!best || d < best.d)) best = { orderId: l.orderId, d };
  }
  return best?.orderId ?? null;
}

/**
 * The price a pointer at some height proposes, on the symbol's tick: the chart reads the height as a
 * float, which is rounded to the tick once, as text, and never used as money before that. Null
 * above or below anything a price can be (zero or less, not a number).
 */
export function snapToTick(price: number | null, decimals: number): Dec | null {
  if (price === null || !Number.isFinite(price)) return null;
  const snapped = dec(price.toFixed(decimals));
  return snapped.gt(0) ? snapped : null;
}
