import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { LOCK_SAFETY_PCT, feeRateScaled, lockOfNotional, lockRatio, orderLock, takerFillCost } from './order-lock';

describe('order lock', () => {
  it('is notional × (1/leverage + taker fee) × 1.01 by default', () => {
    expect(LOCK_SAFETY_PCT).toBe(1);
    // 1 BTC at 100 000, 10×, 0.04 %: 100 000 × 0.1004 × 1.01
    expect(orderLock({ qty: dec('1'), price: dec('100000'), leverage: 10, takerFee: '0.0004' }).toFixed()).toBe('10140.4');
  });

  it('rounds up at 18 decimals, never down: the exchange never reserves less than the formula', () => {
    // 0.0001 × (1/3 + 0.0004) × 1.01 = 0.0000337070666…
    expect(orderLock({ qty: dec('0.001'), price: dec('0.1'), leverage: 3, takerFee: '0.0004' }).toFixed()).toBe('0.000033707066666667');
  });

  it('follows a different safety margin', () => {
    expect(orderLock({ qty: dec('2'), price: dec('50'), leverage: 1, takerFee: '0', safetyPct: 0 }).toFixed()).toBe('100');
    expect(orderLock({ qty: dec('2'), price: dec('50'), leverage: 1, takerFee: '0', safetyPct: 5 }).toFixed()).toBe('105');
  });

  it('is zero for nothing', () => {
    expect(orderLock({ qty: dec('0'), price: dec('100'), leverage: 5, takerFee: '0.0004' }).isZero()).toBe(true);
  });

  it('is the same integers in the fixed-point form the exchange uses', () => {
    const ratio = lockRatio(20, feeRateScaled('0.0004'));
    // 65 000.5 × 0.003 = 195.0015 → 1e-18 units
    const units = lockOfNotional(1950015n * 10n ** 14n, ratio);
    expect(dec(units.toString()).div(dec(10).pow(18)).toFixed())
      .toBe(orderLock({ qty: dec('0.003'), price: dec('65000.5'), leverage: 20, takerFee: '0.0004' }).toFixed());
  });
});

describe('what a taker fill spends', () => {
  const base = { side: 'buy' as const, qty: dec('1'), closingQty: dec('0'), price: dec('100.5'), mark: dec('100'), leverage: 10, takerFee: '0.0004' };
  it('is the margin of what opens + the taker fee of the whole fill + the loss of a price worse than the mark', () => {
    // 100.5 / 10 + 100.5 × 0.0004 + 0.5
    expect(takerFillCost(base).toFixed()).toBe('10.5902');
    // 0.4 closes: margin only for 0.6
    expect(takerFillCost({ ...base, closingQty: dec('0.4') }).toFixed()).toBe('6.5702');
    // A sell above the mark loses nothing at the mark.
    expect(takerFillCost({ ...base, side: 'sell' }).toFixed()).toBe('10.0902');
  });
  it('has no safety margin: a fill at the checked price spends less than its lock', () => {
    const at = { ...base, price: dec('100') };
    expect(takerFillCost(at).lt(orderLock({ qty: dec('1'), price: dec('100'), leverage: 10, takerFee: '0.0004' }))).toBe(true);
  });
  it('rounds the margin up at 18 decimals', () => {
    expect(takerFillCost({ ...base, qty: dec('0.001'), price: dec('0.1'), mark: dec('0.1'), leverage: 3 }).toFixed()).toBe('0.000033373333333334');
  });
});
