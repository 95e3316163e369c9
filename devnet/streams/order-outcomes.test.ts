import { describe, expect, it } from 'vitest';
import { EARLY_KEPT, OrderOutcomes, type OutcomeSink } from './order-outcomes';

/** A logged-in order-stream session as the outcomes see it: what it was sent, in order. */
function session(account: string): OutcomeSink & { sent: unknown[] } {
  const sent: unknown[] = [];
  return { account, sent, send: (m) => sent.push(m) };
}

const replies = () => new Promise((resolve) => setImmediate(resolve));

describe('order outcomes reported before their route', () => {
  it('reach the session once the order is routed, among many outcomes that never are', async () => {
    const outcomes = new OrderOutcomes();
    const alice = session('alice');
    outcomes.registerSession('s1', alice);
    // Cancels report outcomes no route ever asks for: more of them than are kept.
    for (let id = 1; id <= EARLY_KEPT * 3; id++) outcomes.orderResult(id, 404, 'order not found');
    outcomes.orderResult(EARLY_KEPT * 3 + 1, 400, 'insufficient margin');
    outcomes.routeOrder(EARLY_KEPT * 3 + 1, 'req-1', 's1', 'alice');
    await replies();
    expect(alice.sent).toEqual([
      { code: 0, status: 'accepted', request_id: 'req-1' },
      { code: 400, message: 'insufficient margin', request_id: 'req-1' },
    ]);
  });

  it('keeps the newest ones: an outcome older than the last EARLY_KEPT is dropped, a newer one stays', async () => {
    const outcomes = new OrderOutcomes();
    const alice = session('alice');
    outcomes.registerSession('s1', alice);
    outcomes.orderResult(1, 0, 'success');
    for (let id = 2; id <= EARLY_KEPT + 1; id++) outcomes.orderResult(id, 404, 'order not found');
    outcomes.routeOrder(1, 'dropped', 's1', 'alice');
    outcomes.routeOrder(EARLY_KEPT + 1, 'kept', 's1', 'alice');
    await replies();
    expect(alice.sent).toEqual([
      { code: 0, status: 'accepted', request_id: 'dropped' },
      { code: 0, status: 'accepted', request_id: 'kept' },
      { code: 404, message: 'order not found', request_id: 'kept' },
    ]);
    // The dropped one waits for its outcome like an order routed before matching reports it.
    outcomes.orderResult(1, 0, 'success');
    await replies();
    expect(alice.sent.at(-1)).toEqual({ code: 0, message: 'success', request_id: 'dropped' });
  });

  it('an id reported again keeps its latest outcome for as long as a new one', async () => {
    const outcomes = new OrderOutcomes();
    const alice = session('alice');
    outcomes.registerSession('s1', alice);
    outcomes.orderResult(7, 0, 'success');
    for (let id = 100; id < 110; id++) outcomes.orderResult(id, 404, 'order not found');
    outcomes.orderResult(7, 404, 'order not found');
    // Enough newer outcomes to drop the first report of 7 and the ten after it, not the second.
    for (let id = 50_000; id < 50_000 + EARLY_KEPT - 10; id++) outcomes.orderResult(id, 404, 'order not found');
    outcomes.routeOrder(7, 'req-7', 's1', 'alice');
    outcomes.routeOrder(100, 'req-100', 's1', 'alice');
    await replies();
    expect(alice.sent).toEqual([
      { code: 0, status: 'accepted', request_id: 'req-7' },
      { code: 404, message: 'order not found', request_id: 'req-7' },
      { code: 0, status: 'accepted', request_id: 'req-100' },
    ]);
  });
});
