import { describe, expect, it } from 'vitest';
import { accountLeverage, exposureAtMark, healthLevel, maintenanceMargin, marginRatio } from './account-health';
import { dec } from './decimal';

const long = { qty: '0.5', mark_price: '100000', maint_margin: '1250' };
const short = { qty: '-10', mark_price: '3300.5', maint_margin: '660.1' };

describe('account health', () => {
  it('adds the maintenance margin of every position', () => {
    expect(maintenanceMargin([long, short]).toFixed()).toBe('1910.1');
    expect(maintenanceMargin([]).toFixed()).toBe('0');
  });

  it('values exposure at the mark, shorts as much as longs', () => {
    // 0.5 × 100 000 + 10 × 3 300.5
    expect(exposureAtMark([long, short]).toFixed()).toBe('83005');
  });

  it('margin ratio is maintenance / equity', () => {
    expect(marginRatio(dec('1910.1'), dec('19101'))?.toFixed()).toBe('0.1');
    expect(marginRatio(dec(0), dec(5000))).toBeNull();
    expect(marginRatio(dec(10), dec(0))).toBeNull();
  });

  it('account leverage is exposure / equity', () => {
    expect(accountLeverage(dec('83005'), dec('16601'))?.toFixed()).toBe('5');
    expect(accountLeverage(dec('83005'), dec('-1'))).toBeNull();
  });

  it('warns from 70 % and calls 90 % and an account without equity danger', () => {
    expect(healthLevel(dec('0.69'), dec(1))).toBe('safe');
    expect(healthLevel(dec('0.7'), dec(1))).toBe('warn');
    expect(healthLevel(dec('0.9'), dec(1))).toBe('danger');
    expect(healthLevel(null, dec(1))).toBe('danger');
    expect(healthLevel(null, dec(0))).toBe('safe');
  });
});
