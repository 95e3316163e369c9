import { dec, type Dec } from '../../lib/decimal';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';

/** Deposits below this are not credited by the service (decisions.md / the public docs). */
export const MIN_DEPOSIT = '0.5';

/**
 * Regions the service does not serve; the app shows a notice (it does not block: the service
 * decides). ISO 3166-1 alpha-2 as the geo endpoint returns them. Keep in one place.
 */
export const RESTRICTED_REGIONS: readonly string[] = ['US', 'CN'];

const DUSD_DECIMALS = 18;

/** Checks a typed amount: positive, ≤ 18 decimals, ≤ max (if given), ≥ min (if given). */
export function checkAmount(text: string, o: { max?: string | undefined; min?: string | undefined } = {}): { value: Dec } | { error: string } {
  const read = parseTypedDecimal(text);
  if (!read.ok) return { error: read.reason === 'empty' ? 'Enter an amount' : read.message };
  const v = read.value;
  if (v.lte(0)) return { error: 'The amount must be more than 0' };
  if (v.decimalPlaces() > DUSD_DECIMALS) return { error: `At most ${DUSD_DECIMALS} decimal places` };
  if (o.min !== undefined && v.lt(o.min)) return { error: `The minimum is ${o.min} DUSD` };
  if (o.max !== undefined && v.gt(o.max)) return { error: `You have ${dec(o.max).toFixed()} DUSD available` };
  return { value: v };
}
