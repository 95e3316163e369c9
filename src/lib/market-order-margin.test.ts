import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { marketFillMargin, maxMarketQty } from './market-order-margin';
import { orderLock, takerFillCost } from './order-lock';

// Asks 100 010, 100 020, 100 030 … 1 BTC each; mark 100 000.
const levels = Array.from({ length: 10 }, (_, i) => ({ price: dec(100010 + 10 * i), qty: dec(1) }));
const base = { levels, side: 'buy' as const, limit: dec('101000'), mark: dec('100000'), closingQty: dec(0), leverage: 10, takerFee: '0.0004' };
const fill = (qty: string, price: string, closingQty = '0') =>
  takerFillCost({ side: 'buy', qty: dec(qty), closingQty: dec(closingQty), price: dec(price), mark: dec('100000'), leverage: 10, takerFee: '0.0004' });

describe('market order fill margin', () => {
  it('adds what each fill takes, level by level: margin, fee and the loss against the mark', () => {
    const cost = marketFillMargin({ ...base, qty: dec('1.5') })!;
    // 1 at 100 010 + 0.5 at 100 020: 10 001 + 40.004 + 10, then 5 001 + 20.004 + 10
    expect(cost.toFixed()).toBe(fill('1', '100010').plus(fill('0.5', '100020')).toFixed());
    expect(cost.toFixed()).toBe('15082.008');
  });

  it('deep into the book it takes more than the order lock checked at the mark', () => {
    const far = [{ price: dec('100500'), qty: dec(5) }];
    const cost = marketFillMargin({ ...base, levels: far, qty: dec('1') })!;
    // 10 050 + 40.2 + 500 against a lock of 10 140.404 at the mark
    expect(cost.toFixed()).toBe('10590.2');
    expect(cost.gt(orderLock({ qty: dec(1), price: dec('100000'), leverage: 10, takerFee: '0.0004' }))).toBe(true);
  });

  it('closing the opposite position first costs only its fee and the loss against the mark', () => {
    const cost = marketFillMargin({ ...base, qty: dec('1.5'), closingQty: dec('1') })!;
    expect(cost.toFixed()).toBe(fill('1', '100010', '1').plus(fill('0.5', '100020')).toFixed());
    expect(fill('1', '100010', '1').toFixed()).toBe('50.004'); // 40.004 fee + 10 worse than the mark
  });

  it('is null when the book does not fill the size within the limit', () => {
    expect(marketFillMargin({ ...base, qty: dec('3'), limit: dec('100020') })).toBeNull();
  });

  it('for a limit priced through the book, costs what fills; the rest rests under its order lock', () => {
    const cost = marketFillMargin({ ...base, qty: dec('3'), limit: dec('100020'), restsUnfilled: true })!;
    expect(cost.toFixed()).toBe(fill('1', '100010').plus(fill('1', '100020')).toFixed());
  });
});

describe('largest market order', () => {
  it('is the largest size whose fills fit the margin, one tick more does not', () => {
    const available = dec('20000');
    const max = maxMarketQty({ ...base, available, upTo: dec('100'), qtyTick: dec('0.001') });
    expect(marketFillMargin({ ...base, qty: max })!.lte(available)).toBe(true);
    expect(marketFillMargin({ ...base, qty: max.plus('0.001') })!.gt(available)).toBe(true);
  });

  it('stops at what the book holds within the limit and at the bound it is given', () => {
    expect(maxMarketQty({ ...base, limit: dec('100020'), available: dec('1e9'), upTo: dec('100'), qtyTick: dec('0.001') }).toFixed()).toBe('2');
    expect(maxMarketQty({ ...base, available: dec('1e9'), upTo: dec('0.5'), qtyTick: dec('0.001') }).toFixed()).toBe('0.5');
    expect(maxMarketQty({ ...base, available: dec('-1'), upTo: dec('5'), qtyTick: dec('0.001') }).toFixed()).toBe('0');
  });

  it('a limit priced through the book may be larger than the book: only its fills must fit', () => {
    const through = { ...base, limit: dec('100020'), restsUnfilled: true };
    expect(maxMarketQty({ ...through, available: dec('1e9'), upTo: dec('100'), qtyTick: dec('0.001') }).toFixed()).toBe('100');
    // 2 BTC fill (20 162.016 of margin); the other 98 rest and cost nothing here.
    expect(maxMarketQty({ ...through, available: dec('20162.016'), upTo: dec('100'), qtyTick: dec('0.001') }).toFixed()).toBe('100');
    expect(maxMarketQty({ ...through, available: dec('15082.008'), upTo: dec('100'), qtyTick: dec('0.001') }).toFixed()).toBe('1.5');
  });
});
