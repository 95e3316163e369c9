import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { availableMargin, maxOrderQty, type MaxOrderQtyInput } from './max-order-qty';
import { orderLock } from './order-lock';

const btc = {
  leverage: 10, takerFee: '0.0004', qtyTick: '0.001', minOrderQty: '0.001', maxOrderQty: '100', maxPositionSize: '200',
  markPrice: dec('100000'), positionQty: dec(0),
};

function input(extra: Partial<MaxOrderQtyInput>): MaxOrderQtyInput {
  return { side: 'buy', orderType: 'limit', timeInForce: 'gtc', limitPrice: dec('100000'), availableMargin: dec('10140.4'), ...btc, ...extra };
}

describe('maximum order size', () => {
  it('is the size whose lock uses up the available margin exactly', () => {
    // lock of 1 BTC at 100 000, 10× = 10 140.4
    expect(maxOrderQty(input({})).qty.toFixed()).toBe('1');
    expect(maxOrderQty(input({})).limitedBy).toBe('margin');
  });

  it('is one tick less when the margin is one unit short', () => {
    const r = maxOrderQty(input({ availableMargin: dec('10140.399999999999999999') }));
    expect(r.qty.toFixed()).toBe('0.999');
    const lock = orderLock({ qty: r.qty, price: dec('100000'), leverage: 10, takerFee: '0.0004' });
    expect(lock.lte('10140.399999999999999999')).toBe(true);
  });

  it('locks a market order at the mark, whatever price it carries', () => {
    expect(maxOrderQty(input({ orderType: 'market', timeInForce: 'ioc', limitPrice: undefined })).qty.toFixed()).toBe('1');
  });

  it('lets an immediate order close the opposite position without margin, then open with the rest', () => {
    const short = input({ orderType: 'market', timeInForce: 'ioc', positionQty: dec('-0.5') });
    expect(maxOrderQty(short).qty.toFixed()).toBe('1.5');
    // With nothing available only the closing part fits.
    expect(maxOrderQty({ ...short, availableMargin: dec('-5') }).qty.toFixed()).toBe('0.5');
  });

  it('makes a resting order lock its whole size even when it would reduce', () => {
    expect(maxOrderQty(input({ positionQty: dec('-0.5') })).qty.toFixed()).toBe('1');
  });

  it('stops at max_order_qty and at the position limit', () => {
    const rich = input({ availableMargin: dec('100000000') });
    expect(maxOrderQty(rich)).toMatchObject({ limitedBy: 'max_order_qty' });
    expect(maxOrderQty(rich).qty.toFixed()).toBe('100');
    const r = maxOrderQty({ ...rich, positionQty: dec('150') });
    expect(r.qty.toFixed()).toBe('50');
    expect(r.limitedBy).toBe('position_limit');
    expect(maxOrderQty({ ...rich, side: 'sell', positionQty: dec('150') }).qty.toFixed()).toBe('100');
  });

  it('is zero when not even the minimum order fits', () => {
    expect(maxOrderQty(input({ availableMargin: dec('1') }))).toMatchObject({ limitedBy: 'below_minimum' });
    expect(maxOrderQty(input({ availableMargin: dec('-1') })).qty.isZero()).toBe(true);
  });
});

describe('available margin', () => {
  const balance = { cross_available: '120', cross_balance: '100', cross_margin: '10', locked: '5' };
  it('is cross_available for a cross position', () => {
    expect(availableMargin(balance, 'cross').toFixed()).toBe('120');
  });
  it('leaves unrealized profit out for an isolated position', () => {
    expect(availableMargin(balance, 'isolated').toFixed()).toBe('85');
    expect(availableMargin({ ...balance, cross_available: '60' }, 'isolated').toFixed()).toBe('60');
  });
});
