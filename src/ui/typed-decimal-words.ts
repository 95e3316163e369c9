import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { TypedDecimal, TypedDecimalProblem } from '../lib/parse-decimal-input';

const WORDS: Record<Exclude<TypedDecimalProblem, 'too-many-decimals'>, MessageDescriptor> = {
  empty: msg`Enter a number`,
  negative: msg`Must be positive`,
  signed: msg`Enter the amount without a sign`,
  'with-unit': msg`Enter the number only, without a currency or unit`,
  'space-between-thousands': msg`Use commas between thousands, e.g. 1,234.5`,
  exponent: msg`Write the number out in full (no exponent)`,
  'two-points': msg`Use one decimal point`,
  'comma-after-point': msg`Use a point for decimals and commas for thousands, e.g. 1,234.5`,
  'decimal-comma': msg`Use a point for decimals, e.g. 0.5`,
  'misplaced-comma': msg`Commas go between groups of three digits, e.g. 1,234.5`,
  'not-a-number': msg`Enter a number, e.g. 1,234.5`,
};

/** Why a typed amount was refused, in words that say how to fix it. */
export function typedDecimalWords(read: Extract<TypedDecimal, { ok: false }>): MessageDescriptor {
  if (read.problem !== 'too-many-decimals') return WORDS[read.problem];
  const places = read.maxDecimals ?? 0;
  return places === 0 ? msg`Whole numbers only` : msg`${plural(places, { one: 'At most # decimal', other: 'At most # decimals' })}`;
}
