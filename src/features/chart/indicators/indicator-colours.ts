/** The colours an indicator can take (the editor's swatches): readable on the dark and the light panel. */
export const INDICATOR_COLOURS = ['#f59e0b', '#3b82f6', '#a855f7', '#ec4899', '#14b8a6', '#eab308', '#64748b'] as const;
export type IndicatorColour = (typeof INDICATOR_COLOURS)[number];

function withAlpha(colour: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return colour;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => parseInt(h, 16));
  return `rgba(${r},${g},${b},${alpha})`;
}

/** The palette's next colour after `colour`: a second line that must read apart from the first (MACD's signal). */
function partner(colour: string): string {
  const i = INDICATOR_COLOURS.indexOf(colour as IndicatorColour);
  return INDICATOR_COLOURS[(i + 1) % INDICATOR_COLOURS.length]!;
}

/**
 * The colour of line `line` of an indicator drawn in `colour`: Bollinger's middle band softer than its
 * bands, MACD's signal in the next colour, volume's bars faded under its average.
 */
export function lineColour(colour: string, kind: string, line: string): string {
  if (kind === 'bb' && line === 'middle') return withAlpha(colour, 0.6);
  if (kind === 'macd' && line === 'signal') return partner(colour);
  if (kind === 'volume' && line === 'volume') return withAlpha(colour, 0.35);
  return colour;
}

/** The next colour for a new indicator: the first one no indicator uses yet. */
export function nextColour(used: readonly string[]): string {
  return INDICATOR_COLOURS.find((c) => !used.includes(c)) ?? INDICATOR_COLOURS[used.length % INDICATOR_COLOURS.length]!;
}
