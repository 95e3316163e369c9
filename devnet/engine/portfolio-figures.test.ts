// The Portfolio page's maths (src/lib/portfolio) on a history the engine made: partial close, flip,
// funding, an isolated liquidation. Its rules must match how the exchange books fills: the replayed
// positions equal the engine's, the 24 h figures equal pnl_freeze and pnl_24h, and today's equity
// walked back by the PnL and the known transfer lands on zero before the account was funded.
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/lib/decimal';
import { summarizePortfolio } from '../../src/lib/portfolio/portfolio-summary';
import { A, B, D, expectInvariant, fund, limit, market, place, quiet, T0 } from '../test-support/engine-fixtures.js';

const H = 3_600_000;

describe('portfolio figures on an engine-made history', () => {
  it('match the engine: positions, realized PnL, pnl_freeze, pnl_24h, and the value walked back to zero', () => {
    const ex = quiet();
    fund(ex, A, '100000');
    fund(ex, B, '100000');
    fund(ex, D, '5000');
    // D: long 0.2 at 95000, held across two funding boundaries
    place(ex, A, limit('sell', '0.2', '95000'));
    place(ex, D, market('buy', '0.2'));
    ex.advance(T0 + 2 * H + 1);
    // partial close: sell 0.1 at 96000 (pnl 0.1 × 1000 = 100)
    ex.setIndexPrice('BTC-USD', '96000', T0 + 2 * H + 2);
    place(ex, B, limit('buy', '0.4', '96000'), T0 + 2 * H + 3);
    place(ex, D, market('sell', '0.1'), T0 + 2 * H + 4);
    // flip: sell 0.3 at 96000 closes 0.1 (pnl 100) and opens 0.2 short
    place(ex, D, market('sell', '0.3'), T0 + 2 * H + 5);
    ex.advance(T0 + 3 * H + 1);
    // close the short: buy 0.2 at 96000
    place(ex, A, limit('sell', '0.2', '96000'), T0 + 3 * H + 2);
    place(ex, D, market('buy', '0.2'), T0 + 3 * H + 3);
    expect(ex.queryPositions(D)).toEqual([]);
    // isolated 20× long 0.1 at 95000, liquidated at the bankruptcy price (liquidation.test.ts)
    ex.setIndexPrice('BTC-USD', '95000', T0 + 3 * H + 4);
    ex.changeMarginMode(D, 'BTC-USD', 'isolated', T0 + 3 * H + 5);
    ex.changeLeverage(D, 'BTC-USD', 20, T0 + 3 * H + 5);
    place(ex, A, limit('sell', '0.1', '95000'), T0 + 3 * H + 6);
    place(ex, D, market('buy', '0.1'), T0 + 3 * H + 7);
    ex.setIndexPrice('BTC-USD', '91390', T0 + 3 * H + 8);
    expect(ex.queryPositions(D)).toEqual([]);
    expectInvariant(ex);

    const trades = [...ex.queryTrades(D, { limit: 500 }).result].sort((a, b) => a.id - b.id);
    const funding = [...ex.queryFundingHistory(D, { limit: 500 })].sort((a, b) => a.id - b.id);
    const balance = ex.queryBalance(D);
    expect(funding.length).toBeGreaterThan(0);
    const s = summarizePortfolio({
      trades, funding, now: T0 + 3 * H + 9, settlementAsset: 'DUSD', balance, unrealizedPnl: balance.upnl, openPositions: [],
      moves: [{ at: T0, amount: '5000', kind: 'transfer-in' }],
    });
    const all = s.windows.all;
    // fills: buy 0.2, sell 0.1 (partial), sell 0.3 (flip), buy 0.2, buy 0.1, the liquidation's sell 0.1 (no fee)
    expect(trades.map((t) => [t.side, t.qty, t.pnl])).toEqual([
      ['buy', '0.2', '0'], ['sell', '0.1', '100'], ['sell', '0.3', '100'], ['buy', '0.2', '0'], ['buy', '0.1', '0'], ['sell', '0.1', '-475'],
    ]);
    expect(trades.at(-1)!.fee_qty).toBe('0');
    // 3 closing fills (partial, flip, liquidation); the buy 0.2 that closed the short had pnl 0 (same price): 4
    expect([all.totals.closingTrades, all.totals.wins, all.totals.losses]).toEqual([4, 2, 1]);
    expect(all.totals.realizedPnl).toBe('-275');
    expect(s.positionMismatches).toEqual([]);
    expect(s.unexplainedPnlFills).toBe(0);
    expect(s.realized24h.realized).toMatchObject({ reported: balance.pnl_freeze, agrees: true });
    expect(s.realized24h.net).toMatchObject({ reported: balance.pnl_24h, agrees: true });
    // net = realized − fees + funding, and the account value before the 5000 came in is exactly 0
    const fees = trades.reduce((sum, t) => sum.plus(t.fee_qty), dec(0));
    const fundingSum = funding.reduce((sum, f) => sum.plus(f.qty), dec(0));
    expect(dec(all.totals.netPnl).eq(dec(-275).minus(fees).plus(fundingSum))).toBe(true);
    expect(all.value.points[0]).toEqual({ at: T0, value: '0' });
    expect(all.value.steps).toEqual([{ at: T0, kind: 'transfer-in', amount: '5000', before: '0', after: '5000' }]);
    expect(all.value.points.at(-1)!.value).toBe(dec(balance.equity).toFixed());
    expect(all.value.basis).not.toContain('unknown-moves-likely');
  });
});
