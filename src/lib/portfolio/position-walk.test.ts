import { describe, expect, it } from 'vitest';
import { isFlip, PositionWalk, splitFill } from './position-walk';

describe('position walk: which part of a fill closes and which opens', () => {
  it('opens, adds, partly closes, flips and closes, as the exchange books fills', () => {
    const w = new PositionWalk();
    // buy 10 from flat: opens 10 → +10
    expect(w.apply('X', 'buy', 10n)).toEqual({ before: 0n, after: 10n, closed: 0n, opened: 10n });
    // buy 5 more: adds → +15
    expect(w.apply('X', 'buy', 5n)).toEqual({ before: 10n, after: 15n, closed: 0n, opened: 5n });
    // sell 4: partial close of 4 → +11
    expect(w.apply('X', 'sell', 4n)).toEqual({ before: 15n, after: 11n, closed: 4n, opened: 0n });
    // sell 20: closes 11, opens 9 short → −9 (a flip)
    const flip = w.apply('X', 'sell', 20n);
    expect(flip).toEqual({ before: 11n, after: -9n, closed: 11n, opened: 9n });
    expect(isFlip(flip)).toBe(true);
    // buy 9: closes the short exactly → 0
    expect(w.apply('X', 'buy', 9n)).toEqual({ before: -9n, after: 0n, closed: 9n, opened: 0n });
    // another symbol is its own position
    expect(w.apply('Y', 'sell', 3n)).toEqual({ before: 0n, after: -3n, closed: 0n, opened: 3n });
    expect(w.positions).toEqual(new Map([['X', 0n], ['Y', -3n]]));
  });

  it('a fill the size of the position closes it whole and opens nothing', () => {
    expect(isFlip(splitFill(-7n, 'buy', 7n))).toBe(false);
    expect(splitFill(-7n, 'sell', 7n)).toEqual({ before: -7n, after: -14n, closed: 0n, opened: 7n });
  });
});
