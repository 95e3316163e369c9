// The language numbers and dates are shown in. The one piece of state in src/lib: set when the app's
// language changes (src/i18n/activate.ts), read by every formatter, so a price cell does not need the
// locale threaded through to it. The formatting itself stays exact: digits come from decimal.js
// strings, only the separators come from the locale.

/** The characters a locale writes between groups of three digits and before the fraction. */
export interface NumberSymbols {
  group: string;
  decimal: string;
}

/** The group and decimal separators `locale` uses (as Intl formats 12,345.6 there). */
export function numberSymbolsOf(locale: string): NumberSymbols {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

let locale = 'en';
let symbols: NumberSymbols = { group: ',', decimal: '.' };
const listeners = new Set<() => void>();

/** Makes `next` the locale every number and date is formatted in. */
export function setDisplayLocale(next: string): void {
  locale = next;
  symbols = numberSymbolsOf(next);
  for (const l of listeners) l();
}

export function displayLocale(): string {
  return locale;
}

export function numberSymbols(): NumberSymbols {
  return symbols;
}

/** Called after the display locale changes (a cached Intl formatter is rebuilt). */
export function onDisplayLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
