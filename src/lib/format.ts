import { D, dec, type Dec } from './decimal';
import { numberSymbols, type NumberSymbols } from './display-locale';

/**
 * Fixed places with thousands separators, for prices and sizes on screen: the digits are the
 * decimal's own (never through a float), the separators the display locale's (1,234.5 in English
 * and Chinese, 1.234,5 in German).
 */
export function formatFixed(value: string | Dec, decimals: number, symbols: NumberSymbols = numberSymbols()): string {
  const d = typeof value === 'string' ? dec(value) : value;
  const fixed = d.toFixed(decimals, D.ROUND_HALF_UP);
  const [int = '0', frac] = fixed.split('.');
  const neg = int.startsWith('-');
  const digits = neg ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, symbols.group);
  return `${neg ? '-' : ''}${grouped}${frac !== undefined ? `${symbols.decimal}${frac}` : ''}`;
}

/** Compact notation for volumes and open interest: 1.23K, 4.56M, 7.89B. */
export function formatCompact(value: string | Dec, decimals = 2): string {
  const d = typeof value === 'string' ? dec(value) : value;
  const abs = d.abs();
  const units: [Dec, string][] = [
    [dec('1e12'), 'T'],
    [dec('1e9'), 'B'],
    [dec('1e6'), 'M'],
    [dec('1e3'), 'K'],
  ];
  for (const [size, suffix] of units) {
    if (abs.gte(size)) return `${formatFixed(d.div(size), decimals)}${suffix}`;
  }
  return formatFixed(d, decimals);
}

/** A signed percentage from a float (the spec's `price_change_pct`) or a decimal ratio. */
export function formatPercent(value: number | Dec, decimals = 2, { ratio = false } = {}): string {
  const d = typeof value === 'number' ? dec(value) : value;
  const pct = ratio ? d.mul(100) : d;
  return `${pct.gte(0) ? '+' : ''}${formatFixed(pct, decimals)}%`;
}
