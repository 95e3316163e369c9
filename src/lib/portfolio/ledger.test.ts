import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLedger, extendLedger } from './ledger';
import { summarizePortfolio } from './portfolio-summary';
import type { PortfolioInput } from './portfolio-input';
import { history } from './testing/history-arbitraries';
import { handHistory, inputOf } from './testing/history-builders';

const time = (r: { created_at?: string; transact_time?: string }) => Date.parse(r.created_at ?? r.transact_time!);

describe('extending the ledger with rows that came since', () => {
  it('for any history cut at any time: built in two steps = built at once', () => {
    fc.assert(
      fc.property(history, fc.double({ min: 0, max: 1, noNaN: true }), (input, cutAt) => {
        const times = [...input.trades.map(time), ...input.funding.map(time)].sort((a, b) => a - b);
        const cut = times[Math.floor(cutAt * times.length)] ?? 0;
        const before: PortfolioInput = { ...input, trades: input.trades.filter((t) => time(t) <= cut), funding: input.funding.filter((f) => time(f) <= cut) };
        // the rows after the cut come later in id order too (ids rise with time in the arbitrary)
        const ledger = buildLedger(before);
        expect(extendLedger(ledger, input.trades, input.funding)).toBe(true);
        expect(summarizePortfolio(input, ledger)).toEqual(summarizePortfolio(input));
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a row earlier than its last event, and leaves the ledger as it was', () => {
    const h = handHistory();
    const ledger = buildLedger(inputOf(h.trades.slice(2), h.funding));
    const copy = structuredClone({ events: ledger.events, cumulative: ledger.cumulative, replayed: ledger.replayed });
    // the first two trades are older than what it holds: not an append
    expect(extendLedger(ledger, [...h.trades.slice(2), ...h.trades.slice(0, 2)], h.funding)).toBe(false);
    expect({ events: ledger.events, cumulative: ledger.cumulative, replayed: ledger.replayed }).toEqual(copy);
    // and a row finer than its scale
    const fine = { ...h.trades[6]!, id: 99, pnl: '0.0000000000000000001' };
    expect(extendLedger(ledger, [...h.trades.slice(2), fine], h.funding)).toBe(false);
    expect(ledger.trades).toBe(5);
  });
});
