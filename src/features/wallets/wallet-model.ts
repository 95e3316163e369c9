import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { typedDecimalWords } from '../../ui/typed-decimal-words';
import { dec, floorTo, type Dec } from '../../lib/decimal';
import { formatFixed } from '../../lib/format';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';
import { DUSD_DECIMALS, maxDusd } from '../../wallet/dusd';

/** Deposits below this are not credited by the service (decisions.md / the public docs). */
export const MIN_DEPOSIT = '0.5';

/**
 * A DUSD amount as every wallet screen shows it: to the cent, with separators, rounded toward zero
 * — a balance never reads a cent more than is there, and reads what its Max fills in. A non-zero
 * amount under a cent reads "<0.01" (as showUsd does), never as nothing.
 */
export function showDusd(v: string | Dec): string {
  const d = dec(v);
  if (!d.isZero() && d.abs().lt(dec(1).div(10 ** DUSD_DECIMALS))) return `${d.lt(0) ? '-' : ''}<0.01`;
  return formatFixed(floorTo(d, DUSD_DECIMALS), DUSD_DECIMALS);
}

/**
 * Checks a typed DUSD amount: positive, at most DUSD's places, ≤ max (if given), ≥ min (if given),
 * more than `fee` (if given: a withdrawal must leave something after the bridge fee). The refusal is
 * in words the view renders (`i18n._(error)`), so it follows the language.
 */
export function checkAmount(
  text: string,
  o: { max?: string | undefined; min?: string | undefined; fee?: string | undefined } = {},
): { value: Dec } | { error: MessageDescriptor } {
  const read = parseTypedDecimal(text);
  if (!read.ok) return { error: read.reason === 'empty' ? msg`Enter an amount` : typedDecimalWords(read) };
  const v = read.value;
  if (v.lte(0)) return { error: msg`The amount must be more than 0` };
  if (v.decimalPlaces() > DUSD_DECIMALS) {
    const places = String(DUSD_DECIMALS);
    return { error: msg`DUSD amounts have at most ${places} decimal places` };
  }
  if (o.min !== undefined && v.lt(o.min)) {
    const min = o.min;
    return { error: msg`The minimum is ${min} DUSD` };
  }
  if (o.fee !== undefined && v.lte(o.fee)) {
    const fee = showDusd(o.fee);
    return { error: msg`The amount must be more than the ${fee} DUSD bridge fee` };
  }
  if (o.max !== undefined && v.gt(o.max)) {
    const available = showDusd(maxDusd(dec(o.max)));
    return { error: msg`You have ${available} DUSD available` };
  }
  return { value: v };
}

/** The Max of an amount field: what is available, rounded down to DUSD's places; null when nothing is. */
export function maxOf(available: string | Dec | null | undefined): string | null {
  if (available === null || available === undefined) return null;
  const m = maxDusd(dec(available));
  return m.gt(0) ? m.toFixed(DUSD_DECIMALS) : null;
}
