import {
  makeDrawing,
  moveDrawing,
  moveEnd,
  movePoint,
  nudgeShift,
  pointsOf,
  sameDrawing,
  type ChartPoint,
  type Drawing,
  type DrawingPart,
  type DrawingTool,
  type NudgeKey,
  type ShiftTime,
} from './chart-drawing';
import type { DrawingHit } from './chart-drawing-hit';
import { dec } from './decimal';

/**
 * Drawing on the chart, as a pure machine: idle → placing (first point, then the second) → selected
 * → dragging, driven alike by the pointer and by the keyboard (a cursor moved by the arrows, Enter
 * places a point, Tab walks the drawings, arrows move the selected one, Delete removes it, Esc backs
 * out). The view feeds it events and applies its effect to the store.
 */
export type DrawingStep =
  | { kind: 'idle' }
  | { kind: 'placing'; tool: DrawingTool; first: ChartPoint | null }
  | { kind: 'selected'; id: string }
  | { kind: 'dragging'; id: string; part: DrawingPart; origin: Drawing; grab: ChartPoint; live: Drawing };

export interface DrawingState {
  step: DrawingStep;
  /** Where the next point goes (the pointer's place, or the keyboard's cursor); null: not on the chart. */
  cursor: ChartPoint | null;
}

export type DrawingKey = NudgeKey | 'Enter' | 'Escape' | 'Delete' | 'Tab';

export type DrawingEvent =
  /** A tool chosen (again: put down); `at` is where the keyboard's cursor starts. */
  | { type: 'tool'; tool: DrawingTool; at: ChartPoint | null }
  | { type: 'down'; at: ChartPoint; hit: DrawingHit | null }
  | { type: 'move'; at: ChartPoint }
  | { type: 'up' }
  | { type: 'key'; key: DrawingKey; shift: boolean }
  /** Chosen from the list (null: none). */
  | { type: 'select'; id: string | null };

export type DrawingEffect = { type: 'add'; drawing: Drawing } | { type: 'change'; drawing: Drawing } | { type: 'remove'; id: string };

export interface DrawingContext {
  /** This market's drawings, in list order. */
  drawings: readonly Drawing[];
  /** The symbol's price places (its tick is one unit of the last place). */
  decimals: number;
  shiftTime: ShiftTime;
  /** Whole bars from one bar time to another (negative: back). */
  barsBetween: (from: number, to: number) => number;
  newId: () => string;
}

export interface DrawingResult {
  state: DrawingState;
  effect: DrawingEffect | null;
  /** The event was used (a key's default — Tab's focus move, the page's scroll — is to be stopped). */
  handled: boolean;
}

export const IDLE: DrawingState = { step: { kind: 'idle' }, cursor: null };

const same = (state: DrawingState, handled = false): DrawingResult => ({ state, effect: null, handled });
const to = (state: DrawingState, effect: DrawingEffect | null = null): DrawingResult => ({ state, effect, handled: true });

/** A point placed while placing: the drawing made (and selected) when it was the last one. */
function place(state: DrawingState, step: Extract<DrawingStep, { kind: 'placing' }>, at: ChartPoint, ctx: DrawingContext): DrawingResult {
  if (pointsOf(step.tool) === 2 && step.first === null) return to({ step: { ...step, first: at }, cursor: at });
  const drawing = makeDrawing(ctx.newId(), step.tool, step.first ?? at, step.first ? at : null);
  // Both points the same: nothing to draw; the second point is still to come.
  if (!drawing) return to({ ...state, cursor: at });
  return to({ step: { kind: 'selected', id: drawing.id }, cursor: at }, { type: 'add', drawing });
}

/** The selected drawing after the one selected (or before, with Shift); past either end: none. */
function walk(state: DrawingState, ctx: DrawingContext, back: boolean): DrawingResult {
  const list = ctx.drawings;
  if (list.length === 0) return same(state);
  const at = state.step.kind === 'selected' ? list.findIndex((d) => d.id === (state.step as { id: string }).id) : -1;
  const nextIndex = at < 0 ? (back ? list.length - 1 : 0) : at + (back ? -1 : 1);
  // Off the end: the selection goes and Tab moves the focus on, out of the chart.
  if (nextIndex < 0 || nextIndex >= list.length) return same({ ...state, step: { kind: 'idle' } });
  return to({ ...state, step: { kind: 'selected', id: list[nextIndex]!.id } });
}

