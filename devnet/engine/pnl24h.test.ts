import { describe, expect, it } from 'vitest';
import { dec } from '../../src/lib/decimal';
import { A, B, C, expectInvariant, fund, limit, market, place, quiet, T0 } from '../test-support/engine-fixtures.js';

const H = 3_600_000;

describe('pnl_24h on query_balance (decisions.md "Errors" → Leniency; our meaning)', () => {
  it('is realized PnL − fees + funding of the last 24 h, and forgets what is older', () => {
    const ex = quiet();
    for (const u of [A, B, C]) fund(ex, u, '100000');
    expect(ex.queryBalance(C).pnl_24h).toBe('0');
    // C buys 0.1 at 95000 (taker fee 9500 × 0.0004 = 3.8).
    place(ex, A, limit('sell', '0.1', '95000'));
    place(ex, C, market('buy', '0.1'));
    expect(ex.queryBalance(C).pnl_24h).toBe('-3.8');
    // Funding at the hourly boundaries while C is long (mark = index: rate 0 unless a premium).
    ex.advance(T0 + 2 * H + 1);
    // C sells 0.1 at 96000 later: pnl 100, taker fee 9600 × 0.0004 = 3.84.
    ex.setIndexPrice('BTC-USD', '96000', T0 + 2 * H + 2);
    place(ex, B, limit('buy', '0.1', '96000'), T0 + 2 * H + 3);
    place(ex, C, market('sell', '0.1', { reduce_only: true }), T0 + 2 * H + 4);
    expect(ex.queryPositions(C)).toEqual([]);
    const funding = ex.queryFundingHistory(C).reduce((s, f) => s.plus(f.qty), dec(0));
    const trades = ex.queryTrades(C).result;
    expect(trades.map((t) => [t.pnl, t.fee_qty])).toEqual([
      ['100', '3.84'],
      ['0', '3.8'],
    ]);
    expect(ex.queryBalance(C).pnl_24h).toBe(dec('92.36').plus(funding).toFixed()); // 100 − 3.84 − 3.8 + funding
    // 24 h after the opening trade it has left the window; the closing one has not.
    ex.advance(T0 + 24 * H + 1);
    const kept = ex.queryFundingHistory(C).filter((f) => Date.parse(f.transact_time) > T0 + 1).reduce((s, f) => s.plus(f.qty), dec(0));
    expect(ex.queryBalance(C).pnl_24h).toBe(dec('96.16').plus(kept).toFixed()); // 100 − 3.84 + funding still in the window
    // And a day after everything, nothing is left.
    ex.advance(T0 + 2 * H + 24 * H + 5);
    expect(ex.queryBalance(C).pnl_24h).toBe('0');
    expectInvariant(ex);
  });
});
