import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Reads the leverage box: a whole number of × from 1 to the symbol's maximum, digits only (no sign,
 * point or exponent: "2.5", "-3" and "1e1" are refused, never read as 25, 3 or 10). The text itself
 * stays as typed; this only says what it means.
 */
export function readLeverage(text: string, max: number): { value: number } | { error: MessageDescriptor } {
  const t = text.trim();
  const n = /^\d{1,4}$/.test(t) ? Number(t) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) return { error: msg`Leverage must be a whole number from 1 to ${max}` };
  return { value: n };
}
