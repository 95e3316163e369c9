import { ColorType, CrosshairMode, type CandlestickSeriesPartialOptions, type ChartOptions, type DeepPartial } from 'lightweight-charts';

/** The chart's colours: literal, as the canvas needs them, read from the app's CSS tokens (src/app/styles.css). */
export interface ChartPalette {
  panel: string;
  line: string;
  grid: string;
  text: string;
  /** The crosshair's lines and axis labels. */
  crosshair: string;
  up: string;
  down: string;
  upFaded: string;
  downFaded: string;
  accent: string;
  warn: string;
}

/** The CSS custom property each colour is read from. */
export const PALETTE_TOKENS = {
  panel: '--color-panel',
  line: '--color-line',
  grid: '--chart-grid',
  text: '--color-muted',
  crosshair: '--color-field',
  up: '--color-up',
  down: '--color-down',
  accent: '--color-accent',
  warn: '--color-warn',
} as const satisfies Partial<Record<keyof ChartPalette, string>>;

/** The dark theme with green up: what the chart draws where no CSS is read (tests). */
const DARK_GREEN_UP: Record<keyof typeof PALETTE_TOKENS, string> = {
  panel: '#11151d',
  line: '#222a36',
  grid: '#181e29',
  text: '#8c96a8',
  crosshair: '#646f82',
  up: '#22c55e',
  down: '#f87171',
  accent: '#2dd4bf',
  warn: '#f59e0b',
};

/** `#rrggbb` at an opacity, as rgba(); any other colour string as it is. */
export function faded(colour: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  if (!m) return colour;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => parseInt(h, 16));
  return `rgba(${r},${g},${b},${alpha})`;
}

/**
 * The palette from the values of the CSS tokens (`read('--color-up')` → '#22c55e'); a token that
 * reads empty keeps the dark theme's colour.
 */
export function paletteFrom(read: (token: string) => string): ChartPalette {
  const out = {} as Record<keyof typeof PALETTE_TOKENS, string>;
  for (const [key, token] of Object.entries(PALETTE_TOKENS) as [keyof typeof PALETTE_TOKENS, string][]) out[key] = read(token).trim() || DARK_GREEN_UP[key];
  return { ...out, upFaded: faded(out.up, 0.35), downFaded: faded(out.down, 0.35) };
}

/**
 * The colours in use now. Changed in place when the theme or colour convention changes
 * (use-chart-palette.ts), so whoever reads it at drawing time (lines, volume bars) draws in the
 * current colours.
 */
export const palette: ChartPalette = paletteFrom(() => '');

/** Reads the tokens as <html> has them now into `palette`. */
export function refreshPalette(root: Element = document.documentElement): void {
  const style = getComputedStyle(root);
  Object.assign(palette, paletteFrom((token) => style.getPropertyValue(token)));
}

/** The chart's colours alone: what changes with the theme (applyOptions leaves the rest, the view included). */
export function chartColours(p: ChartPalette = palette): DeepPartial<ChartOptions> {
  const line = { color: p.crosshair, labelBackgroundColor: p.crosshair };
  return {
    layout: { background: { type: ColorType.Solid, color: p.panel }, textColor: p.text, panes: { separatorColor: p.line, separatorHoverColor: faded(p.accent, 0.25) } },
    grid: { vertLines: { color: p.grid }, horzLines: { color: p.grid } },
    crosshair: { vertLine: line, horzLine: line },
    rightPriceScale: { borderColor: p.line },
    timeScale: { borderColor: p.line },
  };
}

/** The candles' colours: up and down bodies and wicks. */
export function candleColours(p: ChartPalette = palette): CandlestickSeriesPartialOptions {
  return { upColor: p.up, downColor: p.down, wickUpColor: p.up, wickDownColor: p.down, borderVisible: false };
}

export function chartOptions(p: ChartPalette = palette): DeepPartial<ChartOptions> {
  const colours = chartColours(p);
  return {
    ...colours,
    autoSize: true,
    layout: {
      ...colours.layout,
      fontSize: 11,
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS font list
      fontFamily: "'JetBrains Mono', ui-monospace, Menlo, monospace",
      attributionLogo: false,
    },
    crosshair: { ...colours.crosshair, mode: CrosshairMode.Normal },
    timeScale: { ...colours.timeScale, timeVisible: true, secondsVisible: false, rightOffset: 6 },
  };
}
