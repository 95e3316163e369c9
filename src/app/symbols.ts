export const DEFAULT_SYMBOL = 'BTC-USD';

const LAST_SYMBOL_KEY = 'perps.last-symbol';

/** The market the trader last had open, so "Trade" returns to it rather than to the default. */
export function lastSymbol(): string {
  try {
    return localStorage.getItem(LAST_SYMBOL_KEY) ?? DEFAULT_SYMBOL;
  } catch {
    return DEFAULT_SYMBOL;
  }
}

export function rememberSymbol(symbol: string): void {
  try {
    localStorage.setItem(LAST_SYMBOL_KEY, symbol);
  } catch {
    // Storage disabled: the default market is a fine fallback.
  }
}
