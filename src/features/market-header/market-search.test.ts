import { describe, expect, it } from 'vitest';
import { searchMarkets } from './market-search';

const markets = [
  { symbol: 'BTC-USD', base: 'BTC' },
  { symbol: 'ETH-USD', base: 'ETH' },
  { symbol: 'XAG-USD', base: 'XAG' },
  { symbol: 'XAU-USD', base: 'XAU' },
];
const symbols = (q: string, favorites: string[] = []) => searchMarkets(markets, q, favorites).map((m) => m.symbol);

describe('searchMarkets', () => {
  it('finds a market by the name traders use for its asset', () => {
    expect(symbols('gold')).toEqual(['XAU-USD']);
    expect(symbols('Silver')).toEqual(['XAG-USD']);
    expect(symbols('bitcoin')).toEqual(['BTC-USD']);
    expect(symbols('ether')).toEqual(['ETH-USD']);
  });

  it('finds a market by its asset name in the language on screen too', () => {
    const chinese: Record<string, string> = { XAU: '黄金', XAG: '白银' };
    expect(searchMarkets(markets, '黄金', [], (base) => chinese[base]).map((m) => m.symbol)).toEqual(['XAU-USD']);
    expect(searchMarkets(markets, 'gold', [], (base) => chinese[base]).map((m) => m.symbol)).toEqual(['XAU-USD']);
  });

  it('still finds by symbol and ticker, favorites first', () => {
    expect(symbols('xa')).toEqual(['XAG-USD', 'XAU-USD']);
    expect(symbols('usd', ['XAU-USD'])).toEqual(['XAU-USD', 'BTC-USD', 'ETH-USD', 'XAG-USD']);
    expect(symbols('doge')).toEqual([]);
  });
});
