import { describe, expect, it } from 'vitest';
import { isFinalStatus, isLiveStatus, ORDER_STATUSES } from './order-status';

// decisions.md "Order status": the full set the service uses.
const SPEC = { new: 'live', open: 'live', untriggered: 'live', filled: 'final', canceled: 'final', rejected: 'final' } as const;

describe('order status: live or final', () => {
  it('the list the order schema accepts is the spec’s, no more, no less', () => {
    expect([...ORDER_STATUSES].sort()).toEqual(Object.keys(SPEC).sort());
  });

  it.each(Object.entries(SPEC))('%s is %s, never both', (status, is) => {
    expect(isLiveStatus(status)).toBe(is === 'live');
    expect(isFinalStatus(status)).toBe(is === 'final');
  });

  it('says neither of a status the service does not use (no partially filled, no expired)', () => {
    for (const status of ['partially_filled', 'expired', 'cancelled', 'Filled', '']) {
      expect([isLiveStatus(status), isFinalStatus(status)]).toEqual([false, false]);
    }
  });
});
