import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { checkOrderEdit, type EditContext, type EditedOrder, type EditRules } from './order-edit-checks';
import { orderLock } from './order-lock';

const rules: EditRules = {
  symbol: 'BTC-USD', base: 'BTC', priceDecimals: 1, qtyDecimals: 3, minQty: '0.001', maxQty: '100', maxPositionSize: '500',
  priceCapRatio: '0.1', priceFloorRatio: '0.1', takerFee: '0.0005',
};
const order: EditedOrder = { side: 'buy', price: '90000', qty: '0.5', fill_qty: '0.2', reduce_only: false, avail_locked: '2800', leverage: '10' };
const ctx: EditContext = { mark: dec(95000), positionQty: dec(0), reduceHeadroom: dec(0), available: dec(100000) };

describe('checking a modified order', () => {
  it('takes a price on the tick within the band and a size on the step', () => {
    const r = checkOrderEdit(order, '89,500.5', '0.25', rules, ctx);
    expect(r.errors).toEqual({});
    expect(r.price?.toFixed()).toBe('89500.5');
    expect(r.qty?.toFixed()).toBe('0.25');
    expect(r.unchanged).toBe(false);
  });

  it('says why a price or size is refused, next to each field', () => {
    expect(checkOrderEdit(order, '90000.05', '0.3', rules, ctx).errors).toEqual({ price: { code: 'price-step', step: '0.1' } });
    expect(checkOrderEdit(order, '80000', '0.3', rules, ctx).errors.price).toEqual({ code: 'price-below-band', bound: '85,500.0', pct: '10' });
    expect(checkOrderEdit(order, '', '0.0001', rules, ctx).errors).toEqual({ price: { code: 'amount-empty', what: 'price' }, size: { code: 'size-step', step: '0.001', base: 'BTC' } });
    expect(checkOrderEdit(order, '90000', '0', rules, ctx).errors).toEqual({ size: { code: 'amount-zero', what: 'size' } });
    expect(checkOrderEdit(order, '90000', '-1', rules, ctx).errors).toEqual({ size: { code: 'amount-negative', what: 'size' } });
    expect(checkOrderEdit(order, '90000', '101', rules, ctx).errors).toEqual({ size: { code: 'size-above-max', max: '100.000', base: 'BTC' } });
  });

  it("counts the margin the original's cancel gives back", () => {
    const needed = orderLock({ qty: dec('0.5'), price: dec(90000), leverage: 10, takerFee: rules.takerFee });
    // Short of the new lock alone, enough with the original's lock returned.
    const short = { ...ctx, available: needed.minus(100) };
    expect(checkOrderEdit(order, '90000', '0.5', rules, short).errors).toEqual({});
    expect(checkOrderEdit({ ...order, avail_locked: '0' }, '90000', '0.5', rules, short).errors.size).toMatchObject({ code: 'margin-short' });
  });

  it('holds a reduce-only order to the headroom left by the other reduce-only orders', () => {
    const ro = { ...order, side: 'sell' as const, reduce_only: true };
    const long = { ...ctx, positionQty: dec('1'), reduceHeadroom: dec('0.4') };
    expect(checkOrderEdit(ro, '96000', '0.4', rules, long).errors).toEqual({});
    // The order form's problem for the same mistake (lib/order-rules.ts), so the same words.
    expect(checkOrderEdit(ro, '96000', '0.5', rules, long).errors).toEqual({
      size: { code: 'reduce-only-above-headroom', headroom: '0.400', position: '1.000', pending: '0.600', base: 'BTC' },
    });
    expect(checkOrderEdit(ro, '96000', '0.1', rules, { ...long, positionQty: dec('-1') }).errors).toEqual({ size: { code: 'reduce-only-wrong-side', reducing: 'buy' } });
    expect(checkOrderEdit(ro, '96000', '0.1', rules, ctx).errors).toEqual({ size: { code: 'reduce-only-no-position', symbol: 'BTC-USD' } });
  });

  it('knows when nothing was changed (same price, same size still resting)', () => {
    expect(checkOrderEdit(order, '90,000.0', '0.300', rules, ctx).unchanged).toBe(true);
  });
});
