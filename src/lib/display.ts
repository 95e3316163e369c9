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
