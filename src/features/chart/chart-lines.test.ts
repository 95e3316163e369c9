import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import type { Order, Position } from '../../api/schemas';
import { chartLines, chartLineSet } from './chart-lines';
import { palette } from './chart-theme';

function order(o: Partial<Order> & Pick<Order, 'id' | 'side' | 'qty' | 'price'>): Order {
  return {
    cl_ord_id: `c${o.id}`, user: 'u', symbol: 'BTC-USD', order_type: 'limit', time_in_force: 'gtc', fill_qty: '0', fill_avg_price: '0',
    reduce_only: false, leverage: '10', margin: '0', avail_locked: '0', status: 'open', position_id: 1, liq_id: 0, created_block: 0, closed_block: 0,
    source: 'user', remark: '', payload: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...o,
  };
}
const position = { symbol: 'BTC-USD', qty: '0.5', entry_price: '95000', liq_price: '86000' } as Position;

describe('chart lines', () => {
  it("draws the position's TP and SL by their trigger, labelled, beside the orders, entry and liquidation", () => {
    const orders = [
      order({ id: 1, side: 'buy', qty: '0.1', price: '94000' }),
      order({ id: 2, side: 'sell', qty: '0', price: '97000', status: 'untriggered', source: 'tp', order_type: 'market', reduce_only: true }),
      order({ id: 3, side: 'sell', qty: '0', price: '93000.5', status: 'untriggered', source: 'sl', order_type: 'market', reduce_only: true }),
      order({ id: 4, side: 'sell', qty: '0.2', price: '99000', status: 'untriggered', source: 'tp', order_type: 'market', reduce_only: true }),
    ];
    const lines = chartLines({ mark: '95500', orders, position, priceDecimals: 1, qtyDecimals: 1, symbol: 'BTC-USD', i18n });
    expect(lines.map((l) => [l.title, l.price])).toEqual([
      ['Mark', 95500],
      ['Buy 0.1', 94000],
      ['TP 97,000.0', 97000],
      ['TP 99,000.0 × 0.2', 99000],
      ['SL 93,000.5', 93000.5],
      ['Entry 0.5', 95000],
      ['Liq.', 86000],
    ]);
    expect(lines.find((l) => l.title?.startsWith('TP'))?.color).toBe(palette.up);
    expect(lines.find((l) => l.title?.startsWith('SL'))?.color).toBe(palette.down);
  });
});

describe('open order lines', () => {
  it('show the size still resting after partial fills, at the symbol size precision', () => {
    const orders = [order({ id: 1, side: 'buy', qty: '0.5', fill_qty: '0.2', price: '94000' })];
    const lines = chartLines({ mark: null, orders, position: undefined, priceDecimals: 1, qtyDecimals: 3, symbol: 'BTC-USD', i18n });
    expect(lines.map((l) => l.title)).toEqual(['Buy 0.300']);
  });
});

describe('a fired TP/SL still closing', () => {
  it('keeps a line at its trigger that says it fired and what is left, not a draggable order line', () => {
    const orders = [order({ id: 5, side: 'sell', qty: '0.5', fill_qty: '0.2', price: '93000', status: 'open', source: 'sl', order_type: 'market', reduce_only: true })];
    const lines = chartLines({ mark: '92990', orders, position, priceDecimals: 1, qtyDecimals: 3, symbol: 'BTC-USD', i18n });
    const line = lines.find((l) => l.price === 93000);
    expect(line?.title).toBe('SL triggered · 0.300 left');
    expect(line?.id).toBeUndefined();
    expect(lines.filter((l) => l.price === 93000)).toHaveLength(1);
  });
});

describe('the lines as a screen reader hears them', () => {
  it('says each price at the symbol precision, from the decimal string, never a float', () => {
    const held = { symbol: 'BTC-USD', qty: '0.693', entry_price: '94975.44070707071', liq_price: '84129.6593808621' } as Position;
    const orders = [order({ id: 1, side: 'buy', qty: '0.1', price: '94000.1' })];
    const { texts } = chartLineSet({ mark: '95000.005', orders, position: held, priceDecimals: 2, qtyDecimals: 3, symbol: 'BTC-USD', i18n });
    expect(texts).toEqual(['Mark at 95,000.01', 'Buy 0.100 at 94,000.10', 'Entry 0.693 at 94,975.44', 'Liq. at 84,129.66']);
  });

  it('keeps digits a float would lose', () => {
    const held = { symbol: 'BTC-USD', qty: '-1', entry_price: '12345678901234.123456789', liq_price: '0' } as Position;
    const { texts } = chartLineSet({ mark: null, orders: [], position: held, priceDecimals: 8, qtyDecimals: 3, symbol: 'BTC-USD', i18n });
    expect(texts).toEqual(['Entry -1.000 at 12,345,678,901,234.12345679']);
  });
});
