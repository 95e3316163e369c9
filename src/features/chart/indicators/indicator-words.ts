import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IndicatorKind, IndicatorParam, ParamProblem } from '../../../lib/indicator-catalog';

/** The name of each indicator, as the Indicators dialog lists it; the short one goes in the legend. */
export const INDICATOR_NAMES: Record<IndicatorKind, { name: MessageDescriptor; short: string }> = {
  ma: { name: msg`Moving average (MA)`, short: 'MA' },
  ema: { name: msg`Exponential moving average (EMA)`, short: 'EMA' },
  bb: { name: msg`Bollinger Bands (BB)`, short: 'BB' },
  vwap: { name: msg`Volume-weighted average price (VWAP, from 00:00 UTC)`, short: 'VWAP' },
  rsi: { name: msg`Relative strength index (RSI)`, short: 'RSI' },
  macd: { name: msg`MACD`, short: 'MACD' },
  volume: { name: msg`Volume with its moving average`, short: 'VOL' },
};

export const PARAM_NAMES: Record<IndicatorParam['name'], MessageDescriptor> = {
  length: msg`Length (bars)`,
  deviations: msg`Standard deviations`,
  fast: msg`Fast length`,
  slow: msg`Slow length`,
  signal: msg`Signal length`,
  'ma-length': msg`Average length (bars)`,
};

/** What each line of an indicator is, for the legend's accessible text. */
export const LINE_NAMES: Record<string, MessageDescriptor> = {
  value: msg`value`,
  upper: msg`upper band`,
  middle: msg`middle band`,
  lower: msg`lower band`,
  macd: msg`MACD`,
  signal: msg`signal`,
  histogram: msg`histogram`,
  volume: msg`volume`,
  ma: msg`average`,
};

export function paramProblemWords(p: ParamProblem): MessageDescriptor {
  switch (p.code) {
    case 'not-whole':
      return msg`Whole numbers only`;
    case 'one-decimal':
      return msg`At most 1 decimal`;
    case 'below-min': {
      const min = p.min;
      return msg`At least ${min}`;
    }
    case 'above-max': {
      const max = p.max;
      return msg`At most ${max}`;
    }
    case 'fast-not-below-slow':
      return msg`The slow length must be above the fast one`;
  }
}
