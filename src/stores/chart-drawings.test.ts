// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { drawingsOf, MAX_DRAWINGS, readStoredDrawings, useChartDrawings } from './chart-drawings';

describe('stored chart drawings', () => {
  it('keeps each market’s well-formed drawings and drops the rest, never throwing', () => {
    const read = readStoredDrawings({
      byMarket: {
        'BTC-USD': [
          { id: 'a', kind: 'horizontal', price: '95500.0' },
          { id: 'b', kind: 'trend', a: { time: 1764374400, price: '95012.5' }, b: { time: 1764378000, price: '96100.0' } },
          { id: 'c', kind: 'trend', a: { time: 1764374400, price: '95012.5' } }, // an end missing
          { id: 'a', kind: 'horizontal', price: '1.0' }, // the same id twice
          { id: 'd', kind: 'range', from: '-1', to: '2' }, // a price below zero
          null,
        ],
        'ETH-USD': 'garbage',
        'SOL-USD': [],
      },
    });
    expect(read).toEqual({
      'BTC-USD': [
        { id: 'a', kind: 'horizontal', price: '95500.0' },
        { id: 'b', kind: 'trend', a: { time: 1764374400, price: '95012.5' }, b: { time: 1764378000, price: '96100.0' } },
      ],
    });
    expect(readStoredDrawings(undefined)).toEqual({});
    expect(readStoredDrawings({ byMarket: [1, 2] })).toEqual({});
    const many = Array.from({ length: MAX_DRAWINGS + 5 }, (_, i) => ({ id: String(i), kind: 'horizontal', price: '1.0' }));
    expect(readStoredDrawings({ byMarket: { X: many } }).X).toHaveLength(MAX_DRAWINGS);
  });

  describe('the store', () => {
    beforeEach(() => useChartDrawings.setState({ byMarket: {} }));

    it('keeps drawings per market: added, changed, removed', () => {
      const s = useChartDrawings.getState();
      expect(s.add('BTC-USD', { id: 'h', kind: 'horizontal', price: '95500.0' })).toBe(true);
      s.add('ETH-USD', { id: 'e', kind: 'horizontal', price: '3000.00' });
      s.change('BTC-USD', { id: 'h', kind: 'horizontal', price: '95600.0' });
      expect(drawingsOf(useChartDrawings.getState(), 'BTC-USD')).toEqual([{ id: 'h', kind: 'horizontal', price: '95600.0' }]);
      s.remove('BTC-USD', 'h');
      expect(drawingsOf(useChartDrawings.getState(), 'BTC-USD')).toEqual([]);
      expect(drawingsOf(useChartDrawings.getState(), 'ETH-USD')).toHaveLength(1);
      // Stored as the reload reads it.
      const stored = JSON.parse(localStorage.getItem('perps.chart-drawings')!) as { state: unknown; version: number };
      expect(stored.version).toBe(1);
      expect(readStoredDrawings(stored.state)).toEqual({ 'ETH-USD': [{ id: 'e', kind: 'horizontal', price: '3000.00' }] });
    });

    it('adds nothing past the cap', () => {
      const s = useChartDrawings.getState();
      for (let i = 0; i < MAX_DRAWINGS; i++) s.add('X', { id: String(i), kind: 'horizontal', price: '1.0' });
      expect(s.add('X', { id: 'over', kind: 'horizontal', price: '1.0' })).toBe(false);
      expect(drawingsOf(useChartDrawings.getState(), 'X')).toHaveLength(MAX_DRAWINGS);
    });
  });
});
