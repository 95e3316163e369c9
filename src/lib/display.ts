import { dec, type Dec } from './decimal';
import { formatFixed } from './format';

/** A price or size for a table cell: fixed places with separators, "—" when missing or malformed. */
export function show(value: string | Dec | null | undefined, decimals: number): string {
  if (value === null || value === undefined || value === '') return '—';
  try {
    return formatFixed(typeof value === 'string' ? dec(value) : value, decimals);
  } catch {
    return '—';
  }
}

/** Like `show`, with an explicit + for positive values (PnL, funding). */
export function showSigned(value: string | Dec | null | undefined, decimals: number): string {
  const s = show(value, decimals);
  if (s === '—') return s;
  const d = typeof value === 'string' ? dec(value) : (value as Dec);
  return d.gt(0) ? `+${s}` : s;
}

/**
 * The places every USD (DUSD) amount is shown at: cents. The quote asset's ledger keeps 9 places
 * (`quote_decimals`), but a trader reads money to the cent: fees, margin, funding, PnL alike.
 */
export const USD_DECIMALS = 2;

/** Under half a cent, not zero: shown as "<0.01" so a fee or funding payment never reads as none. */
function underACent(d: Dec): boolean {
  return !d.isZero() && d.abs().lt('0.005');
}

/** A USD amount at cents, "—" when missing; a non-zero amount that would round to 0.00 reads "<0.01". */
export function showUsd(value: string | Dec | null | undefined): string {
  const s = show(value, USD_DECIMALS);
  if (s === '—') return s;
  const d = typeof value === 'string' ? dec(value) : (value as Dec);
  return underACent(d) ? `${d.lt(0) ? '-' : ''}<0.01` : s;
}

/** Like `showUsd`, with an explicit + for positive amounts (funding received, PnL). */
export function showUsdSigned(value: string | Dec | null | undefined): string {
  const s = showUsd(value);
  if (s === '—') return s;
  const d = typeof value === 'string' ? dec(value) : (value as Dec);
  return d.gt(0) ? `+${s}` : s;
}
