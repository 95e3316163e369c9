/**
 * The chart's indicators as data: what each takes (its parameters, with their bounds), what it draws
 * (its lines) and where (over the candles, or a pane of its own). The math is trading-signals'
 * (indicator-run.ts); the words are the view's.
 */
export type IndicatorKind = 'ma' | 'ema' | 'bb' | 'vwap' | 'rsi' | 'macd' | 'volume';

/** Over the candles (prices), or in a pane of its own below them (its own scale). */
export type IndicatorPlace = 'overlay' | 'pane';

export interface IndicatorParam {
  /** Which parameter: the view words it. */
  name: 'length' | 'deviations' | 'fast' | 'slow' | 'signal' | 'ma-length';
  default: number;
  min: number;
  max: number;
  /** Whole numbers only (a length in bars); else up to one decimal (deviations). */
  whole: boolean;
}

export interface IndicatorKindInfo {
  place: IndicatorPlace;
  params: readonly IndicatorParam[];
  /** The values it draws at each bar, in the legend's order. */
  lines: readonly string[];
}

const length = (d: number): IndicatorParam => ({ name: 'length', default: d, min: 1, max: 500, whole: true });

export const INDICATOR_KINDS: Record<IndicatorKind, IndicatorKindInfo> = {
  ma: { place: 'overlay', params: [length(20)], lines: ['value'] },
  ema: { place: 'overlay', params: [length(21)], lines: ['value'] },
  bb: { place: 'overlay', params: [length(20), { name: 'deviations', default: 2, min: 0.1, max: 10, whole: false }], lines: ['upper', 'middle', 'lower'] },
  // Anchored at each UTC day's first bar, as venues' session VWAP is.
  vwap: { place: 'overlay', params: [], lines: ['value'] },
  rsi: { place: 'pane', params: [length(14)], lines: ['value'] },
  macd: {
    place: 'pane',
    params: [
      { name: 'fast', default: 12, min: 1, max: 500, whole: true },
      { name: 'slow', default: 26, min: 2, max: 500, whole: true },
      { name: 'signal', default: 9, min: 1, max: 500, whole: true },
    ],
    lines: ['macd', 'signal', 'histogram'],
  },
  // The bars' volume with its moving average.
  volume: { place: 'pane', params: [{ name: 'ma-length', default: 20, min: 1, max: 500, whole: true }], lines: ['volume', 'ma'] },
};

/** One indicator the trader added: its kind, its parameters (in INDICATOR_KINDS order), its look. */
export interface IndicatorSettings {
  id: string;
  kind: IndicatorKind;
  params: number[];
  /** A CSS colour for its first line (the others are derived). */
  color: string;
  visible: boolean;
}

export type ParamProblem = { code: 'not-whole' } | { code: 'below-min'; min: number } | { code: 'above-max'; max: number } | { code: 'one-decimal' } | { code: 'fast-not-below-slow' };

/** Why a parameter is refused (null: it is fine). MACD's fast length must be below its slow one. */
export function paramProblem(kind: IndicatorKind, index: number, value: number, all: readonly number[]): ParamProblem | null {
  const p = INDICATOR_KINDS[kind].params[index];
  if (!p || !Number.isFinite(value)) return { code: 'not-whole' };
  if (p.whole && !Number.isInteger(value)) return { code: 'not-whole' };
  if (!p.whole && Math.round(value * 10) !== value * 10) return { code: 'one-decimal' };
  if (value < p.min) return { code: 'below-min', min: p.min };
  if (value > p.max) return { code: 'above-max', max: p.max };
  if (kind === 'macd' && index === 1 && all[0] !== undefined && all[0] >= value) return { code: 'fast-not-below-slow' };
  return null;
}

export function defaultParams(kind: IndicatorKind): number[] {
  return INDICATOR_KINDS[kind].params.map((p) => p.default);
}

/** Bars an indicator needs before its first value (the legend says "—" until then). */
export function warmUpBars(kind: IndicatorKind, params: readonly number[]): number {
  switch (kind) {
    case 'vwap':
      return 1;
    case 'macd':
      return (params[1] ?? 26) + (params[2] ?? 9) - 1;
    case 'rsi':
      return (params[0] ?? 14) + 1;
    case 'volume':
      return 1;
    default:
      return params[0] ?? 1;
  }
}
