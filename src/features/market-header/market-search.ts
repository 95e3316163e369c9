import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What traders call the devnet's and the public service's assets; the service names only tickers.
 * `name` is shown (in the trader's language); `aliases` are what a search finds it by, in English,
 * beside its name in the language on screen. Searching "gold" finds XAU-USD.
 */
export const ASSETS: Readonly<Record<string, { name: MessageDescriptor | null; aliases: readonly string[] }>> = {
  BTC: { name: msg`Bitcoin`, aliases: ['bitcoin'] },
  ETH: { name: msg`Ether`, aliases: ['ether', 'ethereum'] },
  SOL: { name: msg`Solana`, aliases: ['solana'] },
  BNB: { name: null, aliases: [] },
  XAU: { name: msg`Gold`, aliases: ['gold'] },
  XAG: { name: msg`Silver`, aliases: ['silver'] },
};

/** The asset's everyday name, or nothing when we know none (its ticker says it all). */
export function assetName(base: string): MessageDescriptor | undefined {
  return ASSETS[base.toUpperCase()]?.name ?? undefined;
}

/**
 * Markets matching what the trader typed (symbol, base asset or its name — in English or as `nameOf`
 * gives it in the language on screen — any case), favorites first.
 */
export function searchMarkets<T extends { symbol: string; base: string }>(
  markets: readonly T[],
  query: string,
  favorites: readonly string[],
  nameOf: (base: string) => string | undefined = () => undefined,
): T[] {
  const q = query.trim().toUpperCase();
  const names = (base: string) => [...(ASSETS[base.toUpperCase()]?.aliases ?? []), nameOf(base) ?? ''].filter((n) => n !== '');
  const matches = (m: T) => m.symbol.toUpperCase().includes(q) || m.base.toUpperCase().includes(q) || names(m.base).some((n) => n.toUpperCase().includes(q));
  const hits = q === '' ? [...markets] : markets.filter(matches);
  const rank = (m: T) => (favorites.includes(m.symbol) ? 0 : 1);
  return hits.sort((a, b) => rank(a) - rank(b) || a.symbol.localeCompare(b.symbol));
}
