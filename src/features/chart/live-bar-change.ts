import type { Bar } from './kline-buckets';

/** Where the volume histogram's area begins, as a share of the pane's height from the top (its price scale's top margin). */
export const VOLUME_SCALE_TOP = 0.82;

/**
 * Whether a live bar would change what the chart shows, against the bar last handed to the series.
 * Every redraw repaints the whole chart, and under a burst of trades most frames only add a sliver
 * of volume to the latest bar. A new bar, or any change of its open, high, low or close (the candle,
 * the last-price label, the volume colour), is shown. A volume change alone is shown once it moves
 * the bar by half a pixel at its tallest (the bar filling the volume area): however the trader
 * zooms later, the series' volume is never off by a visible amount. The history keeps the exact bar;
 * the series gets it with the next visible change or the next window.
 */
export function changesChart(sent: Bar | undefined, next: Bar, volumeAreaPx: number): boolean {
  if (!sent || sent.time !== next.time) return true;
  if (sent.open !== next.open || sent.high !== next.high || sent.low !== next.low || sent.close !== next.close) return true;
  return Math.abs(next.volume - sent.volume) * volumeAreaPx >= 0.5 * Math.max(next.volume, sent.volume);
}
