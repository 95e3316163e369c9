import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { buildBook, cumulate, depthPercent, groupLevels, sortLevels } from './book-levels';

const prices = (rows: { price: { toFixed: () => string } }[]) => rows.map((r) => r.price.toFixed());
const levelPrices = (levels: readonly (readonly [string, string])[]) => levels.map(([p]) => p);

describe('order book levels', () => {
  it('puts the best price first on each side, whatever order the service sent', () => {
    const asks = sortLevels([['95010', '1'], ['95000.5', '2'], ['95100', '3']], 'asks');
    const bids = sortLevels([['94990', '1'], ['94999.5', '2'], ['94900', '3']], 'bids');
    expect(levelPrices(asks)).toEqual(['95000.5', '95010', '95100']);
    expect(levelPrices(bids)).toEqual(['94999.5', '94990', '94900']);
  });

  it('sorts numerically, not as text (9 < 10)', () => {
    expect(levelPrices(sortLevels([['10', '1'], ['9', '1'], ['100', '1']], 'asks'))).toEqual(['9', '10', '100']);
  });

  it('drops empty levels', () => {
    expect(sortLevels([['1', '0'], ['2', '0.5'], ['3', '0.000']], 'asks')).toHaveLength(1);
  });

  it('groups bids down and asks up to the tick, adding their sizes', () => {
    const bids = groupLevels(sortLevels([['95001.5', '1'], ['95009.9', '2'], ['94999', '3']], 'bids'), dec(10), 'bids');
    expect(bids.map((l) => [l.price.toFixed(), l.size.toFixed()])).toEqual([
      ['95000', '3'],
      ['94990', '3'],
    ]);
    const asks = groupLevels(sortLevels([['95000.1', '1'], ['95010', '2'], ['95005', '0.5'], ['95010.2', '4']], 'asks'), dec(10), 'asks');
    expect(asks.map((l) => [l.price.toFixed(), l.size.toFixed()])).toEqual([
      ['95010', '3.5'],
      ['95020', '4'],
    ]);
  });

  it('shows only as many buckets as asked, the last one with every level inside it', () => {
    const bids = sortLevels([['95009', '1'], ['95001', '2'], ['94995', '3'], ['94991', '4'], ['94985', '5'], ['94970', '6']], 'bids');
    const g = groupLevels(bids, dec(10), 'bids', 2);
    expect(g.map((l) => [l.price.toFixed(), l.size.toFixed()])).toEqual([
      ['95000', '3'],
      ['94990', '7'],
    ]);
  });

  it('keeps sizes exact when grouping (no float drift: 0.1 + 0.2 = 0.3)', () => {
    const g = groupLevels(sortLevels([['1.01', '0.1'], ['1.02', '0.2']], 'bids'), dec('0.1'), 'bids');
    expect(g[0]!.size.toFixed()).toBe('0.3');
  });

  it('cumulates size from the best price outward', () => {
    const rows = cumulate(groupLevels(sortLevels([['3', '1.5'], ['1', '1'], ['2', '0.25']], 'asks'), dec(0), 'asks'));
    expect(rows.map((r) => r.total.toFixed())).toEqual(['1', '1.25', '2.75']);
  });

  it('builds a book with spread, depth cap per side and the widest total for the bars', () => {
    const view = buildBook(
      {
        asks: [['100.5', '2'], ['100.2', '1'], ['101', '5']],
        bids: [['99.8', '4'], ['100', '1'], ['99', '10']],
      },
      dec('0.1'),
      2,
    );
    expect(prices(view.asks)).toEqual(['100.2', '100.5']);
    expect(prices(view.bids)).toEqual(['100', '99.8']);
    expect(view.maxTotal.toFixed()).toBe('5'); // bids 1 + 4
    expect(view.spread?.value.toFixed()).toBe('0.2');
    expect(view.spread?.pct.toFixed(4)).toBe('0.1998'); // 0.2 / 100.1 × 100
  });

  it('has no spread when a side is empty', () => {
    expect(buildBook({ asks: [], bids: [['1', '1']] }, dec(1), 5).spread).toBeNull();
  });

  it('sizes depth bars relative to the widest total', () => {
    expect(depthPercent(dec('2.5'), dec(10))).toBe(25);
    expect(depthPercent(dec(1), dec(0))).toBe(0);
  });
});
