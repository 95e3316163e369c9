import { dec, type Dec } from '../lib/decimal';

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
