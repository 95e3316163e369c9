import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { LOCK_SAFETY_PCT, feeRateScaled, lockOfNotional, lockRatio, orderLock } from './order-lock';

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
