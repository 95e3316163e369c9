import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ChartPoint, DrawingTool } from '../../../lib/chart-drawing';
import { priceOnTick } from '../../../lib/chart-drawing';
import { IDLE, next, selectedId, shownDrawings, type DrawingEvent, type DrawingState } from '../../../lib/chart-drawing-machine';
import { drawingsOf, useChartDrawings } from '../../../stores/chart-drawings';
import type { ChartParts } from '../chart-parts';
import { barsFromTo, chartBars, shiftBars, type BarIndex } from './bar-axis';
import { DrawingsPrimitive } from './drawings-primitive';
import { useDrawingInput } from './use-drawing-input';

/** What the DOM around the chart shows of the machine: it changes on a step, never on a pointer move. */
export type DrawingView =
  | { kind: 'idle' }
  | { kind: 'placing'; tool: DrawingTool; second: boolean; cursor: ChartPoint | null }
  | { kind: 'selected'; id: string };


function viewOf(s: DrawingState, withCursor: boolean): DrawingView {
  const id = selectedId(s);
  if (id) return { kind: 'selected', id };
  if (s.step.kind === 'placing') return { kind: 'placing', tool: s.step.tool, second: s.step.first !== null, cursor: withCursor ? s.cursor : null };
  return { kind: 'idle' };
}

const newId = () => `d-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/**
 * The chart's drawings: a layer on the candles (drawings-primitive.ts), the pointer and the keys on
 * the chart turned into the machine's events (lib/chart-drawing-machine.ts), its effects kept per
 * market (stores/chart-drawings.ts). Pointer moves repaint the layer only; React hears of a step.
 * Call it after useOrderLineDrag: an order's line taken by the pointer is not also a drawing's.
 */
export function useDrawingLayer(a: {
  container: RefObject<HTMLDivElement | null>;
  parts: RefObject<ChartParts | null>;
  symbol: string;
  decimals: number;
  /** Seconds in one bar of the resolution shown. */
  interval: number;
}) {
  const latest = useRef(a);
  useLayoutEffect(() => {
    latest.current = a;
  });
  const drawings = useChartDrawings((s) => drawingsOf(s, a.symbol));
  const state = useRef<DrawingState>(IDLE);
  const [shown, setView] = useState<DrawingView>({ kind: 'idle' });
  const [full, setFull] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const layer = useRef<{ primitive: DrawingsPrimitive; bars: BarIndex } | null>(null);

  const paint = useCallback(() => {
    const s = state.current;
    const list = drawingsOf(useChartDrawings.getState(), latest.current.symbol);
    layer.current?.primitive.show({
      drawings: shownDrawings(s, list),
      selected: selectedId(s),
      placing: s.step.kind === 'placing' ? { tool: s.step.tool, first: s.step.first } : null,
      cursor: s.step.kind === 'placing' ? s.cursor : null,
      decimals: latest.current.decimals,
    });
  }, []);

  const dispatch = useCallback(
    (event: DrawingEvent, fromKeys = false) => {
      const l = latest.current;
      const bars = layer.current?.bars;
      const list = drawingsOf(useChartDrawings.getState(), l.symbol);
      const r = next(state.current, event, {
        drawings: list,
        decimals: l.decimals,
        shiftTime: (t, n) => (bars ? shiftBars(t, n, bars) : t + n * l.interval),
        barsBetween: (from, to) => (bars ? barsFromTo(from, to, bars) : Math.round((to - from) / l.interval)),
        newId,
      });
      state.current = r.state;
      const store = useChartDrawings.getState();
      const e = r.effect;
      if (e?.type === 'add' && !store.add(l.symbol, e.drawing)) {
        state.current = { ...r.state, step: { kind: 'idle' } };
        setFull(true);
      } else if (e?.type === 'add') setFull(false);
      if (e?.type === 'change') store.change(l.symbol, e.drawing);
      if (e?.type === 'remove') store.remove(l.symbol, e.id);
      paint();
      const v = viewOf(state.current, fromKeys);
      setView((old) => (JSON.stringify(old) === JSON.stringify(v) ? old : v));
      return r;
    },
    [paint],
  );

  // The layer on the candles, for the chart's life.
  useEffect(() => {
    const p = a.parts.current;
    if (!p || p.removed) return;
    const bars = chartBars(p.chart, p.candles, () => latest.current.interval);
    const primitive = new DrawingsPrimitive(bars);
    p.candles.attachPrimitive(primitive);
    layer.current = { primitive, bars };
    paint();
    return () => {
      layer.current = null;
      if (!p.removed) p.candles.detachPrimitive(primitive);
    };
  }, [a.parts, paint]);

  // Another market: nothing selected or being placed there (the view follows on the next step).
  const [viewSymbol, setViewSymbol] = useState(a.symbol);
  if (viewSymbol !== a.symbol) {
    setViewSymbol(a.symbol);
    setView({ kind: 'idle' });
  }
  useEffect(() => {
    state.current = IDLE;
  }, [a.symbol]);
  // The store changed (this tab, the list's Delete), or the places: the layer repaints; a selected
  // drawing that went is let go.
  useEffect(() => {
    const s = state.current;
    const id = selectedId(s);
    if (id && !drawings.some((d) => d.id === id)) state.current = { ...s, step: { kind: 'idle' } };
    paint();
  }, [drawings, a.decimals, paint]);
  const view: DrawingView = shown.kind === 'selected' && !drawings.some((d) => d.id === shown.id) ? { kind: 'idle' } : shown;

  useDrawingInput({ container: a.container, latest, layer, state, dispatch });

  /** A tool chosen from the buttons: the keyboard's cursor starts at the last bar's close, the chart takes the focus. */
  const choose = useCallback(
    (tool: DrawingTool) => {
      const p = latest.current.parts.current;
      const bars = layer.current?.bars;
      let at: ChartPoint | null = null;
      const last = bars?.last() ?? null;
      if (p && !p.removed && last !== null) {
        const bar = p.candles.dataByIndex(last);
        const price = bar && 'close' in bar ? priceOnTick(bar.close, latest.current.decimals) : null;
        if (bar && price) at = { time: bar.time as number, price };
      }
      dispatch({ type: 'tool', tool, at }, true);
      latest.current.container.current?.focus({ preventScroll: true });
    },
    [dispatch],
  );
  const select = useCallback((id: string | null) => dispatch({ type: 'select', id }), [dispatch]);
  const remove = useCallback((id: string) => useChartDrawings.getState().remove(latest.current.symbol, id), []);
  /** Esc from outside the chart (the toolbar): as on the chart. */
  const cancel = useCallback(() => dispatch({ type: 'key', key: 'Escape', shift: false }), [dispatch]);

  return { drawings, view, full, choose, select, remove, cancel, listOpen, setListOpen };
}

export type DrawingLayer = ReturnType<typeof useDrawingLayer>;
