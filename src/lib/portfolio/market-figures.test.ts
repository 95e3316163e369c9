import { describe, expect, it } from 'vitest';
import { sortMarkets, type MarketFigures } from './market-figures';
import { summarizePortfolio } from './portfolio-summary';
import { handHistory, inputOf } from './testing/history-builders';

function markets(): MarketFigures[] {
  const h = handHistory();
  return summarizePortfolio(inputOf(h.trades, h.funding, { openPositions: [{ symbol: 'SOL-USD', qty: '1', upnl: '3' }, { symbol: 'AVAX-USD', qty: '1', upnl: '3' }] })).windows.all.markets;
}

const symbols = (rows: MarketFigures[]) => rows.map((r) => r.symbol);

describe('sorting the per-market table', () => {
  it('by any column, both directions, amounts compared as decimals', () => {
    const rows = markets();
    // net PnL: BTC −15.135, ETH 10, SOL 0, AVAX 0
    expect(symbols(sortMarkets(rows, 'netPnl', 'asc'))).toEqual(['BTC-USD', 'AVAX-USD', 'SOL-USD', 'ETH-USD']);
    expect(symbols(sortMarkets(rows, 'netPnl', 'desc'))).toEqual(['ETH-USD', 'AVAX-USD', 'SOL-USD', 'BTC-USD']);
    // volume: BTC 735, ETH 190, AVAX and SOL 0 (tied: they keep their order)
    expect(symbols(sortMarkets(rows, 'volume', 'desc'))).toEqual(['BTC-USD', 'ETH-USD', 'AVAX-USD', 'SOL-USD']);
    expect(symbols(sortMarkets(rows, 'symbol', 'desc'))).toEqual(['SOL-USD', 'ETH-USD', 'BTC-USD', 'AVAX-USD']);
    expect(symbols(sortMarkets(rows, 'trades', 'asc'))).toEqual(['AVAX-USD', 'SOL-USD', 'ETH-USD', 'BTC-USD']);
  });

  it('is stable, and empty cells go last either way', () => {
    const rows = markets();
    // AVAX and SOL tie (no trades) and keep their order (by symbol) in both directions
    expect(symbols(sortMarkets(rows, 'unrealizedPnl', 'desc'))).toEqual(['AVAX-USD', 'SOL-USD', 'BTC-USD', 'ETH-USD']);
    // win rate: ETH 1, BTC 0.333333, none for AVAX and SOL
    expect(symbols(sortMarkets(rows, 'winRate', 'asc'))).toEqual(['BTC-USD', 'ETH-USD', 'AVAX-USD', 'SOL-USD']);
    expect(symbols(sortMarkets(rows, 'winRate', 'desc'))).toEqual(['ETH-USD', 'BTC-USD', 'AVAX-USD', 'SOL-USD']);
  });

  it('compares amounts exactly, not as text', () => {
    const base = markets()[0]!;
    const rows = ['9', '10', '-2', '0.5'].map((v, i) => ({ ...base, symbol: `S${i}`, volume: v }));
    expect(sortMarkets(rows, 'volume', 'asc').map((r) => r.volume)).toEqual(['-2', '0.5', '9', '10']);
  });
});
