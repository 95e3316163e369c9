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
