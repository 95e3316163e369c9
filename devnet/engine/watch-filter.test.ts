import { describe, expect, it } from 'vitest';
import { A, C, fund, limit, market, quiet, record } from '../test-support/engine-fixtures.js';

describe('watched accounts', () => {
  it('renders user events only for watched accounts, yet reports every order result', () => {
    const ex = quiet();
    for (const u of [A, C]) fund(ex, u, '100000');
    const events = record(ex);
    ex.watchUsers((user) => user === A);

    const maker = ex.newOrder(A, limit('sell', '0.01', '95100'), Date.now());
    const taker = ex.newOrder(C, market('buy', '0.01'), Date.now());
    expect(maker.ok && taker.ok).toBe(true);

    const users = new Set(events.flatMap((e) => (e.type !== 'order_result' && 'user' in e ? [e.user] : [])));
    expect(users.has(A)).toBe(true);
    expect(users.has(C)).toBe(false);
    expect(events.filter((e) => e.type === 'trade').map((e) => 'user' in e && e.user)).toEqual([A]);
    const results = events.filter((e) => e.type === 'order_result');
    expect(results).toHaveLength(2);
    // The unwatched trader's state is still right; only its push events were skipped.
    expect(ex.queryPositions(C)[0]).toMatchObject({ qty: '0.01' });

    ex.watchUsers(null);
    events.length = 0;
    ex.newOrder(A, limit('buy', '0.01', '94900'), Date.now());
    ex.newOrder(C, market('sell', '0.01'), Date.now());
    expect(events.some((e) => e.type === 'position' && e.user === C)).toBe(true);
    expect(events.some((e) => e.type === 'trade' && e.user === C)).toBe(true);
  });
});

describe('watched public trades', () => {
  it('delivers a symbol’s public trades only while someone wants them; the feed records every trade', () => {
    const ex = quiet();
    for (const u of [A, C]) fund(ex, u, '100000');
    const events = record(ex);
    ex.watchPublicTrades((symbol) => symbol === 'ETH-USD');

    ex.newOrder(A, limit('sell', '0.01', '95100'), Date.now());
    ex.newOrder(C, market('buy', '0.01'), Date.now());
    expect(events.filter((e) => e.type === 'public_trade')).toEqual([]);
    // Balance pushes follow the account filter, not this one; order results always come.
    expect(events.filter((e) => e.type === 'order_result')).toHaveLength(2);
    // The trade is in the market's recent trades all the same (a new subscriber's first frame).
    const recent = ex.recentTrades('BTC-USD');
    expect(recent.ok && recent.value[0]).toMatchObject({ price: '95100', qty: '0.01', is_buyer_taker: true });

    ex.watchPublicTrades((symbol) => symbol === 'BTC-USD');
    ex.newOrder(A, limit('sell', '0.02', '95100'), Date.now());
    ex.newOrder(C, market('buy', '0.02'), Date.now());
    const trades = events.filter((e) => e.type === 'public_trade');
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({ symbol: 'BTC-USD', trade: { price: '95100', qty: '0.02', side: 'buy', symbol: 'BTC-USD' } });
  });
});
