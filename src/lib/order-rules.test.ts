import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { orderLock } from './order-lock';
import { marginError, maxPositionError, priceBandError, priceStepError, readAmount, reduceOnlyError, restingMarginError, sizeLimitError, sizeStepError } from './order-rules';

// One rule each, at its edges: what passes, and the words for what does not.

describe('the order-entry rules', () => {
  it('reads a typed amount above 0, or says what to type', () => {
    expect(readAmount('1,234.5', 'a price')).toEqual({ value: dec('1234.5') });
    expect(readAmount('', 'a take-profit price')).toEqual({ error: 'Enter a take-profit price' });
    expect(readAmount('-1', 'a size')).toEqual({ error: 'Size must be positive' });
    expect(readAmount('0', 'a size')).toEqual({ error: 'Size must be above 0' });
    expect(readAmount('0.05 BTC', 'a size')).toEqual({ error: 'Enter the number only, without a currency or unit' });
  });

  it('holds price and size to their steps', () => {
    expect(priceStepError(dec('95000.1'), 1)).toBeUndefined();
    expect(priceStepError(dec('95000.15'), 1)).toBe('Price moves in steps of 0.1');
    expect(sizeStepError(dec('0.001'), 3, 'BTC')).toBeUndefined();
    expect(sizeStepError(dec('0.0015'), 3, 'BTC')).toBe('Size moves in steps of 0.001 BTC');
  });

  it('takes a price on the band and refuses one a tick beyond, naming the bound that passes', () => {
    const band = { capRatio: '0.05', floorRatio: '0.05', decimals: 1 };
    const mark = dec('95000');
    expect(priceBandError(dec('99750'), mark, band)).toBeUndefined();
    expect(priceBandError(dec('90250'), mark, band)).toBeUndefined();
    expect(priceBandError(dec('99750.1'), mark, band)).toBe('Price must be at most 99,750.0 (mark + 5%)');
    expect(priceBandError(dec('90249.9'), mark, band)).toBe('Price must be at least 90,250.0 (mark − 5%)');
  });

  it('holds a size between the minimum and the maximum per order, and a position under its maximum, quoting sizes at the symbol\'s places', () => {
    expect(sizeLimitError(dec('0.001'), '0.001', '100', 'BTC', 3)).toBeUndefined();
    expect(sizeLimitError(dec('0'), '0.001', '100', 'BTC', 3)).toBe('Minimum size is 0.001 BTC');
    expect(sizeLimitError(dec('100.001'), '0.001', '100', 'BTC', 3)).toBe('Maximum size per order is 100.000 BTC');
    expect(maxPositionError({ positionQty: dec('-150'), side: 'buy', qty: dec('350'), maxPositionSize: '200', base: 'BTC', qtyDecimals: 3 })).toBeUndefined();
    expect(maxPositionError({ positionQty: dec('1500'), side: 'buy', qty: dec('600.5'), maxPositionSize: '2000', base: 'BTC', qtyDecimals: 3 })).toBe(
      'Position would be 2,100.500 BTC, above the maximum of 2,000.000 BTC',
    );
    expect(maxPositionError({ positionQty: dec('150'), side: 'buy', qty: dec('60'), maxPositionSize: '200', base: 'BTC', qtyDecimals: 3 })).toBe(
      'Position would be 210.000 BTC, above the maximum of 200.000 BTC',
    );
    // A position finer than the symbol's places (the exchange's own, e.g. a liquidation's share): the
    // size it would reach is shown rounded away from the maximum, so it never reads equal to it.
    expect(maxPositionError({ positionQty: dec('199.9994'), side: 'buy', qty: dec('0.001'), maxPositionSize: '200', base: 'BTC', qtyDecimals: 3 })).toBe(
      'Position would be 200.001 BTC, above the maximum of 200.000 BTC',
    );
  });

  it('lets a reduce-only order only shrink the position, within what other reduce-only orders leave', () => {
    const long = { side: 'sell' as const, positionQty: dec('0.5'), symbol: 'BTC-USD', base: 'BTC', qtyDecimals: 3 };
    expect(reduceOnlyError({ ...long, qty: dec('0.3'), headroom: dec('0.3') })).toBeUndefined();
    expect(reduceOnlyError({ ...long, qty: dec('0.4'), headroom: dec('0.3') })).toBe('Reduce-only size can be at most 0.300 BTC: position 0.500 minus 0.200 in other reduce-only orders');
    expect(reduceOnlyError({ ...long, qty: dec('0.6'), headroom: dec('0.5') })).toBe('Reduce-only size can be at most the position, 0.500 BTC');
    expect(reduceOnlyError({ ...long, side: 'buy', qty: dec('0.1'), headroom: dec('0.5') })).toBe('Reduce-only must sell to reduce your long');
    expect(reduceOnlyError({ ...long, positionQty: dec(0), qty: dec('0.1'), headroom: dec(0) })).toBe('Reduce-only needs a position in BTC-USD');
  });

  it('asks a resting order for its whole lock, shown to the cent (needed up, available down, never below 0)', () => {
    const a = { qty: dec('0.02'), price: dec('95000'), leverage: 10, takerFee: '0.0005' };
    const lock = orderLock(a);
    expect(restingMarginError({ ...a, available: lock })).toBeUndefined();
    expect(restingMarginError({ ...a, available: dec('100') })).toBe(`Needs ${lock.toDecimalPlaces(2, 0).toFixed(2)} margin + fee; 100.00 available`);
    expect(marginError(dec('0.961'), dec('-5'))).toBe('Needs 0.97 margin + fee; 0.00 available');
    expect(marginError(dec('0'), dec('-5'))).toBeUndefined();
  });
});
