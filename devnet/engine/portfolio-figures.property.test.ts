// The Portfolio's maths (src/lib/portfolio) on random histories the engine made: opens, adds, partial
// closes, flips, leverage and margin-mode changes, funding both ways, liquidations. Whatever happened,
// the replayed positions are the engine's, every pnl fill closed something, the 24 h figures equal
// pnl_freeze and pnl_24h, and the realized figures are the sums of the rows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../../src/lib/decimal';
import { summarizePortfolio } from '../../src/lib/portfolio/portfolio-summary';
import { A, B, D, fund, quiet, T0 } from '../test-support/engine-fixtures.js';

type Step =
  | { k: 'buy' | 'sell'; qty: number; off: number }
  | { k: 'index'; pct: number }
  | { k: 'wait'; ms: number }
  | { k: 'lev'; lev: number }
  | { k: 'mode'; iso: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constantFrom('buy' as const, 'sell' as const), qty: fc.integer({ min: 1, max: 40 }), off: fc.integer({ min: -20, max: 20 }) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('index' as const), pct: fc.integer({ min: -100, max: 100 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 5 * 3_600_000 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('lev' as const), lev: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('mode' as const), iso: fc.boolean() }) },
);

describe('portfolio figures on random engine-made histories', () => {
  it('replay = engine positions, 24 h figures = the balance, realized = Σ pnl', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 40 }), (steps) => {
        const ex = quiet();
        fund(ex, A, '10000000');
        fund(ex, B, '10000000');
        fund(ex, D, '3000');
        let now = T0 + 1;
        let index = 95_000;
        for (const s of steps) {
          now += 1_000;
          if (s.k === 'buy' || s.k === 'sell') {
            // A maker on the other side at index ± a few ticks, then D's market order into it.
            const price = (index * (1 + s.off / 10_000)).toFixed(1);
            const qty = (s.qty / 100).toFixed(3);
            ex.newOrder(s.k === 'buy' ? A : B, { symbol: 'BTC-USD', side: s.k === 'buy' ? 'sell' : 'buy', order_type: 'limit', qty, price, time_in_force: 'gtc', reduce_only: false }, now);
            ex.newOrder(D, { symbol: 'BTC-USD', side: s.k, order_type: 'market', qty, time_in_force: 'ioc', reduce_only: false }, now + 1);
          } else if (s.k === 'index') {
            index = Math.max(1_000, Math.round(index * (1 + s.pct / 1_000)));
            ex.setIndexPrice('BTC-USD', String(index), now);
          } else if (s.k === 'wait') {
            now += s.ms;
            ex.advance(now);
          } else if (s.k === 'lev') ex.changeLeverage(D, 'BTC-USD', s.lev, now);
          else if (s.k === 'mode') ex.changeMarginMode(D, 'BTC-USD', s.iso ? 'isolated' : 'cross', now);
        }
        now += 1;
        ex.advance(now);
        const trades = [...ex.queryTrades(D, { limit: 500 }).result].sort((a, b) => a.id - b.id);
        const funding = [...ex.queryFundingHistory(D, { limit: 500 })].sort((a, b) => a.id - b.id);
        const balance = ex.queryBalance(D);
        const positions = ex.queryPositions(D);
        const sum = summarizePortfolio({
          trades, funding, now, settlementAsset: 'DUSD', balance, unrealizedPnl: balance.upnl,
          openPositions: positions.map((p) => ({ symbol: p.symbol, qty: p.qty, upnl: p.upnl })),
          moves: [{ at: T0, amount: '3000', kind: 'transfer-in' }],
        });
        expect(sum.positionMismatches).toEqual([]);
        expect(sum.unexplainedPnlFills).toBe(0);
        expect(sum.realized24h.realized.agrees, JSON.stringify(sum.realized24h)).toBe(true);
        expect(sum.realized24h.net?.agrees, JSON.stringify(sum.realized24h)).toBe(true);
        const all = sum.windows.all.totals;
        expect(dec(all.realizedPnl).eq(trades.reduce((a, t) => a.plus(t.pnl), dec(0)))).toBe(true);
        expect(dec(all.fees).eq(trades.reduce((a, t) => a.plus(t.fee_qty), dec(0)))).toBe(true);
        expect(dec(all.fundingNet).eq(funding.reduce((a, f) => a.plus(f.qty), dec(0)))).toBe(true);
        expect(all.trades).toBe(trades.length);
        // Walked back from today's equity by the PnL and the one transfer, the value before it is 0.
        expect(sum.windows.all.value.points[0]!.value).toBe('0');
      }),
      { numRuns: 150 },
    );
  });
});
