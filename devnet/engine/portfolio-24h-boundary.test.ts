// The 24 h check of the Portfolio (src/lib/portfolio/realized-24h-check.ts) at the window's edge: a
// closing fill exactly 24 h before the balance is read counts in pnl_freeze (t ≥ now − 24 h) but not in
// pnl_24h (t > now − 24 h); the page must count each the way the engine does, or it reports a
// difference that is not there.
import { describe, expect, it } from 'vitest';
import { summarizePortfolio } from '../../src/lib/portfolio/portfolio-summary';
import { A, B, D, fund, limit, market, place, quiet, T0 } from '../test-support/engine-fixtures.js';

const H = 3_600_000;

describe('the 24 h check at the edge of the window', () => {
  it('a close exactly 24 h back and one just inside: both figures agree with the balance', () => {
    const ex = quiet({ fundingIntervalMs: 1_000 * H });
    fund(ex, A, '100000');
    fund(ex, B, '100000');
    fund(ex, D, '100000');
    place(ex, A, limit('sell', '0.2', '95000'));
    place(ex, D, market('buy', '0.2'));
    ex.setIndexPrice('BTC-USD', '96000', T0 + 1);
    place(ex, B, limit('buy', '0.2', '96000'), T0 + 2);
    place(ex, D, market('sell', '0.1'), T0 + 3); // pnl +100 at T0 + 3
    place(ex, D, market('sell', '0.1'), T0 + 4); // pnl +100 at T0 + 4
    const now = T0 + 3 + 24 * H; // the first close is exactly 24 h back
    ex.advance(now);
    const trades = [...ex.queryTrades(D, { limit: 500 }).result].sort((a, b) => a.id - b.id);
    const funding = [...ex.queryFundingHistory(D, { limit: 500 })].sort((a, b) => a.id - b.id);
    const balance = ex.queryBalance(D);
    expect(balance.pnl_freeze).toBe('200');
    const s = summarizePortfolio({ trades, funding, now, settlementAsset: 'DUSD', balance, unrealizedPnl: balance.upnl, openPositions: [] });
    expect(s.realized24h.realized).toMatchObject({ computed: '200', agrees: true });
    expect(s.realized24h.net).toMatchObject({ reported: balance.pnl_24h, agrees: true });
    // The 24 h window's figures are (now − 24 h, now]: the close at the edge is not in them.
    expect(s.windows['24h'].totals.realizedPnl).toBe('100');
  });
});
