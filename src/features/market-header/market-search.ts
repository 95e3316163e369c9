/** Markets matching what the trader typed (symbol or base asset, any case), favorites first. */
export function searchMarkets<T extends { symbol: string; base: string }>(markets: readonly T[], query: string, favorites: readonly string[]): T[] {
  const q = query.trim().toUpperCase();
  const hits = q === '' ? [...markets] : markets.filter((m) => m.symbol.toUpperCase().includes(q) || m.base.toUpperCase().includes(q));
  const rank = (m: T) => (favorites.includes(m.symbol) ? 0 : 1);
  return hits.sort((a, b) => rank(a) - rank(b) || a.symbol.localeCompare(b.symbol));
}
