import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, dec, type Dec } from '../decimal';
import { summarizePortfolio } from './portfolio-summary';
import { PNL_WINDOWS, WINDOW_MS, type PortfolioInput } from './portfolio-input';
import { history, NOW } from './testing/history-arbitraries';
import { handHistory, inputOf } from './testing/history-builders';

const sum = (xs: readonly (string | Dec)[]) => xs.reduce<Dec>((a, x) => a.plus(x), dec(0));
const eq = (a: string | Dec, b: string | Dec) => expect(dec(a).eq(b), `${a.toString()} = ${b.toString()}`).toBe(true);

/** The events' PnL changes in time order (fills before funding at the same ms), with decimal.js. */
function changes(input: PortfolioInput): { at: number; change: Dec }[] {
  const fills = input.trades.map((t) => ({ at: Date.parse(t.created_at), k: 0, id: t.id, change: dec(t.pnl).minus(t.fee_asset === 'DUSD' ? t.fee_qty : '0') }));
  const funding = input.funding.map((f) => ({ at: Date.parse(f.transact_time), k: 1, id: f.id, change: dec(f.qty) }));
  return [...fills, ...funding].sort((a, b) => a.at - b.at || a.k - b.k || a.id - b.id);
}

/** O(n²) max drawdown of 0, the cumulative sums, then + unrealized. */
function bruteDrawdown(input: PortfolioInput): Dec {
  const curve: Dec[] = [dec(0)];
  for (const c of changes(input)) curve.push(curve.at(-1)!.plus(c.change));
  curve.push(curve.at(-1)!.plus(input.unrealizedPnl));
  let best = dec(0);
  for (let i = 0; i < curve.length; i++) for (let j = i; j < curve.length; j++) best = D.max(best, curve[i]!.minus(curve[j]!));
  return best;
}

describe('the whole summary', () => {
  it('for any history: the curve ends at Σ pnl − DUSD fees + Σ funding (+ unrealized), exactly', () => {
    fc.assert(
      fc.property(history, (input) => {
        const s = summarizePortfolio(input);
        const realized = sum(input.trades.map((t) => t.pnl))
          .minus(sum(input.trades.filter((t) => t.fee_asset === 'DUSD').map((t) => t.fee_qty)))
          .plus(sum(input.funding.map((f) => f.qty)));
        const all = s.windows.all;
        eq(all.pnl.realized, realized);
        eq(all.totals.netPnl, realized);
        eq(all.pnl.points.at(-1)!.value, realized.plus(input.unrealizedPnl));
        expect(all.pnl.points.at(-1)!.at).toBe(NOW);
        // each window: Σ of the changes strictly after its start
        for (const w of PNL_WINDOWS) {
          if (w === 'all') continue;
          const start = NOW - WINDOW_MS[w];
          eq(s.windows[w].pnl.realized, sum(changes(input).filter((c) => c.at > start).map((c) => c.change)));
          expect(s.windows[w].pnl.points[0]).toEqual({ at: start, value: '0' });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('for any history: max drawdown ≥ 0 and equals the brute-force O(n²) one', () => {
    fc.assert(
      fc.property(history, (input) => {
        const dd = summarizePortfolio(input).windows.all.totals.maxDrawdown;
        expect(dec(dd.amount).gte(0)).toBe(true);
        eq(dd.amount, bruteDrawdown(input));
      }),
      { numRuns: 150 },
    );
  });

  it('for any history: the per-market figures add up to the totals', () => {
    fc.assert(
      fc.property(history, (input) => {
        for (const w of PNL_WINDOWS) {
          const { totals, markets } = summarizePortfolio(input).windows[w];
          for (const k of ['realizedPnl', 'fees', 'fundingPaid', 'fundingReceived', 'fundingNet', 'netPnl', 'volume'] as const) eq(totals[k], sum(markets.map((m) => m[k])));
          for (const k of ['trades', 'fundingPayments', 'closingTrades', 'wins', 'losses'] as const) expect(totals[k]).toBe(markets.reduce((a, m) => a + m[k], 0));
          const bnb = (fees: { asset: string; paid: string }[]) => fees.find((f) => f.asset === 'BNB')?.paid ?? '0';
          eq(bnb(totals.otherFees), sum(markets.map((m) => bnb(m.otherFees))));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('flags replayed positions that differ from the open ones, and the 24 h check', () => {
    const h = handHistory();
    // the hand history ends flat everywhere; the exchange says BTC is long 0.1: the history is not whole
    const s = summarizePortfolio(inputOf(h.trades, h.funding, { openPositions: [{ symbol: 'BTC-USD', qty: '0.1', upnl: '1' }], balance: { equity: '10', pnl_freeze: '-5' } }));
    expect(s.positionMismatches).toEqual([{ symbol: 'BTC-USD', replayed: '0', open: '0.1' }]);
    expect(s.realized24h.realized.agrees).toBe(true);
    expect(s.unexplainedPnlFills).toBe(0);
  });

  it('notices a history that starts mid-position (PnL on a fill that had nothing to close)', () => {
    const h = handHistory();
    const s = summarizePortfolio(inputOf(h.trades.slice(2), h.funding));
    // from the partial close on: the sell 0.5 (pnl 7.5) opens a short in the replay, and the sell 3
    // (pnl −7.5) adds to it: two fills with PnL and nothing replayed to close
    expect(s.unexplainedPnlFills).toBe(2);
    expect(s.windows.all.value.basis).toContain('history-starts-mid-position');
    // still a closing trade: 4 closing (7.5, −7.5, −15, 10)
    expect(s.windows.all.totals.closingTrades).toBe(4);
  });

  it('takes amounts finer than the exchange\'s 18 places exactly', () => {
    const h = handHistory();
    // 1e-20 of funding: the ledger starts again at 20 places
    const s = summarizePortfolio(inputOf(h.trades, [...h.funding, { id: 9, symbol: 'BTC-USD', qty: '0.00000000000000000001', transact_time: h.funding[1]!.transact_time }]));
    expect(s.windows.all.totals.netPnl).toBe('-5.13499999999999999999');
    // and an unrealized PnL that fine (read after the history)
    const u = summarizePortfolio(inputOf(h.trades, h.funding, { unrealizedPnl: '0.000000000000000000001' }));
    expect(u.windows.all.pnl.withUnrealized).toBe('-5.134999999999999999999');
  });

  it('is plain data that survives structured cloning (it crosses from the worker)', () => {
    const h = handHistory();
    const s = summarizePortfolio(inputOf(h.trades, h.funding));
    expect(structuredClone(s)).toEqual(s);
  });
});
