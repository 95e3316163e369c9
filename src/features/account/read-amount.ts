import { i18n } from '@lingui/core';
import { typedDecimalWords } from '../../ui/typed-decimal-words';
import type { Dec } from '../../lib/decimal';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';

/** The amount typed, or why it cannot be sent: empty, not a number, finer than `decimals`, not above 0. */
export function readAmount(text: string, decimals: number, what: string): { value: Dec } | { error: string } {
  const read = parseTypedDecimal(text, { maxDecimals: decimals });
  if (!read.ok) return { error: read.reason === 'empty' ? `Enter ${what} above 0` : i18n._(typedDecimalWords(read)) };
  if (read.value.lte(0)) return { error: `Enter ${what} above 0` };
  return { value: read.value };
}
