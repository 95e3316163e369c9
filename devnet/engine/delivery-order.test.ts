import { describe, expect, it } from 'vitest';
import type { ExchangeEvent } from './index.js';
import { A, C, fund, limit, market, quiet } from '../test-support/engine-fixtures.js';

// Listeners may call back into the engine while events are delivered (the service answers an order
// result by placing the next order, a bot reacts to a fill): what they cause must reach every listener
// once, after what was already queued, and the engine must go on delivering normally afterwards.
describe('event delivery', () => {
  it('delivers the events of a command a listener runs after the events queued before it, each once', () => {
    const ex = quiet();
    for (const u of [A, C]) fund(ex, u, '100000');
    const seen: ExchangeEvent[] = [];
    let reacted = false;
    ex.on((e) => {
      seen.push(e);
      // C answers A's resting order by taking it, from inside delivery.
      if (!reacted && e.type === 'order_result' && e.user === A) {
        reacted = true;
        ex.newOrder(C, market('buy', '0.01'), Date.now());
      }
    });
    const results = () => seen.filter((e) => e.type === 'order_result').map((e) => ('user' in e ? e.user : ''));

    ex.newOrder(A, limit('sell', '0.01', '95100'), Date.now());
    expect(results()).toEqual([A, C]);
    const firstOfC = seen.findIndex((e) => 'user' in e && e.user === C);
    const lastOfA = seen.findLastIndex((e) => e.type === 'order_result' && e.user === A);
    expect(firstOfC).toBeGreaterThan(lastOfA);
    expect(seen.filter((e) => e.type === 'trade')).toHaveLength(2);
    // Depth marks are one shared record per symbol; every other event is its own.
    const own = seen.filter((e) => e.type !== 'depth');
    expect(new Set(own).size).toBe(own.length);

    // The next command delivers its own events only.
    seen.length = 0;
    ex.newOrder(A, limit('buy', '0.01', '94900'), Date.now());
    expect(results()).toEqual([A]);
    expect(seen.some((e) => e.type === 'trade')).toBe(false);
  });
});
