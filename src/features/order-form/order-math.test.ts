import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { previewOrder, qtyFromQuote } from './order-math';

describe('order preview', () => {
  const base = { side: 'buy' as const, qty: dec('0.1'), price: dec('100000'), leverage: 10, feeRate: '0.0004', mmr: dec('0.0125'), position: null };

  it('costs notional / leverage in margin and notional × taker fee', () => {
    const p = previewOrder({ ...base, mode: 'isolated', available: dec(5000) });
    expect(p.notional.toFixed()).toBe('10000'); // 0.1 × 100 000
    expect(p.margin.toFixed()).toBe('1000'); // / 10
    expect(p.fee.toFixed()).toBe('4'); // × 0.04 %
  });

  it('estimates an isolated liquidation from the order margin alone', () => {
    // cushion 1 000 over 0.1 BTC = 10 000 per BTC: (100 000 − 10 000) / (1 − 0.0125)
    const p = previewOrder({ ...base, mode: 'isolated', available: dec(5000) });
    expect(p.liqPrice?.toFixed(2)).toBe('91139.24');
  });

  it('estimates a cross liquidation from the free cross balance less the fee', () => {
    // cushion 5 000 − 4 = 4 996 over 0.1 BTC = 49 960: (100 000 − 49 960) / 0.9875
    const p = previewOrder({ ...base, mode: 'cross', available: dec(5000) });
    expect(p.liqPrice?.toFixed(2)).toBe('50673.42');
  });

  it('a short is liquidated above the entry', () => {
    const p = previewOrder({ ...base, side: 'sell', mode: 'isolated', available: null });
    expect(p.liqPrice?.toFixed(2)).toBe('108641.98'); // (100 000 + 10 000) / 1.0125
  });

  it('adding to an isolated position pools both margins at the averaged entry', () => {
    const p = previewOrder({
      ...base,
      mode: 'isolated',
      available: null,
      position: { qty: dec('0.1'), entry: dec('90000'), margin: dec('900'), mark: dec('100000') },
    });
    // 0.2 BTC at 95 000 with 1 900 margin: (95 000 − 9 500) / 0.9875
    expect(p.liqPrice?.toFixed(2)).toBe('86582.28');
  });

  it('an order that closes the position has no liquidation price', () => {
    const p = previewOrder({
      ...base,
      side: 'sell',
      mode: 'cross',
      available: dec(100),
      position: { qty: dec('0.1'), entry: dec('90000'), margin: dec('900'), mark: dec('100000') },
    });
    expect(p.liqPrice).toBeNull();
  });
});

describe('size helpers', () => {
  it('turns a USD size into base, rounded down to the qty tick', () => {
    expect(qtyFromQuote(dec(1000), dec(95000), 3).toFixed()).toBe('0.01'); // 0.010526… → 0.010
    expect(qtyFromQuote(dec(1000), dec(0), 3).toFixed()).toBe('0');
  });
});
