/**
 * What traders call the devnet's and the public service's assets; the service names only tickers.
 * Searching "gold" finds XAU-USD.
 */
export const ASSET_NAMES: Readonly<Record<string, readonly string[]>> = {
  BTC: ['Bitcoin'],
  ETH: ['Ether', 'Ethereum'],
  SOL: ['Solana'],
  BNB: ['BNB'],
  XAU: ['Gold'],
  XAG: ['Silver'],
};

/** The asset's everyday name, or nothing when we know none. */
export function assetName(base: string): string | undefined {
  return ASSET_NAMES[base.toUpperCase()]?.[0];
}

/** Markets matching what the trader typed (symbol, base asset or its name, any case), favorites first. */
export function searchMarkets<T extends { symbol: string; base: string }>(markets: readonly T[], query: string, favorites: readonly string[]): T[] {
  const q = query.trim().toUpperCase();
  const matches = (m: T) =>
    m.symbol.toUpperCase().includes(q) || m.base.toUpperCase().includes(q) || (ASSET_NAMES[m.base.toUpperCase()] ?? []).some((n) => n.toUpperCase().includes(q));
  const hits = q === '' ? [...markets] : markets.filter(matches);
  const rank = (m: T) => (favorites.includes(m.symbol) ? 0 : 1);
  return hits.sort((a, b) => rank(a) - rank(b) || a.symbol.localeCompare(b.symbol));
}
