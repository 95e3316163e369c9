import { describe, expect, it } from 'vitest';
import type { ChartPoint, Drawing } from './chart-drawing';
import { IDLE, next, selectedId, shownDrawings, type DrawingEvent, type DrawingResult, type DrawingState } from './chart-drawing-machine';

const T = 1_764_374_400;
const BAR = 900;

/** A chart of 15-minute bars with a store: effects applied as the view applies them. */
function run(events: DrawingEvent[], start: { state?: DrawingState; drawings?: Drawing[] } = {}) {
  let drawings = start.drawings ?? [];
  let state = start.state ?? IDLE;
  let n = 0;
  let last: DrawingResult | null = null;
  for (const e of events) {
    last = next(state, e, {
      drawings,
      decimals: 1,
      shiftTime: (t, k) => t + k * BAR,
      barsBetween: (a, b) => Math.round((b - a) / BAR),
      newId: () => `d${++n}`,
    });
    state = last.state;
    const eff = last.effect;
    if (eff?.type === 'add') drawings = [...drawings, eff.drawing];
    if (eff?.type === 'change') drawings = drawings.map((d) => (d.id === eff.drawing.id ? eff.drawing : d));
    if (eff?.type === 'remove') drawings = drawings.filter((d) => d.id !== eff.id);
  }
  return { state, drawings, last: last! };
}

const at = (bars: number, price: string): ChartPoint => ({ time: T + bars * BAR, price });
const key = (k: Extract<DrawingEvent, { type: 'key' }>['key'], shift = false): DrawingEvent => ({ type: 'key', key: k, shift });

describe('drawing with the pointer', () => {
  it('places a trend line with two presses, then has it selected', () => {
    const r = run([
      { type: 'tool', tool: 'trend', at: null },
      { type: 'down', at: at(0, '100.0'), hit: null },
      { type: 'move', at: at(3, '101.0') },
      { type: 'down', at: at(4, '102.0'), hit: null },
    ]);
    expect(r.drawings).toEqual([{ id: 'd1', kind: 'trend', a: at(0, '100.0'), b: at(4, '102.0') }]);
    expect(r.state.step).toEqual({ kind: 'selected', id: 'd1' });
  });

  it('keeps waiting for the second point when it is pressed on the first', () => {
    const r = run([
      { type: 'tool', tool: 'trend', at: null },
      { type: 'down', at: at(0, '100.0'), hit: null },
      { type: 'down', at: at(0, '100.0'), hit: null },
    ]);
    expect(r.drawings).toEqual([]);
    expect(r.state.step).toMatchObject({ kind: 'placing', first: at(0, '100.0') });
  });

  it('drags a trend line by its body (ticks and bars) and by one end; Esc puts a drag back', () => {
    const trend: Drawing = { id: 't', kind: 'trend', a: at(0, '100.0'), b: at(4, '102.0') };
    const body = run(
      [
        { type: 'down', at: at(2, '101.0'), hit: { id: 't', part: 'body' } },
        { type: 'move', at: at(3, '101.5') },
      ],
      { drawings: [trend] },
    );
    // While dragging, the store is untouched; the view draws the live one.
    expect(body.drawings).toEqual([trend]);
    expect(shownDrawings(body.state, body.drawings)[0]).toEqual({ id: 't', kind: 'trend', a: at(1, '100.5'), b: at(5, '102.5') });
    const dropped = run([{ type: 'up' }], { state: body.state, drawings: [trend] });
    expect(dropped.drawings[0]).toEqual({ id: 't', kind: 'trend', a: at(1, '100.5'), b: at(5, '102.5') });
    expect(selectedId(dropped.state)).toBe('t');

    const end = run(
      [
        { type: 'down', at: at(4, '102.0'), hit: { id: 't', part: 'b' } },
        { type: 'move', at: at(9, '99.0') },
        key('Escape'),
        { type: 'up' },
      ],
      { drawings: [trend] },
    );
    expect(end.drawings).toEqual([trend]);
    expect(end.state.step).toEqual({ kind: 'selected', id: 't' });
  });

  it('a press on the bare chart lets the selection go and is not taken (the chart pans)', () => {
    const r = run([{ type: 'down', at: at(0, '1.0'), hit: null }], { state: { step: { kind: 'selected', id: 'h' }, cursor: null }, drawings: [{ id: 'h', kind: 'horizontal', price: '5.0' }] });
    expect(r.state.step).toEqual({ kind: 'idle' });
    expect(r.last.handled).toBe(false);
  });
});

