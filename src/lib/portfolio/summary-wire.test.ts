import { describe, expect, it } from 'vitest';
import { serialize } from 'node:v8';
import { summarizePortfolio } from './portfolio-summary';
import { isWireSummary, packSummary, unpackSummary } from './summary-wire';
import { handHistory, inputOf } from './testing/history-builders';

describe('the summary as it crosses to the page', () => {
  it('unpacks to exactly the summary computed, every point of every curve', () => {
    const h = handHistory();
    const s = summarizePortfolio(inputOf(h.trades, h.funding, { unrealizedPnl: '-1.25' }));
    const wire = structuredClone(packSummary(s));
    expect(isWireSummary(wire)).toBe(true);
    expect(unpackSummary(wire)).toEqual(s);
  });

  it('is far smaller than the objects: each curve is two columns', () => {
    const trades = Array.from({ length: 3_000 }, (_, i) => ({
      id: i + 1, symbol: 'BTC-USD', side: (i % 2 ? 'sell' : 'buy') as 'buy' | 'sell', price: '100', qty: '1', value: '100', fee_asset: 'DUSD', fee_qty: '0.05',
      pnl: i % 2 ? '1.123456789' : '0', created_at: new Date(Date.parse('2026-10-31T00:00:00Z') + i * 60_000).toISOString(),
    }));
    const s = summarizePortfolio(inputOf(trades, []));
    expect(serialize(packSummary(s)).length).toBeLessThan(serialize(s).length * 0.6);
  });

  it('a damaged or old kept record is not taken for one', () => {
    const h = handHistory();
    const wire = packSummary(summarizePortfolio(inputOf(h.trades, h.funding)));
    expect(isWireSummary({ ...wire, windows: { ...wire.windows, all: { ...wire.windows.all, pnl: { points: [] } } } })).toBe(false);
    expect(isWireSummary(summarizePortfolio(inputOf(h.trades, h.funding)))).toBe(false);
  });
});
