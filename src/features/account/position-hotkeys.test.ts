// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { closeShareQty, type ShareQty } from './position-actions';
import { selectedPositionSymbol } from './position-hotkeys';

describe('the position hotkeys', () => {
  it('act on the Positions row with the focus, else on the position in the market shown', () => {
    document.body.innerHTML = '<table><tr data-position-symbol="ETH-USD"><td><button id="b">Market</button></td></tr></table><input id="i">';
    expect(selectedPositionSymbol(document.getElementById('b'), 'BTC-USD')).toBe('ETH-USD');
    expect(selectedPositionSymbol(document.getElementById('i'), 'BTC-USD')).toBe('BTC-USD');
    expect(selectedPositionSymbol(null, 'BTC-USD')).toBe('BTC-USD');
  });

  it('close N %: |qty| × N on the qty tick rounded down, never more than asked nor than the position', () => {
    const min = dec('0.001');
    const qty = (r: ShareQty) => (r.ok ? r.qty.toFixed() : r.code);
    expect(qty(closeShareQty(dec('0.4'), 50, 3, min))).toBe('0.2');
    expect(qty(closeShareQty(dec('-0.1'), 25, 3, min))).toBe('0.025');
    expect(qty(closeShareQty(dec('0.007'), 25, 3, min))).toBe('0.001');
    expect(qty(closeShareQty(dec('0.5'), 100, 3, min))).toBe('0.5');
    expect(qty(closeShareQty(dec('0.5'), 50, 1, dec('1')))).toBe('below_minimum');
  });

  it('close N %: a share below the smallest order is not raised to it, and nothing is sized without the rules', () => {
    const min = dec('0.001');
    // 25 % of 0.003 is 0.00075: raising it to 0.001 would close a third, not a quarter.
    expect(closeShareQty(dec('0.003'), 25, 3, min)).toMatchObject({ ok: false, code: 'share_below_minimum' });
    expect(closeShareQty(dec('0.002'), 25, 3, min)).toMatchObject({ ok: false, code: 'share_below_minimum' });
    // Rules not loaded (min unknown): never a zero-size order.
    expect(closeShareQty(dec('0.002'), 25, 3, undefined)).toEqual({ ok: false, code: 'no_rules' });
    // A minimum of 0 (as the old fallback was) still never sizes 0.
    expect(closeShareQty(dec('0.002'), 25, 3, dec('0'))).toMatchObject({ ok: false, code: 'share_below_minimum' });
  });
});