describe('drawing with the keyboard', () => {
  it('places a horizontal line at the cursor moved by ticks (×10 with Shift)', () => {
    const r = run([{ type: 'tool', tool: 'horizontal', at: at(0, '100.0') }, key('ArrowUp', true), key('ArrowUp'), key('ArrowDown'), key('ArrowDown'), key('Enter')]);
    expect(r.drawings).toEqual([{ id: 'd1', kind: 'horizontal', price: '100.9' }]);
    expect(r.state.step).toEqual({ kind: 'selected', id: 'd1' });
  });

  it('places a trend line by arrows and Enter twice: ← / → move a bar', () => {
    const r = run([{ type: 'tool', tool: 'trend', at: at(10, '100.0') }, key('ArrowLeft', true), key('Enter'), key('ArrowRight', true), key('ArrowRight'), key('ArrowUp'), key('Enter')]);
    expect(r.drawings).toEqual([{ id: 'd1', kind: 'trend', a: at(0, '100.0'), b: at(11, '100.1') }]);
  });

  it('Esc cancels placing; choosing the same tool again puts it down', () => {
    expect(run([{ type: 'tool', tool: 'range', at: at(0, '1.0') }, key('Enter'), key('Escape')]).state.step).toEqual({ kind: 'idle' });
    expect(run([{ type: 'tool', tool: 'range', at: null }, { type: 'tool', tool: 'range', at: null }]).state.step).toEqual({ kind: 'idle' });
  });

  const two: Drawing[] = [
    { id: 'a', kind: 'horizontal', price: '5.0' },
    { id: 'b', kind: 'trend', a: at(0, '1.0'), b: at(2, '2.0') },
  ];

  it('Tab walks the drawings and lets the focus go past the last; Shift+Tab walks back', () => {
    const first = run([key('Tab')], { drawings: two });
    expect(first.state.step).toEqual({ kind: 'selected', id: 'a' });
    expect(first.last.handled).toBe(true);
    const second = run([key('Tab'), key('Tab')], { drawings: two });
    expect(second.state.step).toEqual({ kind: 'selected', id: 'b' });
    const out = run([key('Tab'), key('Tab'), key('Tab')], { drawings: two });
    expect(out.state.step).toEqual({ kind: 'idle' });
    expect(out.last.handled).toBe(false);
    expect(run([key('Tab', true)], { drawings: two }).state.step).toEqual({ kind: 'selected', id: 'b' });
    // With nothing drawn, Tab is the page's.
    expect(run([key('Tab')]).last.handled).toBe(false);
  });

  it('arrows move the selected drawing by a bar and a tick', () => {
    const moved = run([key('Tab'), key('Tab'), key('ArrowRight'), key('ArrowDown')], { drawings: two });
    expect(moved.drawings[1]).toEqual({ id: 'b', kind: 'trend', a: at(1, '0.9'), b: at(3, '1.9') });
    expect(moved.last.handled).toBe(true);
  });

  it('refuses a move below a positive price, keeps a horizontal line on ←, and Delete / Esc', () => {
    const below = run([key('Tab'), key('Tab'), key('ArrowDown', true)], { drawings: two });
    expect(below.drawings[1]).toEqual(two[1]);
    const left = run([key('Tab'), key('ArrowLeft')], { drawings: two });
    expect(left.last.effect).toBeNull();
    expect(left.last.handled).toBe(true);
    const deleted = run([key('Tab'), key('Delete')], { drawings: two });
    expect(deleted.drawings.map((d) => d.id)).toEqual(['b']);
    expect(deleted.state.step).toEqual({ kind: 'idle' });
    expect(run([key('Tab'), key('Escape')], { drawings: two }).state.step).toEqual({ kind: 'idle' });
  });

  it('selects from the list, and not one that is gone', () => {
    expect(run([{ type: 'select', id: 'b' }], { drawings: two }).state.step).toEqual({ kind: 'selected', id: 'b' });
    expect(run([{ type: 'select', id: 'zz' }], { drawings: two }).state.step).toEqual({ kind: 'idle' });
  });
});
