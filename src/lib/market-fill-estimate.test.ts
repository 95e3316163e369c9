import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { estimateMarketFill, slippageCapPrice, takingLevels } from './market-fill-estimate';

// Unsorted, as the service sends levels; one empty level that must be skipped.
const book = {
  asks: [
    ['100.2', '1'],
    ['100.0', '0.5'],
    ['100.1', '1'],
    ['100.05', '0'],
  ] as [string, string][],
  bids: [
    ['99.8', '2'],
    ['99.9', '1'],
  ] as [string, string][],
};

describe('market fill estimate', () => {
  it('a buy walks the asks from the lowest: average, worst level and impact against the best ask', () => {
    const e = estimateMarketFill(takingLevels(book, 'buy'), 'buy', dec('1.5'), null);
    // 0.5 × 100.0 + 1 × 100.1 = 150.1 over 1.5
    expect(e.averagePrice?.toFixed(4)).toBe('100.0667');
    expect(e.worstPrice?.toFixed()).toBe('100.1');
    expect(e.bestPrice?.toFixed()).toBe('100');
    expect(e.impact?.mul(100).toFixed(4)).toBe('0.0667'); // %
    expect(e.fillsCompletely).toBe(true);
  });

  it('a sell walks the bids from the highest', () => {
    const e = estimateMarketFill(takingLevels(book, 'sell'), 'sell', dec('2'), null);
    // 1 × 99.9 + 1 × 99.8 = 199.7 over 2
    expect(e.averagePrice?.toFixed()).toBe('99.85');
    expect(e.worstPrice?.toFixed()).toBe('99.8');
  });

  it('stops at the cap price and says the size does not fill there', () => {
    const e = estimateMarketFill(takingLevels(book, 'buy'), 'buy', dec('2'), dec('100.1'));
    expect(e.filledQty.toFixed()).toBe('1.5');
    expect(e.worstPrice?.toFixed()).toBe('100.1');
    expect(e.fillsCompletely).toBe(false);
  });

  it('a sell stops below its floor', () => {
    const e = estimateMarketFill(takingLevels(book, 'sell'), 'sell', dec('2'), dec('99.85'));
    expect(e.filledQty.toFixed()).toBe('1');
    expect(e.fillsCompletely).toBe(false);
  });

  it('more than the whole book does not fill; an empty side fills nothing', () => {
    expect(estimateMarketFill(takingLevels(book, 'buy'), 'buy', dec('10'), null).fillsCompletely).toBe(false);
    const none = estimateMarketFill([], 'buy', dec('1'), null);
    expect(none.averagePrice).toBeNull();
    expect(none.impact).toBeNull();
    expect(none.fillsCompletely).toBe(false);
  });
});

describe('slippage cap price', () => {
  it('a buy may pay up to reference × (1 + cap), rounded down to the tick', () => {
    // 95 012.37 × 1.01 = 95 962.4937 → 95 962.49
    expect(slippageCapPrice(dec('95012.37'), 'buy', dec('0.01'), 2).toFixed()).toBe('95962.49');
  });

  it('a sell may go down to reference × (1 − cap), rounded up to the tick', () => {
    // 95 012.37 × 0.99 = 94 062.2463 → 94 062.25
    expect(slippageCapPrice(dec('95012.37'), 'sell', dec('0.01'), 2).toFixed()).toBe('94062.25');
  });

  it('a price already on the tick stays', () => {
    expect(slippageCapPrice(dec('100'), 'buy', dec('0.005'), 1).toFixed()).toBe('100.5');
    expect(slippageCapPrice(dec('100'), 'sell', dec('0.005'), 1).toFixed()).toBe('99.5');
  });
});
