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

/** Tailwind text colour of a signed figure: up for gains, down for losses, plain for zero. */
export function toneOf(value: string | Dec | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    const d = typeof value === 'string' ? dec(value) : value;
    return d.gt(0) ? 'text-up' : d.lt(0) ? 'text-down' : '';
  } catch {
    return '';
  }
}

/** "0x1234…abcd" of a long address. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
