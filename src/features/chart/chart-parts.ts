import type { IChartApi, ISeriesApi } from 'lightweight-charts';

/** The chart and its two series, created once per mount. */
export interface ChartParts {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
}
