import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { marketFillMargin, maxMarketQty } from './market-order-margin';
import { orderLock } from './order-lock';

// Asks 100 010, 100 020, 100 030 … 1 BTC each; mark 100 000.
const levels = Array.from({ length: 10 }, (_, i) => ({ price: dec(100010 + 10 * i), qty: dec(1) }));
const base = { levels, side: 'buy' as const, limit: dec('101000'), mark: dec('100000'), closingQty: dec(0), leverage: 10, takerFee: '0.0004' };
const lock = (qty: string, price: string) => orderLock({ qty: dec(qty), price: dec(price), leverage: 10, takerFee: '0.0004' });

describe('market order fill margin', () => {
  it('is the lock at each fill price plus the loss against the mark', () => {
    const cost = marketFillMargin({ ...base, qty: dec('1.5') })!;
    // 1 at 100 010 (10 worse than the mark) + 0.5 at 100 020 (20 worse)
    expect(cost.toFixed()).toBe(lock('1', '100010').plus(lock('0.5', '100020')).plus(10).plus(10).toFixed());
    // more than the check at the mark alone
    expect(cost.gt(lock('1.5', '100000'))).toBe(true);
  });

  it('closing the opposite position first costs only its taker fee', () => {
    const cost = marketFillMargin({ ...base, qty: dec('1.5'), closingQty: dec('1') })!;
    // 1 closes at 100 010: fee 40.004; 0.5 opens at 100 020
    expect(cost.toFixed()).toBe(dec('40.004').plus(lock('0.5', '100020')).plus(10).plus(10).toFixed());
  });

  it('is null when the book does not fill the size within the limit', () => {
    expect(marketFillMargin({ ...base, qty: dec('3'), limit: dec('100020') })).toBeNull();
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
});
