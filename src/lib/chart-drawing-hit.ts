import type { DrawingPart } from './chart-drawing';

/** A position on the chart's plot, CSS px. */
export interface Px {
  x: number;
  y: number;
}

/** A drawing where it is on screen now: what hit-testing and painting work from. */
export type DrawingShape =
  | { id: string; kind: 'horizontal'; y: number }
  | { id: string; kind: 'trend'; a: Px; b: Px }
  | { id: string; kind: 'range'; y1: number; y2: number };

/** How near the pointer must be to a line (CSS px) to take it, and to an end to take that end. */
export const LINE_GRAB_PX = 6;
export const HANDLE_GRAB_PX = 8;

/** Distance from `p` to the segment a–b (to the point when a = b). */
export function distanceToSegment(p: Px, a: Px, b: Px): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

export interface DrawingHit {
  id: string;
  part: DrawingPart;
}

/**
 * The drawing (and which part of it) under the pointer, the nearest within reach; an end within
 * `HANDLE_GRAB_PX` wins over the line, so a short line's ends can still be taken. A range's band
 * between its lines takes the whole range.
 */
export function hitDrawing(shapes: readonly DrawingShape[], p: Px): DrawingHit | null {
  let best: (DrawingHit & { d: number }) | null = null;
  const offer = (id: string, part: DrawingPart, d: number, reach: number) => {
    if (d <= reach && (!best || d < best.d)) best = { id, part, d };
  };
  for (const s of shapes) {
    switch (s.kind) {
      case 'horizontal':
        offer(s.id, 'body', Math.abs(p.y - s.y), LINE_GRAB_PX);
        break;
      case 'trend': {
        // Within reach of an end, the end is what is meant (a short line's ends stay takeable).
        const da = Math.hypot(p.x - s.a.x, p.y - s.a.y);
        const db = Math.hypot(p.x - s.b.x, p.y - s.b.y);
        const ds = distanceToSegment(p, s.a, s.b);
        if (Math.min(da, db) <= HANDLE_GRAB_PX) offer(s.id, da <= db ? 'a' : 'b', Math.min(ds, da, db), HANDLE_GRAB_PX);
        else offer(s.id, 'body', ds, LINE_GRAB_PX);
        break;
      }
      case 'range': {
        offer(s.id, 'a', Math.abs(p.y - s.y1) - 1, LINE_GRAB_PX);
        offer(s.id, 'b', Math.abs(p.y - s.y2) - 1, LINE_GRAB_PX);
        const [top, bottom] = s.y1 < s.y2 ? [s.y1, s.y2] : [s.y2, s.y1];
        if (p.y > top && p.y < bottom) offer(s.id, 'body', LINE_GRAB_PX, LINE_GRAB_PX);
        break;
      }
    }
  }
  if (!best) return null;
  const { id, part } = best as DrawingHit & { d: number };
  return { id, part };
}
