import { describe, expect, it } from 'vitest';
import { buildLedger } from './ledger';
import { pnlCurve, windowSpan } from './pnl-curve';
import { DAY, fill, funding, HOUR, inputOf, resetIds, T0 } from './testing/history-builders';

const NOW = T0 + 60 * DAY;

/** −40 d: a fill with fee 1 (−1); −10 d funding +3; −2 d funding −2; −1 h funding +0.5. Unrealized now 4. */
function windowsHistory() {
  resetIds();
  const input = inputOf(
    [fill(NOW - 40 * DAY, 'BTC-USD', 'buy', '1', '100', '100', '1', '0')],
    [funding(NOW - 10 * DAY, 'BTC-USD', '3'), funding(NOW - 2 * DAY, 'BTC-USD', '-2'), funding(NOW - HOUR, 'BTC-USD', '0.5')],
    { now: NOW, unrealizedPnl: '4' },
  );
  return { input, ledger: buildLedger(input) };
}

const curveOf = (w: '24h' | '7d' | '30d' | 'all') => {
  const { ledger } = windowsHistory();
  return pnlCurve(ledger, windowSpan(ledger, w, NOW), 4n * 10n ** BigInt(ledger.scale));
};

describe('cumulative PnL per window: 0 at the window start, the unrealized PnL as the last point', () => {
  it('all: from the first event', () => {
    const c = curveOf('all');
    // 0, −1, −1 + 3 = 2, 2 − 2 = 0, 0 + 0.5 = 0.5, then + 4 unrealized = 4.5
    expect(c.points).toEqual([
      { at: NOW - 40 * DAY, value: '0' },
      { at: NOW - 40 * DAY, value: '-1' },
      { at: NOW - 10 * DAY, value: '2' },
      { at: NOW - 2 * DAY, value: '0' },
      { at: NOW - HOUR, value: '0.5' },
      { at: NOW, value: '4.5' },
    ]);
    expect([c.realized, c.withUnrealized]).toEqual(['0.5', '4.5']);
  });

  it('30 d: what happened before it is not in it', () => {
    // 0, +3, 3 − 2 = 1, 1 + 0.5 = 1.5, + 4 = 5.5
    expect(curveOf('30d').points.map((p) => p.value)).toEqual(['0', '3', '1', '1.5', '5.5']);
    expect(curveOf('30d').points[0]!.at).toBe(NOW - 30 * DAY);
  });

  it('7 d and 24 h', () => {
    // 7 d: 0, −2, −1.5, + 4 = 2.5; 24 h: 0, 0.5, 4.5
    expect(curveOf('7d').points.map((p) => p.value)).toEqual(['0', '-2', '-1.5', '2.5']);
    expect(curveOf('24h').points.map((p) => p.value)).toEqual(['0', '0.5', '4.5']);
    expect(curveOf('24h').realized).toBe('0.5');
  });

  it('an empty history is a flat line to the unrealized PnL', () => {
    const input = inputOf([], [], { now: NOW, unrealizedPnl: '-3' });
    const ledger = buildLedger(input);
    expect(pnlCurve(ledger, windowSpan(ledger, 'all', NOW), -3n * 10n ** BigInt(ledger.scale)).points).toEqual([
      { at: NOW, value: '0' },
      { at: NOW, value: '-3' },
    ]);
  });

  it('an event exactly at a window start belongs before it', () => {
    resetIds();
    const input = inputOf([], [funding(NOW - DAY, 'X', '1'), funding(NOW - DAY + 1, 'X', '2')], { now: NOW });
    const ledger = buildLedger(input);
    expect(pnlCurve(ledger, windowSpan(ledger, '24h', NOW), 0n).points.map((p) => p.value)).toEqual(['0', '2', '2']);
  });
});
