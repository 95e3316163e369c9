import { HistogramSeries, LineSeries, LineStyle, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { Bar } from '../kline-buckets';
import { INDICATOR_KINDS, type IndicatorSettings } from '../../../lib/indicator-catalog';
import { IndicatorHistory, type IndicatorLines } from './indicator-run';
import { lineColour } from './indicator-colours';

const RSI_GUIDE = 'rgba(140,150,168,0.5)';

/** One indicator on the chart: its values over the whole history and a series per line. */
interface Drawn {
  settings: IndicatorSettings;
  history: IndicatorHistory;
  series: Map<string, ISeriesApi<'Line'> | ISeriesApi<'Histogram'>>;
}

type Point = { time: UTCTimestamp; value: number; color?: string } | { time: UTCTimestamp };

function pointOf(time: number, lines: IndicatorLines | null, line: string, histogramColours?: { up: string; down: string }): Point {
  const value = lines?.[line];
  const t = time as UTCTimestamp;
  if (value === undefined) return { time: t }; // whitespace: no value yet (warming up)
  if (histogramColours) return { time: t, value, color: value >= 0 ? histogramColours.up : histogramColours.down };
  return { time: t, value };
}

/**
 * The chart's indicators, kept beside the candles by use-candles.ts: the whole history computed once
 * (`rebuild`), a live bar ticked in O(1) (`tick`), and the series handed the same window of bars the
 * candles have (`show`) so a live trade or a page costs the same at 50,000 loaded bars as at 300.
 * Overlays share the candles' pane and price scale; RSI, MACD and volume each get a pane below.
 */
export class IndicatorLayer {
  private drawn: Drawn[] = [];
  private bars: readonly Bar[] = [];
  private window = { start: 0, end: 0 };
  private listeners = new Set<() => void>();
  /** Bumped whenever a value the legend shows may have changed. */
  version = 0;

  constructor(
    private readonly chart: IChartApi,
    private readonly colours: () => { up: string; down: string },
  ) {}

  /** The trader's list changed (added, removed, a parameter, a colour, hidden): series made to match. */
  sync(list: readonly IndicatorSettings[]): void {
    const keep = new Map(this.drawn.map((d) => [d.settings.id, d]));
    const next: Drawn[] = [];
    for (const d of this.drawn) {
      const now = list.find((s) => s.id === d.settings.id);
      if (!now || now.kind !== d.settings.kind || now.params.join() !== d.settings.params.join()) {
        this.removeSeries(d);
        keep.delete(d.settings.id);
      }
    }
    let pane = 1;
    for (const s of list) {
      const place = INDICATOR_KINDS[s.kind].place;
      const paneIndex = place === 'overlay' ? 0 : pane++;
      let d = keep.get(s.id);
      if (!d) {
        d = { settings: s, history: new IndicatorHistory(s.kind, s.params), series: new Map() };
        d.history.rebuild(this.bars);
        this.addSeries(d, paneIndex);
        this.fill(d);
      } else {
        d.settings = s;
        for (const series of d.series.values()) if (series.getPane().paneIndex() !== paneIndex) series.moveToPane(paneIndex);
      }
      this.style(d);
      next.push(d);
    }
    this.drawn = next;
    this.dropEmptyPanes();
    this.changed();
  }

  /** Calls `listener` when the values may have changed (the legend re-reads them); returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.version += 1;
    for (const l of this.listeners) l();
  }

  /** The whole history changed (the first page, a reconnect's tail, an older page in front). */
  rebuild(bars: readonly Bar[]): void {
    this.bars = bars;
    for (const d of this.drawn) d.history.rebuild(bars);
    this.changed();
  }

  /** The series show history[start, end), as the candles do. */
  show(start: number, end: number): void {
    this.window = { start, end };
    for (const d of this.drawn) this.fill(d);
  }

  /** A live bar (the last one changed, or a new one): each indicator takes it in O(1). */
  tick(bars: readonly Bar[], bar: Bar): void {
    this.bars = bars;
    for (const d of this.drawn) d.history.tick(bar);
    if (this.drawn.length > 0) this.changed();
  }

  /**
   * The series take the bar at `time` (one of the latest), when the candles take it:
   * a trade that changes nothing the chart shows redraws no indicator either (live-bar-change.ts).
   */
  draw(time: number): void {
    let i = this.bars.length - 1;
    while (i >= 0 && this.bars[i]!.time > time) i--;
    if (i < 0 || this.bars[i]!.time !== time) return;
    for (const d of this.drawn) {
      const v = d.history.values[i] ?? null;
      for (const [line, series] of d.series) series.update(pointOf(time, v, line, this.histogramColours(d, line)) as never);
    }
    this.window = { start: this.window.start, end: this.bars.length };
  }

  /** The values at the bar `index` of the history (for the legend at the crosshair). */
  valuesAt(index: number): { settings: IndicatorSettings; lines: IndicatorLines | null }[] {
    return this.drawn.map((d) => ({ settings: d.settings, lines: d.history.values[index] ?? null }));
  }

  /** The values at the latest bar (the legend without a crosshair). */
  latest(): { settings: IndicatorSettings; lines: IndicatorLines | null }[] {
    return this.valuesAt(this.bars.length - 1);
  }

  get windowStart(): number {
    return this.window.start;
  }

  /** The theme changed: every line takes its colour again (MACD's histogram the up / down ones). */
  restyle(): void {
    for (const d of this.drawn) {
      this.style(d);
      this.fill(d);
    }
  }

  private histogramColours(d: Drawn, line: string) {
    if (line === 'histogram') return this.colours();
    return undefined;
  }

  private addSeries(d: Drawn, paneIndex: number): void {
    for (const line of INDICATOR_KINDS[d.settings.kind].lines) {
      const histogram = line === 'histogram' || (d.settings.kind === 'volume' && line === 'volume');
      const common = { lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false };
      const series = histogram
        ? this.chart.addSeries(HistogramSeries, { ...common, priceFormat: d.settings.kind === 'volume' ? { type: 'volume' } : { type: 'price', precision: 4, minMove: 0.0001 } }, paneIndex)
        : this.chart.addSeries(LineSeries, { ...common, lineWidth: 1 }, paneIndex);
      d.series.set(line, series);
      // RSI's overbought and oversold levels, as every venue's RSI draws them.
      if (d.settings.kind === 'rsi') for (const level of [70, 30]) series.createPriceLine({ price: level, color: RSI_GUIDE, lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: false, title: '' });
    }
    if (paneIndex > 0) this.chart.panes()[paneIndex]?.setStretchFactor(0.35);
  }

  private style(d: Drawn): void {
    for (const [line, series] of d.series) series.applyOptions({ visible: d.settings.visible, color: lineColour(d.settings.color, d.settings.kind, line) });
  }

  private fill(d: Drawn): void {
    const { start, end } = this.window;
    for (const [line, series] of d.series) {
      const colours = this.histogramColours(d, line);
      const data: Point[] = [];
      for (let i = start; i < end && i < this.bars.length; i++) data.push(pointOf(this.bars[i]!.time, d.history.values[i] ?? null, line, colours));
      series.setData(data as never);
    }
  }

  private removeSeries(d: Drawn): void {
    for (const series of d.series.values()) this.chart.removeSeries(series);
    d.series.clear();
  }

  /** Panes left without a series (an indicator removed) go, bottom first, so the candles take the room. */
  private dropEmptyPanes(): void {
    const panes = this.chart.panes();
    for (let i = panes.length - 1; i > 0; i--) if (panes[i]!.getSeries().length === 0) this.chart.removePane(i);
  }
}
