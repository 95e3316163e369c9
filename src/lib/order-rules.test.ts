import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { orderLock } from './order-lock';
import { marginError, maxPositionError, priceBandError, priceStepError, readAmount, reduceOnlyError, restingMarginError, sizeLimitError, sizeStepError } from './order-rules';

// One rule each, at its edges: what passes, and the problem (with the numbers it quotes) for what
// does not. Their words: src/ui/order-rule-words.test.ts.

describe('the order-entry rules', () => {
  it('reads a typed amount above 0, or says what is wrong with it', () => {
    expect(readAmount('1,234.5', 'price')).toEqual({ value: dec('1234.5') });
    expect(readAmount('', 'take-profit')).toEqual({ error: { code: 'amount-empty', what: 'take-profit' } });
    expect(readAmount('-1', 'size')).toEqual({ error: { code: 'amount-negative', what: 'size' } });
    expect(readAmount('0', 'size')).toEqual({ error: { code: 'amount-zero', what: 'size' } });
    expect(readAmount('0.05 BTC', 'size')).toMatchObject({ error: { code: 'amount-unreadable', what: 'size', read: { ok: false, problem: 'with-unit' } } });
  });

  it('holds price and size to their steps', () => {
    expect(priceStepError(dec('95000.1'), 1)).toBeUndefined();
    expect(priceStepError(dec('95000.15'), 1)).toEqual({ code: 'price-step', step: '0.1' });
    expect(sizeStepError(dec('0.001'), 3, 'BTC')).toBeUndefined();
    expect(sizeStepError(dec('0.0015'), 3, 'BTC')).toEqual({ code: 'size-step', step: '0.001', base: 'BTC' });
  });

  it('takes a price on the band and refuses one a tick beyond, naming the bound that passes', () => {
    const band = { capRatio: '0.05', floorRatio: '0.05', decimals: 1 };
    const mark = dec('95000');
    expect(priceBandError(dec('99750'), mark, band)).toBeUndefined();
    expect(priceBandError(dec('90250'), mark, band)).toBeUndefined();
    expect(priceBandError(dec('99750.1'), mark, band)).toEqual({ code: 'price-above-band', bound: '99,750.0', pct: '5' });
    expect(priceBandError(dec('90249.9'), mark, band)).toEqual({ code: 'price-below-band', bound: '90,250.0', pct: '5' });
  });

  it('holds a size between the minimum and the maximum per order, and a position under its maximum, quoting sizes at the symbol\'s places', () => {
    expect(sizeLimitError(dec('0.001'), '0.001', '100', 'BTC', 3)).toBeUndefined();
    expect(sizeLimitError(dec('0'), '0.001', '100', 'BTC', 3)).toEqual({ code: 'size-below-min', min: '0.001', base: 'BTC' });
    expect(sizeLimitError(dec('100.001'), '0.001', '100', 'BTC', 3)).toEqual({ code: 'size-above-max', max: '100.000', base: 'BTC' });
    expect(maxPositionError({ positionQty: dec('-150'), side: 'buy', qty: dec('350'), maxPositionSize: '200', base: 'BTC', qtyDecimals: 3 })).toBeUndefined();
    expect(maxPositionError({ positionQty: dec('1500'), side: 'buy', qty: dec('600.5'), maxPositionSize: '2000', base: 'BTC', qtyDecimals: 3 })).toEqual({
      code: 'position-above-max', after: '2,100.500', max: '2,000.000', base: 'BTC',
    });
    expect(maxPositionError({ positionQty: dec('150'), side: 'buy', qty: dec('60'), maxPositionSize: '200', base: 'BTC', qtyDecimals: 3 })).toEqual({
      code: 'position-above-max', after: '210.000', max: '200.000', base: 'BTC',
    });
    // A position finer than the symbol's places (the exchange's own, e.g. a liquidation's share): the
    // size it would reach is shown rounded away from the maximum, so it never reads equal to it.
    expect(maxPositionError({ positionQty: dec('199.9994'), side: 'buy', qty: dec('0.001'), maxPositionSize: '200', base: 'BTC', qtyDecimals: 3 })).toEqual({
      code: 'position-above-max', after: '200.001', max: '200.000', base: 'BTC',
    });
  });

  it('lets a reduce-only order only shrink the position, within what other reduce-only orders leave', () => {
    const long = { side: 'sell' as const, positionQty: dec('0.5'), symbol: 'BTC-USD', base: 'BTC', qtyDecimals: 3 };
    expect(reduceOnlyError({ ...long, qty: dec('0.3'), headroom: dec('0.3') })).toBeUndefined();
    expect(reduceOnlyError({ ...long, qty: dec('0.4'), headroom: dec('0.3') })).toEqual({
      code: 'reduce-only-above-headroom', headroom: '0.300', position: '0.500', pending: '0.200', base: 'BTC',
    });
    expect(reduceOnlyError({ ...long, qty: dec('0.6'), headroom: dec('0.5') })).toEqual({ code: 'reduce-only-above-position', headroom: '0.500', base: 'BTC' });
    expect(reduceOnlyError({ ...long, side: 'buy', qty: dec('0.1'), headroom: dec('0.5') })).toEqual({ code: 'reduce-only-wrong-side', reducing: 'sell' });
    expect(reduceOnlyError({ ...long, positionQty: dec(0), qty: dec('0.1'), headroom: dec(0) })).toEqual({ code: 'reduce-only-no-position', symbol: 'BTC-USD' });
  });

  it('asks a resting order for its whole lock, shown to the cent (needed up, available down, never below 0)', () => {
    const a = { qty: dec('0.02'), price: dec('95000'), leverage: 10, takerFee: '0.0005' };
    const lock = orderLock(a);
    expect(restingMarginError({ ...a, available: lock })).toBeUndefined();
    expect(restingMarginError({ ...a, available: dec('100') })).toEqual({ code: 'margin-short', needed: lock.toDecimalPlaces(2, 0).toFixed(2), available: '100.00' });
    expect(marginError(dec('0.961'), dec('-5'))).toEqual({ code: 'margin-short', needed: '0.97', available: '0.00' });
    expect(marginError(dec('0'), dec('-5'))).toBeUndefined();
  });
});
