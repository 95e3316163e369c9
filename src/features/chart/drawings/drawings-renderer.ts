import type { IPrimitivePaneRenderer } from 'lightweight-charts';
import type { DrawingShape, Px } from '../../../lib/chart-drawing-hit';
import { faded, palette } from '../chart-theme';

/** A drawing being placed: dashed, from its first point to the cursor. */
export type DrawingPreview = { kind: 'horizontal'; y: number } | { kind: 'trend'; a: Px; b: Px } | { kind: 'range'; y1: number; y2: number };

/** One repaint's worth of places (drawings-primitive.ts works it out; this paints it). */
export interface DrawingFrame {
  shapes: DrawingShape[];
  selected: string | null;
  /** A range's label per id ("+1,000.0 (+1.05%)"): the sign in words, not the colour alone. */
  labels: Map<string, string>;
  cursor: Px | null;
  preview: DrawingPreview | null;
}

const HANDLE = 7;

type Target = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** Paints a frame on the candles' pane: lines, the range's band and label, handles, the cursor. */
export class DrawingsRenderer implements IPrimitivePaneRenderer {
  constructor(private readonly frame: DrawingFrame) {}

  draw(target: Target): void {
    const f = this.frame;
    if (f.shapes.length === 0 && !f.cursor && !f.preview) return;
    target.useMediaCoordinateSpace(({ context: c, mediaSize }) => {
      const colour = palette.warn;
      const handles: Px[] = [];
      for (const s of f.shapes) {
        const on = s.id === f.selected;
        c.strokeStyle = colour;
        c.lineWidth = on ? 2 : 1;
        c.setLineDash([]);
        c.beginPath();
        if (s.kind === 'horizontal') {
          c.moveTo(0, s.y);
          c.lineTo(mediaSize.width, s.y);
          if (on) handles.push({ x: mediaSize.width / 2, y: s.y });
        } else if (s.kind === 'trend') {
          c.moveTo(s.a.x, s.a.y);
          c.lineTo(s.b.x, s.b.y);
          if (on) handles.push(s.a, s.b);
        } else {
          c.fillStyle = faded(colour, on ? 0.16 : 0.1);
          c.fillRect(0, Math.min(s.y1, s.y2), mediaSize.width, Math.abs(s.y2 - s.y1));
          c.moveTo(0, s.y1);
          c.lineTo(mediaSize.width, s.y1);
          c.moveTo(0, s.y2);
          c.lineTo(mediaSize.width, s.y2);
          if (on) handles.push({ x: mediaSize.width / 2, y: s.y1 }, { x: mediaSize.width / 2, y: s.y2 });
          const label = f.labels.get(s.id);
          if (label) {
            // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS font
            c.font = '11px ui-monospace, Menlo, monospace';
            c.textBaseline = 'middle';
            // Beside the second price, outside the band, on the panel's colour: legible over candles.
            const ly = s.y2 + (s.y2 < s.y1 ? -9 : 9);
            const w = c.measureText(label).width;
            c.fillStyle = palette.panel;
            c.fillRect(4, ly - 7, w + 8, 14);
            c.fillStyle = colour;
            c.fillText(label, 8, ly);
          }
        }
        c.stroke();
      }
      // Handles: squares at the ends of the selected drawing, what a pointer takes to move one end.
      for (const h of handles) {
        c.fillStyle = palette.panel;
        c.fillRect(h.x - HANDLE / 2, h.y - HANDLE / 2, HANDLE, HANDLE);
        c.lineWidth = 1.5;
        c.strokeStyle = palette.accent;
        c.strokeRect(h.x - HANDLE / 2, h.y - HANDLE / 2, HANDLE, HANDLE);
      }
      const p = f.preview;
      if (p) {
        c.strokeStyle = colour;
        c.lineWidth = 1;
        c.setLineDash([4, 3]);
        c.beginPath();
        if (p.kind === 'horizontal') {
          c.moveTo(0, p.y);
          c.lineTo(mediaSize.width, p.y);
        } else if (p.kind === 'trend') {
          c.moveTo(p.a.x, p.a.y);
          c.lineTo(p.b.x, p.b.y);
        } else {
          c.moveTo(0, p.y1);
          c.lineTo(mediaSize.width, p.y1);
          c.moveTo(0, p.y2);
          c.lineTo(mediaSize.width, p.y2);
        }
        c.stroke();
        c.setLineDash([]);
      }
      // Where the next point goes: a ring (the keyboard's cursor, or the pointer's place).
      if (f.cursor) {
        c.strokeStyle = palette.accent;
        c.lineWidth = 2;
        c.beginPath();
        c.arc(f.cursor.x, f.cursor.y, 5, 0, Math.PI * 2);
        c.stroke();
      }
    });
  }
}
