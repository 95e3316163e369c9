import { ColorType, CrosshairMode, type DeepPartial, type ChartOptions } from 'lightweight-charts';

/** The app's dark palette (src/app/styles.css @theme), as the chart needs literal colours. */
export const palette = {
  panel: '#11151d',
  line: '#222a36',
  grid: '#181e29',
  text: '#7d8799',
  up: '#22c55e',
  down: '#ef4444',
  upFaded: 'rgba(34,197,94,0.35)',
  downFaded: 'rgba(239,68,68,0.35)',
  accent: '#2dd4bf',
  warn: '#f59e0b',
};

export function chartOptions(): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: palette.panel },
      textColor: palette.text,
      fontSize: 11,
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS font list
      fontFamily: "'JetBrains Mono', ui-monospace, Menlo, monospace",
      attributionLogo: false,
    },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    crosshair: { mode: CrosshairMode.Normal },
    rightPriceScale: { borderColor: palette.line },
    timeScale: { borderColor: palette.line, timeVisible: true, secondsVisible: false, rightOffset: 6 },
  };
}
