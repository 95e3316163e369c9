// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { closeShareQty } from './position-actions';
import { selectedPositionSymbol } from './position-hotkeys';

describe('the position hotkeys', () => {
  it('act on the Positions row with the focus, else on the position in the market shown', () => {
    document.body.innerHTML = '<table><tr data-position-symbol="ETH-USD"><td><button id="b">Market</button></td></tr></table><input id="i">';
    expect(selectedPositionSymbol(document.getElementById('b'), 'BTC-USD')).toBe('ETH-USD');
    expect(selectedPositionSymbol(document.getElementById('i'), 'BTC-USD')).toBe('BTC-USD');
    expect(selectedPositionSymbol(null, 'BTC-USD')).toBe('BTC-USD');
  });

  it('close N %: |qty| × N on the qty tick rounded down, at least the smallest order, never more than the position', () => {
    const min = dec('0.001');
    expect(closeShareQty(dec('0.4'), 50, 3, min)?.toFixed()).toBe('0.2');
    expect(closeShareQty(dec('-0.1'), 25, 3, min)?.toFixed()).toBe('0.025');
    expect(closeShareQty(dec('0.007'), 25, 3, min)?.toFixed()).toBe('0.001');
    expect(closeShareQty(dec('0.003'), 25, 3, min)?.toFixed()).toBe('0.001');
    expect(closeShareQty(dec('0.5'), 100, 3, min)?.toFixed()).toBe('0.5');
    expect(closeShareQty(dec('0.5'), 50, 1, dec('1'))).toBeNull();
  });
});
