import { describe, expect, it } from 'vitest';
import { buildLedger } from './ledger';
import { realized24hCheck } from './realized-24h-check';
import { summarizePortfolio } from './portfolio-summary';
import { DAY, fill, funding, handHistory, inputOf, resetIds, T0 } from './testing/history-builders';

describe('the 24 h realized figure against the balance', () => {
  it('agrees with pnl_freeze and pnl_24h when the history is whole', () => {
    const h = handHistory();
    const ledger = buildLedger(inputOf(h.trades, h.funding));
    // every event is within 24 h of now (T0 + 1 d): realized −5; net −5 − 0.285 + 0.15 = −5.135
    const c = realized24hCheck(ledger, T0 + DAY, '-5', '-5.135');
    expect(c.realized).toEqual({ computed: '-5', reported: '-5', difference: '0', agrees: true });
    expect(c.net).toEqual({ computed: '-5.135', reported: '-5.135', difference: '0', agrees: true });
  });

  it('shows a difference instead of hiding it', () => {
    const h = handHistory();
    const ledger = buildLedger(inputOf(h.trades, h.funding));
    // reported −4.5, computed −5: difference −4.5 − (−5) = 0.5
    const c = realized24hCheck(ledger, T0 + DAY, '-4.5', undefined);
    expect(c.realized).toEqual({ computed: '-5', reported: '-4.5', difference: '0.5', agrees: false });
    expect(c.net).toBeNull();
  });

  it('counts a fill exactly 24 h old in pnl_freeze (as the exchange does) but not in pnl_24h', () => {
    resetIds();
    const now = T0 + 2 * DAY;
    const ledger = buildLedger(inputOf([fill(now - DAY, 'X', 'sell', '1', '1', '1', '0.1', '3'), fill(now - DAY - 1, 'X', 'sell', '1', '1', '1', '0', '100')], [funding(now - 10, 'X', '-1')]));
    const c = realized24hCheck(ledger, now, '3', '-1');
    // pnl_freeze: 3 (at now − 24 h, counted); the fill 1 ms older is not. pnl_24h: only the funding −1
    expect([c.realized.agrees, c.net!.agrees]).toEqual([true, true]);
  });

  it('checks the 24 h before the balance was read: a fill since (not in its pnl_freeze) makes no difference', () => {
    resetIds();
    const readAt = T0 + 2 * DAY;
    const input = inputOf([fill(readAt - 1_000, 'X', 'sell', '1', '1', '1', '0', '3'), fill(readAt + 500, 'X', 'sell', '1', '1', '1', '0', '7')], []);
    const c = realized24hCheck(buildLedger(input), readAt, '3', undefined);
    expect(c.realized).toMatchObject({ computed: '3', agrees: true });
    // The summary takes the balance's read time, however much later its input was rebuilt ("now").
    const s = summarizePortfolio({ ...input, now: readAt + 5_000, balance: { equity: '0', pnl_freeze: '3', at: readAt } });
    expect(s.realized24h.realized.agrees).toBe(true);
    expect(s.realized24h.since).toBe(readAt - DAY);
  });
});
