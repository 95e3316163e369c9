import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { readLeg, type Leg, type LegContext } from './tpsl-leg';

/** The leg's error as the trader reads it (English in tests). */
const errorOf = (leg: Leg, c: LegContext) => {
  const e = readLeg(leg, c).error;
  return e && i18n._(e);
};

// A long of 0.5 BTC at 95,000 on 10× (margin 4,750), mark 95,500, price tick 0.1.
const long: Omit<LegContext, 'kind'> = { qty: dec('0.5'), entry: dec('95000'), margin: dec('4750'), mark: dec('95500'), priceDecimals: 1 };
const short: Omit<LegContext, 'kind'> = { ...long, qty: dec('-0.5'), mark: dec('94500') };

describe('a TP or SL leg of the position editor', () => {
  it('a price typed shows its ROE and expected PnL, and is the trigger sent', () => {
    const r = readLeg({ by: 'price', text: '97,000' }, { ...long, kind: 'tp' });
    expect(r.trigger?.toFixed()).toBe('97000');
    expect(r.shown).toEqual({ price: '97,000', roe: '21.05', pnl: '1000.00' });
    expect(r.pnl?.toFixed()).toBe('1000');
    expect(r.error).toBeNull();
  });

  it('a stop typed as a loss of 10 % ROE: 950 below for the long, the price computed, the loss shown', () => {
    const r = readLeg({ by: 'roe', text: '10' }, { ...long, kind: 'sl' });
    expect(r.trigger?.toFixed()).toBe('94050');
    expect(r.shown).toEqual({ price: '94050.0', roe: '10', pnl: '475.00' });
    expect(r.pnl?.toFixed()).toBe('-475');
  });

  it('a loss amount for a short: above the entry, on the tick toward it', () => {
    const r = readLeg({ by: 'pnl', text: '100' }, { ...short, kind: 'sl' });
    // 95,000 + 100 / 0.5 = 95,200.
    expect(r.trigger?.toFixed()).toBe('95200');
    const odd = readLeg({ by: 'pnl', text: '100' }, { ...short, qty: dec('-0.3'), kind: 'sl' });
    // 95,000 + 333.33… → 95,333.3 (toward the entry: the loss stays under 100).
    expect(odd.trigger?.toFixed()).toBe('95333.3');
    expect(odd.pnl!.gte(-100)).toBe(true);
  });

  it('the wrong side of the mark is refused next to the field, with the typed text kept', () => {
    const r = readLeg({ by: 'price', text: '95400' }, { ...long, kind: 'tp' });
    expect(r.trigger).toBeNull();
    expect(r.error && i18n._(r.error)).toBe("A long's take profit must be above the mark 95,500.0");
    expect(r.shown.price).toBe('95400');
    expect(errorOf({ by: 'price', text: '95600' }, { ...long, kind: 'sl' })).toBe("A long's stop loss must be below the mark 95,500.0");
    expect(errorOf({ by: 'price', text: '94400' }, { ...short, kind: 'tp' })).toBeNull();
    expect(errorOf({ by: 'price', text: '94400' }, { ...short, kind: 'sl' })).toBe("A short's stop loss must be above the mark 94,500.0");
    expect(errorOf({ by: 'price', text: '95000' }, { ...short, kind: 'tp' })).toBe("A short's take profit must be below the mark 94,500.0");
  });

  it('not a number, off the tick, zero, or a loss beyond everything: a reason, never a guess', () => {
    expect(errorOf({ by: 'price', text: '97000.05' }, { ...long, kind: 'tp' })).toBe('The price tick is 0.1: at most 1 decimal');
    expect(errorOf({ by: 'price', text: '97000.5' }, { ...long, priceDecimals: 0, kind: 'tp' })).toBe('The price tick is 1: whole numbers only');
    expect(errorOf({ by: 'price', text: '97000.005' }, { ...long, priceDecimals: 2, kind: 'tp' })).toBe('The price tick is 0.01: at most 2 decimals');
    expect(errorOf({ by: 'price', text: 'abc' }, { ...long, kind: 'tp' })).toMatch(/Enter a number/);
    expect(errorOf({ by: 'price', text: '0' }, { ...long, kind: 'tp' })).toBe('Enter a price above 0');
    expect(errorOf({ by: 'pnl', text: '60000' }, { ...long, kind: 'sl' })).toBe('That loss puts the trigger at or below 0');
    expect(readLeg({ by: 'price', text: '' }, { ...long, kind: 'tp' })).toMatchObject({ trigger: null, error: null });
  });
});
