import { describe, expect, it } from 'vitest';
import { buildBook, depthPercent, groupLevels, sortLevels } from './book-levels';
import { formatUnits, toUnits } from './book-units';

const levelPrices = (levels: readonly { price: bigint }[]) => levels.map((l) => l.price);
const places = { price: 1, size: 3, spread: 1 };
const texts = (rows: { priceText: string; sizeText: string; totalText: string }[]) => rows.map((r) => [r.priceText, r.sizeText, r.totalText]);

describe('order book levels', () => {
  it('puts the best price first on each side, whatever order the service sent', () => {
    const asks = sortLevels([['95010', '1'], ['95000.5', '2'], ['95100', '3']], 1, 'asks');
    const bids = sortLevels([['94990', '1'], ['94999.5', '2'], ['94900', '3']], 1, 'bids');
    expect(levelPrices(asks)).toEqual([950005n, 950100n, 951000n]);
    expect(levelPrices(bids)).toEqual([949995n, 949900n, 949000n]);
  });

  it('sorts numerically, not as text (9 < 10)', () => {
    expect(levelPrices(sortLevels([['10', '1'], ['9', '1'], ['100', '1']], 0, 'asks'))).toEqual([9n, 10n, 100n]);
  });

  it('drops empty levels', () => {
    expect(sortLevels([['1', '0'], ['2', '0.5'], ['3', '0.000']], 3, 'asks')).toHaveLength(1);
  });

  it('groups bids down and asks up to the tick, adding their sizes', () => {
    const bids = buildBook({ asks: [], bids: [['95001.5', '1'], ['95009.9', '2'], ['94999', '3']] }, '10', 10, { ...places, price: 0 });
    expect(texts(bids.bids)).toEqual([
      ['95,000', '3.000', '3.000'],
      ['94,990', '3.000', '6.000'],
    ]);
    const asks = buildBook({ asks: [['95000.1', '1'], ['95010', '2'], ['95005', '0.5'], ['95010.2', '4']], bids: [] }, '10', 10, { ...places, price: 0 });
    expect(texts(asks.asks)).toEqual([
      ['95,010', '3.500', '3.500'],
      ['95,020', '4.000', '7.500'],
    ]);
  });

  it('shows only as many buckets as asked, the last one with every level inside it', () => {
    const bids = sortLevels([['95009', '1'], ['95001', '2'], ['94995', '3'], ['94991', '4'], ['94985', '5'], ['94970', '6']], 0, 'bids');
    const g = groupLevels(bids, toUnits('10', 0), 'bids', 2);
    expect(g.map((l) => [l.price, l.size])).toEqual([
      [95000n, 3n],
      [94990n, 7n],
    ]);
  });

  it('keeps sizes exact when grouping (no float drift: 0.1 + 0.2 = 0.3), at any number of places', () => {
    const view = buildBook({ asks: [], bids: [['1.01', '0.1'], ['1.02', '0.2'], ['0.5', '0.000000000000000001']] }, '0.1', 5, { price: 1, size: 18, spread: 1 });
    expect(texts(view.bids)).toEqual([
      ['1.0', '0.300000000000000000', '0.300000000000000000'],
      ['0.5', '0.000000000000000001', '0.300000000000000001'],
    ]);
  });

  it('builds a book with spread, depth cap per side, running totals and bars against the widest total', () => {
    const view = buildBook(
      {
        asks: [['100.5', '2'], ['100.2', '1'], ['101', '5']],
        bids: [['99.8', '4'], ['100', '1'], ['99', '10']],
      },
      '0.1',
      2,
      places,
    );
    expect(texts(view.asks)).toEqual([
      ['100.2', '1.000', '1.000'],
      ['100.5', '2.000', '3.000'],
    ]);
    expect(texts(view.bids)).toEqual([
      ['100.0', '1.000', '1.000'],
      ['99.8', '4.000', '5.000'],
    ]);
    expect(view.asks.map((r) => r.depthPct)).toEqual([20, 60]); // of the bids' 5
    expect(view.bids.map((r) => r.price)).toEqual(['100.0', '99.8']);
    expect(view.spreadText).toBe('0.2  (0.200%)'); // 0.2 / 100.1 × 100 = 0.1998
  });

  it('puts the plain price in the order form, with separators only on screen', () => {
    const view = buildBook({ asks: [['1234567.25', '1']], bids: [] }, '0.01', 3, { price: 2, size: 3, spread: 2 });
    expect(view.asks[0]).toMatchObject({ price: '1234567.25', priceText: '1,234,567.25' });
  });

  it('has no spread when a side is empty', () => {
    expect(buildBook({ asks: [], bids: [['1', '1']] }, '1', 5, places).spreadText).toBeNull();
  });

  it('reads a depth tick written as decimal.js reads it', () => {
    expect(texts(buildBook({ asks: [['95001', '1']], bids: [] }, '1e1', 5, { ...places, price: 0 }).asks)).toEqual([['95,010', '1.000', '1.000']]);
  });

  it('sizes depth bars relative to the widest total', () => {
    expect(depthPercent(25n, 100n)).toBe(25);
    expect(depthPercent(1n, 0n)).toBe(0);
  });
});

describe('book units', () => {
  it('round half up as formatFixed does, negatives away from zero (and no "-0.0")', () => {
    expect(formatUnits(toUnits('0.05', 2), 2, 1)).toBe('0.1');
    expect(formatUnits(toUnits('0.04', 2), 2, 1)).toBe('0.0');
    expect(formatUnits(toUnits('-0.05', 2), 2, 1)).toBe('-0.1');
    expect(formatUnits(toUnits('-0.04', 2), 2, 1)).toBe('0.0');
    expect(formatUnits(toUnits('12345', 0), 0, 2)).toBe('12,345.00');
    expect(formatUnits(toUnits('12345', 0), 0, 0, true)).toBe('12345');
  });
});
