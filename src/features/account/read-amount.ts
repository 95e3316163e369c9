import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { typedDecimalWords } from '../../ui/typed-decimal-words';
import type { Dec } from '../../lib/decimal';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';

/** What the amount is, for the words that ask for it. */
export type AmountWhat = 'size' | 'share' | 'price' | 'amount';

const ENTER: Record<AmountWhat, MessageDescriptor> = {
  size: msg`Enter a size above 0`,
  share: msg`Enter a share above 0`,
  price: msg`Enter a price above 0`,
  amount: msg`Enter an amount above 0`,
};

/**
 * The amount typed, or why it cannot be sent: empty, not a number, finer than `decimals`, not above 0
 * (words the view renders with `i18n._`).
 */
export function readAmount(text: string, decimals: number, what: AmountWhat): { value: Dec } | { error: MessageDescriptor } {
  const read = parseTypedDecimal(text, { maxDecimals: decimals });
  if (!read.ok) return { error: read.reason === 'empty' ? ENTER[what] : typedDecimalWords(read) };
  if (read.value.lte(0)) return { error: ENTER[what] };
  return { value: read.value };
}
