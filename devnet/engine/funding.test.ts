import { describe, expect, it } from 'vitest';
import { A, B, C, D, expectInvariant, fund, limit, market, place, quiet, record, T0 } from '../test-support/engine-fixtures.js';

describe('funding', () => {
  it('settles qty × mark × rate at each interval boundary, longs paying shorts (worked example)', () => {
    const ex = quiet();
    for (const u of [A, B, C, D]) fund(ex, u, '100000');
    place(ex, B, limit('sell', '0.1', '95000'));
    place(ex, A, market('buy', '0.1'));
    // A resting bid 95100 and ask 95300 put the book mid at 95200: premium 200 / 95000.
    place(ex, C, limit('buy', '0.001', '95100'));
    place(ex, D, limit('sell', '0.001', '95300'));
    const events = record(ex);
    ex.advance(T0 + 3_600_000);
    // The mark's basis is the 150 s average of (mid − index) = 200: after n seconds
    // 200 × (1 − (149/150)^n), and the mark = index + basis on the tick (the median of index + basis,
    // the book price — 95100 while the 95000 trade is recent, then the mid 95200 — and the index),
    // reaching 95200 long before the hour ends. Σ over 3600 seconds of round((mark − index) / index × 1e8)
    // averages 201815 (≈ 200 × (1 − 150/3600) / 95000) → rate = round(201815 / 8) + interest 1250 = 26477
    // → 0.00026477; payment = 0.1 × 95200 × 0.00026477 = 2.5206104.
    const rates = ex.fundingRates('BTC-USD', T0, T0 + 3_600_000);
    expect(rates).toEqual({
      ok: true,
      value: [{
        id: 1, symbol: 'BTC-USD', funding_rate: '0.00026477', index_price: '95000', mark_price: '95200', premium: '0.00201815',
        time: '2025-01-01T01:00:00.000Z', created_at: '2025-01-01T01:00:00.000Z', updated_at: '2025-01-01T01:00:00.000Z',
      }],
    });
    const fa = ex.queryFundingHistory(A);
    expect(fa).toEqual([{
      id: 2, user: A, asset: 'DUSD', symbol: 'BTC-USD', qty: '-2.5206104', txn_type: 'funding_fee',
      transact_time: '2025-01-01T01:00:00.000Z', created_at: '2025-01-01T01:00:00.000Z', updated_at: '2025-01-01T01:00:00.000Z',
    }]);
    expect(ex.queryFundingHistory(B)[0]?.qty).toBe('2.5206104');
    expect(ex.queryFundingHistory(C)).toEqual([]);
    // 100000 − taker fee 3.8 − funding.
    expect(ex.queryBalance(A).cross_balance).toBe('99993.6793896');
    expect(ex.queryBalance(B).cross_balance).toBe('100001.5706104'); // 100000 − maker fee 0.95 + funding
    expect(events.some((e) => e.type === 'funding')).toBe(true);
    expect(events.filter((e) => e.type === 'balance' && e.user === A)).toHaveLength(1);
    const market1 = ex.symbolMarket('BTC-USD');
    expect(market1.ok && market1.value.next_funding_time).toBe('2025-01-01T02:00:00.000Z');
    expectInvariant(ex);
  });

  it('charges isolated funding to the position margin, nets to zero with no premium', () => {
    const ex = quiet({ fundingIntervalMs: 60_000 });
    for (const u of [A, B]) fund(ex, u, '100000');
    ex.changeMarginMode(A, 'BTC-USD', 'isolated', T0);
    place(ex, B, limit('sell', '0.1', '95000'));
    place(ex, A, market('buy', '0.1'));
    ex.advance(T0 + 120_000);
    // Empty book → mark = index, premium 0 → rate = interest for a 1 min interval = round(1e4 × 60000 / 28800000) = 21 (1e-8).
    const rates = ex.fundingRates('BTC-USD', 0, T0 + 999_999);
    expect(rates.ok && rates.value.map((r) => r.funding_rate)).toEqual(['0.00000021', '0.00000021']);
    // 0.1 × 95000 × 0.00000021 = 0.001995 per interval, taken from the isolated margin 950.
    expect(ex.queryPositions(A)[0]?.holding_margin).toBe('949.99601');
    expect(ex.queryFundingHistory(A).map((f) => f.qty)).toEqual(['-0.001995', '-0.001995']);
    expect(ex.queryFundingHistory(B, { limit: 1 }).map((f) => f.qty)).toEqual(['0.001995']);
    expectInvariant(ex);
  });
});
