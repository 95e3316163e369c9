import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { dec } from '../lib/decimal';
import { orderLock } from '../lib/order-lock';
import { marginError, maxPositionError, priceBandError, priceStepError, readAmount, reduceOnlyError, restingMarginError, sizeLimitError, sizeStepError, type OrderRuleProblem } from '../lib/order-rules';
import { asksToType, orderRuleWords } from './order-rule-words';

/** The words a rule's problem reads as (undefined when the rule holds). */
const say = (p: OrderRuleProblem | undefined) => p && i18n._(orderRuleWords(p));
/** The words of a typed amount's problem, or its value. */
const read = (text: string, what: Parameters<typeof readAmount>[1]) => {
  const r = readAmount(text, what);
  return 'error' in r ? { error: say(r.error) } : r;
};

// Each rule's words, as the order form and the modify editors show them.

describe('the order-entry rules in words', () => {
  it('reads a typed amount above 0, or says what to type', () => {
    expect(read('1,234.5', 'price')).toEqual({ value: dec('1234.5') });
    expect(read('', 'take-profit')).toEqual({ error: 'Enter a take-profit price' });
    expect(read('-1', 'size')).toEqual({ error: 'Size must be positive' });
    expect(read('0', 'size')).toEqual({ error: 'Size must be above 0' });
    expect(read('0.05 BTC', 'size')).toEqual({ error: 'Enter the number only, without a currency or unit' });
  });

  it('holds price and size to their steps', () => {
    expect(say(priceStepError(dec('95000.1'), 1))).toBeUndefined();
    expect(say(priceStepError(dec('95000.15'), 1))).toBe('Price moves in steps of 0.1');
    expect(say(sizeStepError(dec('0.001'), 3, 'BTC'))).toBeUndefined();
    expect(say(sizeStepError(dec('0.0015'), 3, 'BTC'))).toBe('Size moves in steps of 0.001 BTC');
  });

  it('takes a price on the band and refuses one a tick beyond, naming the bound that passes', () => {
    const band = { capRatio: '0.05', floorRatio: '0.05', decimals: 1 };
    const mark = dec('95000');
    expect(say(priceBandError(dec('99750'), mark, band))).toBeUndefined();
    expect(say(priceBandError(dec('90250'), mark, band))).toBeUndefined();
    expect(say(priceBandError(dec('99750.1'), mark, band))).toBe('Price must be at most 99,750.0 (mark + 5%)');
    expect(say(priceBandError(dec('90249.9'), mark, band))).toBe('Price must be at least 90,250.0 (mark − 5%)');
  });

  it('holds a size between the minimum and the maximum per order, and a position under its maximum, quoting sizes at the symbol\'s places', () => {
    expect(say(sizeLimitError(dec('0.001'), '0.001', '100', 'BTC', 3))).toBeUndefined();
    expect(say(sizeLimitError(dec('0'), '0.001', '100', 'BTC', 3))).toBe('Minimum size is 0.001 BTC');
    expect(say(sizeLimitError(dec('100.001'), '0.001', '100', 'BTC', 3))).toBe('Maximum size per order is 100.000 BTC');
    expect(say(maxPositionError({ positionQty: dec('-150'), side: 'buy', qty: dec('350'), maxPositionSize: '200', base: 'BTC', qtyDecimals: 3 }))).toBeUndefined();
    expect(say(maxPositionError({ positionQty: dec('1500'), side: 'buy', qty: dec('600.5'), maxPositionSize: '2000', base: 'BTC', qtyDecimals: 3 }))).toBe(
      'Position would be 2,100.500 BTC, above the maximum of 2,000.000 BTC',
    );
    expect(say(maxPositionError({ positionQty: dec('150'), side: 'buy', qty: dec('60'), maxPositionSize: '200', base: 'BTC', qtyDecimals: 3 }))).toBe(
      'Position would be 210.000 BTC, above the maximum of 200.000 BTC',
    );
    // A position finer than the symbol's places (the exchange's own, e.g. a liquidation's share): the
    // size it would reach is shown rounded away from the maximum, so it never reads equal to it.
    expect(say(maxPositionError({ positionQty: dec('199.9994'), side: 'buy', qty: dec('0.001'), maxPositionSize: '200', base: 'BTC', qtyDecimals: 3 }))).toBe(
      'Position would be 200.001 BTC, above the maximum of 200.000 BTC',
    );
  });

  it('lets a reduce-only order only shrink the position, within what other reduce-only orders leave', () => {
    const long = { side: 'sell' as const, positionQty: dec('0.5'), symbol: 'BTC-USD', base: 'BTC', qtyDecimals: 3 };
    expect(say(reduceOnlyError({ ...long, qty: dec('0.3'), headroom: dec('0.3') }))).toBeUndefined();
    expect(say(reduceOnlyError({ ...long, qty: dec('0.4'), headroom: dec('0.3') }))).toBe('Reduce-only size can be at most 0.300 BTC: position 0.500 minus 0.200 in other reduce-only orders');
    expect(say(reduceOnlyError({ ...long, qty: dec('0.6'), headroom: dec('0.5') }))).toBe('Reduce-only size can be at most the position, 0.500 BTC');
    expect(say(reduceOnlyError({ ...long, side: 'buy', qty: dec('0.1'), headroom: dec('0.5') }))).toBe('Reduce-only must sell to reduce your long');
    expect(say(reduceOnlyError({ ...long, positionQty: dec(0), qty: dec('0.1'), headroom: dec(0) }))).toBe('Reduce-only needs a position in BTC-USD');
  });

  it('asks a resting order for its whole lock, shown to the cent (needed up, available down, never below 0)', () => {
    const a = { qty: dec('0.02'), price: dec('95000'), leverage: 10, takerFee: '0.0005' };
    const lock = orderLock(a);
    expect(say(restingMarginError({ ...a, available: lock }))).toBeUndefined();
    expect(say(restingMarginError({ ...a, available: dec('100') }))).toBe(`Needs ${lock.toDecimalPlaces(2, 0).toFixed(2)} margin + fee; 100.00 available`);
    expect(say(marginError(dec('0.961'), dec('-5')))).toBe('Needs 0.97 margin + fee; 0.00 available');
    expect(say(marginError(dec('0'), dec('-5')))).toBeUndefined();
  });

  it('words every amount kind as a whole sentence, and a modify before the rules are read', () => {
    expect(read('', 'price')).toEqual({ error: 'Enter a price' });
    expect(read('', 'stop-loss')).toEqual({ error: 'Enter a stop-loss price' });
    expect(read('-5', 'take-profit')).toEqual({ error: 'Take-profit price must be positive' });
    expect(read('0', 'stop-loss')).toEqual({ error: 'Stop-loss price must be above 0' });
    expect(say(reduceOnlyError({ side: 'sell', qty: dec('0.1'), positionQty: dec('-1'), headroom: dec('1'), symbol: 'BTC-USD', base: 'BTC', qtyDecimals: 3 }))).toBe('Reduce-only must buy to reduce your short');
    expect(i18n._(orderRuleWords({ code: 'rules-not-loaded' }))).toBe('Market rules not loaded yet');
  });

  it('waits for a send only when nothing was typed: text that is not a number is said at once', () => {
    const problem = (text: string) => {
      const r = readAmount(text, 'size');
      if (!('error' in r)) throw new Error(`${text} read as a number`);
      return r.error;
    };
    expect(asksToType(problem(''))).toBe(true);
    expect(asksToType(problem('abc'))).toBe(false);
    expect(asksToType(problem('0.05 BTC'))).toBe(false);
    expect(asksToType(problem('+5'))).toBe(false);
  });
});
