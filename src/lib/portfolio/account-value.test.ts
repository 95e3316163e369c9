import { describe, expect, it } from 'vitest';
import { accountValueCurve, valueSeries } from './account-value';
import { buildLedger } from './ledger';
import { windowSpan } from './pnl-curve';
import type { KnownMove } from './portfolio-input';
import { DAY, fill, funding, HOUR, inputOf, resetIds, T0 } from './testing/history-builders';

const NOW = T0 + 60 * DAY;

/** As in pnl-curve.test.ts: −1 at −40 d, +3 at −10 d, −2 at −2 d, +0.5 at −1 h; equity now 104 of which 4 unrealized. */
function valueOf(w: '24h' | 'all', moves?: KnownMove[], feeAsset = 'DUSD') {
  resetIds();
  const input = inputOf(
    [fill(NOW - 40 * DAY, 'BTC-USD', 'buy', '1', '100', '100', '1', '0', feeAsset)],
    [funding(NOW - 10 * DAY, 'BTC-USD', '3'), funding(NOW - 2 * DAY, 'BTC-USD', '-2'), funding(NOW - HOUR, 'BTC-USD', '0.5')],
    { now: NOW, unrealizedPnl: '4', balance: { equity: '104', pnl_freeze: '0' }, ...(moves ? { moves } : {}) },
  );
  const ledger = buildLedger(input);
  return accountValueCurve(valueSeries(ledger, input), windowSpan(ledger, w, NOW), ledger.scale);
}

describe('account value: today\'s equity walked back by the PnL and the known moves', () => {
  it('without moves: realized value 104 − 4 = 100 now, walked back', () => {
    const v = valueOf('all');
    // start 100 − 0.5 = 99.5; −1 → 98.5; +3 → 101.5; −2 → 99.5; +0.5 → 100; now: equity 104
    expect(v.points.map((p) => p.value)).toEqual(['99.5', '98.5', '101.5', '99.5', '100', '104']);
    expect(v.points.at(-1)!.at).toBe(NOW);
    expect(v.steps).toEqual([]);
    expect(v.basis).toEqual(['last-point-is-equity-now', 'past-points-realized-only', 'no-moves-known']);
  });

  it('a known transfer in is a step, and the value before it is that much lower', () => {
    const v = valueOf('all', [{ at: NOW - 5 * DAY, amount: '50', kind: 'transfer-in' }]);
    // start 100 − 0.5 − 50 = 49.5; −1 → 48.5; +3 → 51.5; +50 (step) → 101.5; −2 → 99.5; +0.5 → 100; 104
    expect(v.points.map((p) => p.value)).toEqual(['49.5', '48.5', '51.5', '101.5', '99.5', '100', '104']);
    expect(v.steps).toEqual([{ at: NOW - 5 * DAY, kind: 'transfer-in', amount: '50', before: '51.5', after: '101.5' }]);
    expect(v.basis).toContain('known-moves-as-steps');
  });

  it('in a window: starts at the value at its start', () => {
    // 24 h: only +0.5 at −1 h: 99.5 at the start, 100, then 104
    expect(valueOf('24h').points.map((p) => p.value)).toEqual(['99.5', '100', '104']);
  });

  it('says when fees in another asset are left out, and when the walk back goes below zero', () => {
    expect(valueOf('all', undefined, 'BNB').basis).toContain('other-asset-fees-excluded');
    // A transfer in of 200 when the value is ~100 after it: walked back, the value before it is ~−100,
    // which cannot be: money came in earlier that the app does not know of.
    expect(valueOf('all', [{ at: NOW - 3 * DAY, amount: '200', kind: 'transfer-in' }]).basis).toContain('unknown-moves-likely');
    expect(valueOf('all', [{ at: NOW - 3 * DAY, amount: '-200', kind: 'transfer-out' }]).basis).not.toContain('unknown-moves-likely');
  });
});
