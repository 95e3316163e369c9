import { useEffect, type RefObject } from 'react';
import { priceOnTick, type ChartPoint } from '../../../lib/chart-drawing';
import { hitDrawing } from '../../../lib/chart-drawing-hit';
import type { DrawingEvent, DrawingKey, DrawingResult, DrawingState } from '../../../lib/chart-drawing-machine';
import type { ChartParts } from '../chart-parts';
import { logicalToTime, type BarIndex } from './bar-axis';
import type { DrawingsPrimitive } from './drawings-primitive';

const KEYS: Record<string, DrawingKey> = {
  ArrowUp: 'ArrowUp',
  ArrowDown: 'ArrowDown',
  ArrowLeft: 'ArrowLeft',
  ArrowRight: 'ArrowRight',
  Enter: 'Enter',
  Escape: 'Escape',
  Delete: 'Delete',
  Backspace: 'Delete',
  Tab: 'Tab',
};

/**
 * The pointer and the keys on the chart, as the drawing machine's events. Placing takes a press
 * before anything else (an order's line, the chart's pan: listened for on the chart's parent, in
 * capture); otherwise a press on a drawing takes it, unless an order's line took it first (its
 * listener on the chart runs before this one). While a drawing is held the chart neither pans nor
 * zooms. The keys are the chart's when it has the focus (a tool or a drawing's Select gives it).
 */
export function useDrawingInput(a: {
  container: RefObject<HTMLDivElement | null>;
  latest: RefObject<{ parts: RefObject<ChartParts | null>; decimals: number }>;
  layer: RefObject<{ primitive: DrawingsPrimitive; bars: BarIndex } | null>;
  state: RefObject<DrawingState>;
  dispatch: (event: DrawingEvent, fromKeys?: boolean) => DrawingResult;
}) {
  const { container, latest, layer, state, dispatch } = a;
  useEffect(() => {
    const el = container.current;
    const zone = el?.parentElement;
    if (!el || !zone) return;
    let taken: number | null = null;
    const pointAt = (e: { clientX: number; clientY: number }): ChartPoint | null => {
      const p = latest.current.parts.current;
      const bars = layer.current?.bars;
      if (!p || p.removed || !bars) return null;
      const box = el.getBoundingClientRect();
      const x = e.clientX - box.left;
      const y = e.clientY - box.top;
      // On the candles' plot only: not the price scale, not a lower indicator pane.
      if (x < 0 || x > p.chart.timeScale().width() || y < 0 || y > (p.chart.panes()[0]?.getHeight() ?? 0)) return null;
      const logical = p.chart.timeScale().coordinateToLogical(x);
      const time = logical === null ? null : logicalToTime(logical, bars);
      const price = priceOnTick(p.candles.coordinateToPrice(y), latest.current.decimals);
      return time === null || price === null ? null : { time, price };
    };
    const freeze = (on: boolean) => latest.current.parts.current?.chart.applyOptions({ handleScroll: !on, handleScale: !on });
    const take = (e: PointerEvent) => {
      e.preventDefault();
      e.stopPropagation();
      taken = e.pointerId;
      el.setPointerCapture(e.pointerId);
      // The keys that follow (Delete, arrows, Esc) are the chart's: the press gives it the focus.
      el.focus({ preventScroll: true });
    };

    // Placing: the press is the point's, before an order's line or the chart's pan sees it.
    const onZoneDown = (e: PointerEvent) => {
      if (e.button !== 0 || state.current.step.kind !== 'placing' || !el.contains(e.target as Node)) return;
      const at = pointAt(e);
      if (!at) return;
      take(e);
      dispatch({ type: 'down', at, hit: null });
    };
    // Otherwise a press on a drawing takes it (unless an order's line took the press first).
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0 || e.defaultPrevented || taken !== null) return;
      const box = el.getBoundingClientRect();
      const hit = layer.current ? hitDrawing(layer.current.primitive.shapes(), { x: e.clientX - box.left, y: e.clientY - box.top }) : null;
      const at = pointAt(e);
      if (!at) return;
      const r = dispatch({ type: 'down', at, hit });
      if (state.current.step.kind !== 'dragging' || !r.handled) return;
      take(e);
      freeze(true);
    };
    const onMove = (e: PointerEvent) => {
      const kind = state.current.step.kind;
      if (kind !== 'placing' && kind !== 'dragging') return;
      const at = pointAt(e);
      if (!at) return;
      if (kind === 'dragging') e.stopPropagation();
      dispatch({ type: 'move', at });
    };
    const onUp = (e: PointerEvent) => {
      if (taken === null || e.pointerId !== taken) return;
      e.stopPropagation();
      if (el.hasPointerCapture(taken)) el.releasePointerCapture(taken);
      taken = null;
      if (state.current.step.kind === 'dragging') {
        freeze(false);
        dispatch({ type: 'up' });
      }
    };
    const onCancel = () => {
      if (taken === null) return;
      taken = null;
      freeze(false);
      if (state.current.step.kind === 'dragging') dispatch({ type: 'key', key: 'Escape', shift: false });
    };
    const onTouch = (e: TouchEvent) => {
      if (taken !== null) e.stopPropagation();
    };
    const onKey = (e: KeyboardEvent) => {
      const key = KEYS[e.key];
      if (!key || e.altKey || e.ctrlKey || e.metaKey) return;
      const wasDragging = state.current.step.kind === 'dragging';
      const r = dispatch({ type: 'key', key, shift: e.shiftKey }, true);
      if (wasDragging && key === 'Escape') freeze(false);
      if (r.handled) {
        e.preventDefault();
        e.stopPropagation();
      }
    };

    zone.addEventListener('pointerdown', onZoneDown, true);
    el.addEventListener('pointerdown', onDown, true);
    el.addEventListener('pointermove', onMove, true);
    el.addEventListener('pointerup', onUp, true);
    el.addEventListener('pointercancel', onCancel, true);
    el.addEventListener('touchstart', onTouch, true);
    el.addEventListener('touchmove', onTouch, true);
    el.addEventListener('keydown', onKey);
    return () => {
      zone.removeEventListener('pointerdown', onZoneDown, true);
      el.removeEventListener('pointerdown', onDown, true);
      el.removeEventListener('pointermove', onMove, true);
      el.removeEventListener('pointerup', onUp, true);
      el.removeEventListener('pointercancel', onCancel, true);
      el.removeEventListener('touchstart', onTouch, true);
      el.removeEventListener('touchmove', onTouch, true);
      el.removeEventListener('keydown', onKey);
    };
  }, [container, latest, layer, state, dispatch]);
}
