import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { directionFrom, fireAt, type PriceAlert } from './price-alert';

const alert = (over: Partial<PriceAlert> = {}): PriceAlert => ({ id: 'a', symbol: 'BTC-USD', source: 'mark', direction: 'above', price: '100000', createdAt: 0, ...over });

/** Feeds prices in order, keeping what fired; returns each alert's firing count. */
function run(alerts: PriceAlert[], prices: string[], source: 'mark' | 'last' = 'mark'): Map<string, number> {
  let list = alerts;
  const count = new Map<string, number>();
  prices.forEach((p, i) => {
    const fired = fireAt(list, 'BTC-USD', source, dec(p), i);
    for (const f of fired) count.set(f.id, (count.get(f.id) ?? 0) + 1);
    list = list.map((a) => fired.find((f) => f.id === a.id) ?? a);
  });
  return count;
}

describe('price alerts', () => {
  it('an alert above fires once when the price reaches it, not again when it comes back and crosses again', () => {
    expect(run([alert()], ['99990', '99999.99', '100000', '100010', '99000', '100500']).get('a')).toBe(1);
  });

  it('an alert below fires once on the way down, including at the level exactly', () => {
    expect(run([alert({ direction: 'below', price: '95000' })], ['96000', '95000', '94000', '96000', '94000']).get('a')).toBe(1);
  });

  it('a gap past the level fires it (nothing needed in between), in either direction', () => {
    expect(run([alert({ id: 'up' }), alert({ id: 'down', direction: 'below', price: '90000' })], ['99000', '101000', '89000'])).toEqual(
      new Map([
        ['up', 1],
        ['down', 1],
      ]),
    );
  });

  it('only the symbol and the price source it watches fire it', () => {
    expect(run([alert({ source: 'last' })], ['100500'], 'mark').get('a')).toBeUndefined();
    expect(fireAt([alert()], 'ETH-USD', 'mark', dec('200000'), 1)).toEqual([]);
  });

  it('keeps when and at what it fired', () => {
    expect(fireAt([alert()], 'BTC-USD', 'mark', dec('100000.5'), 42)).toEqual([alert({ firedAt: 42, firedPrice: '100000.5' })]);
  });

  it('an alert takes the side the price has not reached (the form refuses a level at the price now: alert-form.test.ts)', () => {
    expect(directionFrom(dec('100000'), dec('95000'))).toBe('above');
    expect(directionFrom(dec('90000'), dec('95000'))).toBe('below');
  });
});
