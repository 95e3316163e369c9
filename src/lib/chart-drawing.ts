import { dec, type Dec } from './decimal';
import { stepOf } from './ticks';

/**
 * The trader's drawings on a market's price chart (issue 31): a horizontal line at a price, a trend
 * line between two (bar, price) points, a price range between two prices. Prices are decimal strings
 * on the symbol's tick, never floats; times are bar open times in UTC seconds. Kept per market
 * (stores/chart-drawings.ts); words for them live in the chart feature.
 */
export interface ChartPoint {
  /** A bar's open time, UTC seconds. */
  time: number;
  /** On the symbol's tick, e.g. "95012.5". */
  price: string;
}

export type Drawing =
  | { id: string; kind: 'horizontal'; price: string }
  | { id: string; kind: 'trend'; a: ChartPoint; b: ChartPoint }
  | { id: string; kind: 'range'; from: string; to: string };

export type DrawingTool = Drawing['kind'];
export const DRAWING_TOOLS: readonly DrawingTool[] = ['horizontal', 'trend', 'range'];

/** What the pointer holds: the whole drawing, or one end (a trend line's a / b, a range's from / to). */
export type DrawingPart = 'body' | 'a' | 'b';

/** The change a drag or a nudge makes: prices by `price` (on the tick), times by `bars` bars. */
export interface DrawingShift {
  price: Dec;
  bars: number;
}

/** Moves a bar time by whole bars (the chart knows its bars: gaps, months of different lengths). */
export type ShiftTime = (time: number, bars: number) => number;

const PRICE = /^\d+(\.\d+)?$/;

/** A price from the chart's float reading, on the tick (rounded once, as text); null when not above zero. */
export function priceOnTick(price: number | null, decimals: number): string | null {
  if (price === null || !Number.isFinite(price)) return null;
  const p = dec(price.toFixed(decimals));
  return p.gt(0) ? p.toFixed(decimals) : null;
}

function addPrice(price: string, by: Dec, decimals: number): string | null {
  const p = dec(price).plus(by);
  return p.gt(0) ? p.toFixed(decimals) : null;
}

/**
 * `d` moved as a whole by `shift`; null when that would take a price to zero or below (the move is
 * refused, the drawing stays where it was).
 */
export function moveDrawing(d: Drawing, shift: DrawingShift, decimals: number, shiftTime: ShiftTime): Drawing | null {
  switch (d.kind) {
    case 'horizontal': {
      const price = addPrice(d.price, shift.price, decimals);
      return price ? { ...d, price } : null;
    }
    case 'range': {
      const from = addPrice(d.from, shift.price, decimals);
      const to = addPrice(d.to, shift.price, decimals);
      return from && to ? { ...d, from, to } : null;
    }
    case 'trend': {
      const pa = addPrice(d.a.price, shift.price, decimals);
      const pb = addPrice(d.b.price, shift.price, decimals);
      if (!pa || !pb) return null;
      const move = (t: number) => (shift.bars === 0 ? t : shiftTime(t, shift.bars));
      return { ...d, a: { time: move(d.a.time), price: pa }, b: { time: move(d.b.time), price: pb } };
    }
  }
}

/** One end of `d` put at `at` (a drag of a handle); the body part moves nothing here. */
export function moveEnd(d: Drawing, part: 'a' | 'b', at: ChartPoint): Drawing {
  switch (d.kind) {
    case 'horizontal':
      return { ...d, price: at.price };
    case 'range':
      return part === 'a' ? { ...d, from: at.price } : { ...d, to: at.price };
    case 'trend':
      return part === 'a' ? { ...d, a: { ...at } } : { ...d, b: { ...at } };
  }
}

export type NudgeKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

/** The shift an arrow key makes: ↑/↓ one tick, ←/→ one bar, ×10 with Shift. */
export function nudgeShift(key: NudgeKey, shiftKey: boolean, decimals: number): DrawingShift {
  const n = shiftKey ? 10 : 1;
  const tick = stepOf(decimals).times(n);
  switch (key) {
    case 'ArrowUp':
      return { price: tick, bars: 0 };
    case 'ArrowDown':
      return { price: tick.neg(), bars: 0 };
    case 'ArrowLeft':
      return { price: dec(0), bars: -n };
    case 'ArrowRight':
      return { price: dec(0), bars: n };
  }
}

/** A point moved by a shift (the keyboard cursor); null below a positive price. */
export function movePoint(p: ChartPoint, shift: DrawingShift, decimals: number, shiftTime: ShiftTime): ChartPoint | null {
  const price = addPrice(p.price, shift.price, decimals);
  if (!price) return null;
  return { time: shift.bars === 0 ? p.time : shiftTime(p.time, shift.bars), price };
}

export function samePoint(a: ChartPoint, b: ChartPoint): boolean {
  return a.time === b.time && dec(a.price).eq(b.price);
}

/** The drawing a tool makes from its points (`second` unused by a horizontal line); null for a degenerate one. */
export function makeDrawing(id: string, tool: DrawingTool, first: ChartPoint, second: ChartPoint | null): Drawing | null {
  switch (tool) {
    case 'horizontal':
      return { id, kind: 'horizontal', price: first.price };
    case 'trend':
      return second && !samePoint(first, second) ? { id, kind: 'trend', a: { ...first }, b: { ...second } } : null;
    case 'range':
      return second && !dec(first.price).eq(second.price) ? { id, kind: 'range', from: first.price, to: second.price } : null;
  }
}

/** How many points a tool takes. */
export function pointsOf(tool: DrawingTool): 1 | 2 {
  return tool === 'horizontal' ? 1 : 2;
}

/** A range's move from `from` to `to`: the difference and the percentage of `from` (signed). */
export function rangeChange(d: { from: string; to: string }): { diff: Dec; percent: Dec } {
  const from = dec(d.from);
  const diff = dec(d.to).minus(from);
  return { diff, percent: diff.div(from).times(100) };
}

function readPoint(x: unknown): ChartPoint | null {
  if (!x || typeof x !== 'object') return null;
  const p = x as Partial<ChartPoint>;
  if (typeof p.time !== 'number' || !Number.isInteger(p.time) || p.time < 0) return null;
  if (typeof p.price !== 'string' || !PRICE.test(p.price) || !dec(p.price).gt(0)) return null;
  return { time: p.time, price: p.price };
}

function readPrice(x: unknown): string | null {
  return typeof x === 'string' && PRICE.test(x) && dec(x).gt(0) ? x : null;
}

/** A stored drawing read back: null for anything not a well-formed drawing of a known kind. */
export function readDrawing(x: unknown): Drawing | null {
  if (!x || typeof x !== 'object') return null;
  const d = x as Record<string, unknown>;
  if (typeof d.id !== 'string' || d.id === '') return null;
  if (d.kind === 'horizontal') {
    const price = readPrice(d.price);
    return price ? { id: d.id, kind: 'horizontal', price } : null;
  }
  if (d.kind === 'trend') {
    const a = readPoint(d.a);
    const b = readPoint(d.b);
    return a && b ? { id: d.id, kind: 'trend', a, b } : null;
  }
  if (d.kind === 'range') {
    const from = readPrice(d.from);
    const to = readPrice(d.to);
    return from && to ? { id: d.id, kind: 'range', from, to } : null;
  }
  return null;
}

/** Two drawings the same (a drag that ended where it began changes nothing). */
export function sameDrawing(a: Drawing, b: Drawing): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