function onKey(state: DrawingState, key: DrawingKey, shift: boolean, ctx: DrawingContext): DrawingResult {
  const step = state.step;
  const arrow = key === 'ArrowUp' || key === 'ArrowDown' || key === 'ArrowLeft' || key === 'ArrowRight';
  switch (step.kind) {
    case 'placing': {
      if (key === 'Escape') return to({ ...state, step: { kind: 'idle' } });
      if (key === 'Enter') return state.cursor ? place(state, step, state.cursor, ctx) : same(state);
      if (arrow && state.cursor) {
        const cursor = movePoint(state.cursor, nudgeShift(key, shift, ctx.decimals), ctx.decimals, ctx.shiftTime);
        return to(cursor ? { ...state, cursor } : state);
      }
      return same(state);
    }
    case 'selected': {
      const d = ctx.drawings.find((x) => x.id === step.id);
      if (!d) return same({ ...state, step: { kind: 'idle' } });
      if (key === 'Escape') return to({ ...state, step: { kind: 'idle' } });
      if (key === 'Delete') return to({ ...state, step: { kind: 'idle' } }, { type: 'remove', id: d.id });
      if (key === 'Tab') return walk(state, ctx, shift);
      if (arrow) {
        const moved = moveDrawing(d, nudgeShift(key, shift, ctx.decimals), ctx.decimals, ctx.shiftTime);
        // A horizontal line or a range has no time: ← and → leave it (and the page) alone.
        if (!moved || sameDrawing(moved, d)) return to(state);
        return to(state, { type: 'change', drawing: moved });
      }
      return same(state);
    }
    case 'dragging':
      // Esc puts the drawing back where the drag began.
      if (key === 'Escape') return to({ ...state, step: { kind: 'selected', id: step.id } });
      return same(state);
    case 'idle':
      if (key === 'Tab') return walk(state, ctx, shift);
      return same(state);
  }
}

function onMove(state: DrawingState, at: ChartPoint, ctx: DrawingContext): DrawingResult {
  const step = state.step;
  if (step.kind === 'placing') return same({ ...state, cursor: at }, true);
  if (step.kind !== 'dragging') return same(state);
  let live: Drawing | null;
  if (step.part === 'body' || step.origin.kind === 'horizontal') {
    const shift = { price: dec(at.price).minus(step.grab.price), bars: ctx.barsBetween(step.grab.time, at.time) };
    live = moveDrawing(step.origin, shift, ctx.decimals, ctx.shiftTime);
  } else {
    live = moveEnd(step.origin, step.part, at);
  }
  if (!live) return same(state, true);
  return same({ ...state, step: { ...step, live } }, true);
}

export function next(state: DrawingState, event: DrawingEvent, ctx: DrawingContext): DrawingResult {
  const step = state.step;
  switch (event.type) {
    case 'tool':
      if (step.kind === 'placing' && step.tool === event.tool) return to({ ...state, step: { kind: 'idle' } });
      return to({ step: { kind: 'placing', tool: event.tool, first: null }, cursor: event.at ?? state.cursor });
    case 'select':
      if (event.id === null || !ctx.drawings.some((d) => d.id === event.id)) return to({ ...state, step: { kind: 'idle' } });
      return to({ ...state, step: { kind: 'selected', id: event.id } });
    case 'down':
      if (step.kind === 'placing') return place(state, step, event.at, ctx);
      if (step.kind === 'dragging') return same(state, true);
      if (event.hit) {
        const origin = ctx.drawings.find((d) => d.id === event.hit!.id);
        if (!origin) return same(state);
        return to({ ...state, step: { kind: 'dragging', id: origin.id, part: event.hit.part, origin, grab: event.at, live: origin } });
      }
      // A press on the bare chart lets go of the selection; the chart pans as usual.
      return same(step.kind === 'selected' ? { ...state, step: { kind: 'idle' } } : state);
    case 'move':
      return onMove(state, event.at, ctx);
    case 'up': {
      if (step.kind !== 'dragging') return same(state);
      const selected: DrawingState = { ...state, step: { kind: 'selected', id: step.id } };
      return to(selected, sameDrawing(step.live, step.origin) ? null : { type: 'change', drawing: step.live });
    }
    case 'key':
      return onKey(state, event.key, event.shift, ctx);
  }
}

/** The drawing as it is to be drawn now: the dragged one where the pointer has it. */
export function shownDrawings(state: DrawingState, drawings: readonly Drawing[]): readonly Drawing[] {
  const step = state.step;
  if (step.kind !== 'dragging') return drawings;
  return drawings.map((d) => (d.id === step.id ? step.live : d));
}

/** The id selected (dragging included), or null. */
export function selectedId(state: DrawingState): string | null {
  return state.step.kind === 'selected' || state.step.kind === 'dragging' ? state.step.id : null;
}
