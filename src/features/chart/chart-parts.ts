import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import type { IndicatorLayer } from './indicators/indicator-layer';

/** The chart, its candles and volume, and the indicators, created once per mount. */
export interface ChartParts {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  /** The trader's indicators, fed the same history and window as the candles. */
  indicators: IndicatorLayer;
  /**
   * Set just before `chart.remove()`. Any call on a removed chart (a price line removed, an
   * unsubscribe) schedules a repaint that throws "Object is disposed" a frame later: cleanups that
   * run after the chart's own check this and leave it alone.
   */
  removed: boolean;
}
