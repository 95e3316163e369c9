import type {
  IPrimitivePaneView,
  ISeriesPrimitive,
  ISeriesPrimitiveAxisView,
  PrimitiveHoveredItem,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';
import { rangeChange, type ChartPoint, type Drawing, type DrawingTool } from '../../../lib/chart-drawing';
import { hitDrawing, type DrawingShape, type Px } from '../../../lib/chart-drawing-hit';
import { showSigned } from '../../../lib/display';
import { palette } from '../chart-theme';
import { timeToLogical, type BarIndex } from './bar-axis';
import { DrawingsRenderer, type DrawingFrame, type DrawingPreview } from './drawings-renderer';

/** What the layer draws: the drawings as shown now, the one selected, and a point being placed. */
export interface DrawingScene {
  drawings: readonly Drawing[];
  selected: string | null;
  placing: { tool: DrawingTool; first: ChartPoint | null } | null;
  cursor: ChartPoint | null;
  decimals: number;
}

class AxisLabel implements ISeriesPrimitiveAxisView {
  constructor(
    private readonly y: number,
    private readonly label: string,
  ) {}
  coordinate = () => this.y;
  text = () => this.label;
  textColor = () => palette.panel;
  backColor = () => palette.warn;
}

/**
 * The drawings as a series primitive on the candles: coordinates worked out once per repaint
 * (`updateAllViews`, a handful of lines: nothing when there are none), painted on the candles' pane,
 * prices labelled on the price scale, and the chart's own cursor over them (`hitTest`).
 */
export class DrawingsPrimitive implements ISeriesPrimitive<Time> {
  private param: SeriesAttachedParameter<Time> | null = null;
  private scene: DrawingScene = { drawings: [], selected: null, placing: null, cursor: null, decimals: 2 };
  private frame: DrawingFrame = { shapes: [], selected: null, labels: new Map(), cursor: null, preview: null };
  private views: IPrimitivePaneView[] = [];
  /** The one pane view, the same object every frame (the chart caches by reference). */
  private readonly view: IPrimitivePaneView = { zOrder: () => 'top', renderer: () => new DrawingsRenderer(this.frame) };
  private axis: ISeriesPrimitiveAxisView[] = [];

  constructor(private readonly bars: BarIndex) {}

  attached(param: SeriesAttachedParameter<Time>): void {
    this.param = param;
  }

  detached(): void {
    this.param = null;
  }

  /** A new scene (the drawings changed, a drag moved, the cursor moved): repainted on the next frame. */
  show(scene: DrawingScene): void {
    this.scene = scene;
    this.placed = '';
    this.param?.requestUpdate();
  }

  /** The scene and the chart's places the frame was worked out for: a live tick that moves neither reuses it. */
  private placed = '';

  /** The drawings' places on screen now (hit-testing a press uses the frame last painted). */
  shapes(): readonly DrawingShape[] {
    return this.frame.shapes;
  }

  updateAllViews(): void {
    const s = this.scene;
    const param = this.param;
    if (!param || (s.drawings.length === 0 && !s.cursor && !s.placing)) {
      if (this.views.length > 0 || this.axis.length > 0) {
        this.frame = { shapes: [], selected: null, labels: new Map(), cursor: null, preview: null };
        this.views = [];
        this.axis = [];
      }
      return;
    }
    // Where the chart puts two prices and two bars, and its last bar: what every drawing's place follows.
    const scale = param.chart.timeScale();
    const placed = `${param.series.priceToCoordinate(1)}|${param.series.priceToCoordinate(2)}|${scale.logicalToCoordinate(0 as never)}|${scale.logicalToCoordinate(1 as never)}|${this.bars.last()}`;
    if (placed === this.placed) return;
    this.placed = placed;
    const y = (price: string) => param.series.priceToCoordinate(Number(price));
    const x = (time: number) => {
      const l = timeToLogical(time, this.bars);
      return l === null ? null : param.chart.timeScale().logicalToCoordinate(l as never);
    };
    const at = (p: ChartPoint): Px | null => {
      const px = x(p.time);
      const py = y(p.price);
      return px === null || py === null ? null : { x: px, y: py };
    };
    const shapes: DrawingShape[] = [];
    const labels = new Map<string, string>();
    const axis: ISeriesPrimitiveAxisView[] = [];
    const fmt = (price: string) => param.series.priceFormatter().format(Number(price));
    for (const d of s.drawings) {
      if (d.kind === 'horizontal') {
        const py = y(d.price);
        if (py === null) continue;
        shapes.push({ id: d.id, kind: 'horizontal', y: py });
        axis.push(new AxisLabel(py, fmt(d.price)));
      } else if (d.kind === 'trend') {
        const a = at(d.a);
        const b = at(d.b);
        if (a && b) shapes.push({ id: d.id, kind: 'trend', a, b });
      } else {
        const y1 = y(d.from);
        const y2 = y(d.to);
        if (y1 === null || y2 === null) continue;
        shapes.push({ id: d.id, kind: 'range', y1, y2 });
        const { diff, percent } = rangeChange(d);
        labels.set(d.id, `${showSigned(diff, s.decimals)} (${showSigned(percent, 2)}%)`);
        axis.push(new AxisLabel(y1, fmt(d.from)), new AxisLabel(y2, fmt(d.to)));
      }
    }
    const cursor = s.cursor ? at(s.cursor) : null;
    let preview: DrawingPreview | null = null;
    if (s.placing && s.cursor && cursor) {
      const first = s.placing.first ? at(s.placing.first) : null;
      if (s.placing.tool === 'horizontal') preview = { kind: 'horizontal', y: cursor.y };
      else if (first && s.placing.tool === 'trend') preview = { kind: 'trend', a: first, b: cursor };
      else if (first) preview = { kind: 'range', y1: first.y, y2: cursor.y };
      axis.push(new AxisLabel(cursor.y, fmt(s.cursor.price)));
    }
    this.frame = { shapes, selected: s.selected, labels, cursor: s.placing ? cursor : null, preview };
    if (this.views.length === 0) this.views = [this.view];
    this.axis = axis;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }

  priceAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    return this.axis;
  }

  hitTest(x: number, y: number): PrimitiveHoveredItem | null {
    if (this.scene.placing) return { externalId: 'drawing-placing', zOrder: 'top', cursorStyle: 'crosshair' };
    const hit = hitDrawing(this.frame.shapes, { x, y });
    if (!hit) return null;
    return { externalId: `drawing-${hit.id}`, zOrder: 'top', cursorStyle: hit.part === 'body' ? 'move' : 'grab' };
  }
}
