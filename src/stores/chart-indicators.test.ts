import { describe, expect, it } from 'vitest';
import { MAX_INDICATORS, readStoredIndicators } from './chart-indicators';

describe('stored chart indicators', () => {
  it('keeps what a reload should find, and drops an indicator this version cannot draw as stored', () => {
    const list = readStoredIndicators({
      list: [
        { id: 'a', kind: 'ema', params: [21], color: '#f59e0b', visible: true },
        { id: 'b', kind: 'rsi', params: [14], color: '#3b82f6', visible: false },
        { id: 'c', kind: 'ichimoku', params: [9], color: '#fff', visible: true }, // unknown kind
        { id: 'd', kind: 'macd', params: [26, 12, 9], color: '#fff', visible: true }, // fast above slow
        { id: 'e', kind: 'bb', params: [20], color: '#fff', visible: true }, // a parameter missing
        { kind: 'ma', params: [20] }, // no id
      ],
    });
    expect(list).toEqual([
      { id: 'a', kind: 'ema', params: [21], color: '#f59e0b', visible: true },
      { id: 'b', kind: 'rsi', params: [14], color: '#3b82f6', visible: false },
    ]);
  });

  it('reads nothing from nothing or garbage, and at most the cap', () => {
    expect(readStoredIndicators(undefined)).toEqual([]);
    expect(readStoredIndicators({ list: 'x' })).toEqual([]);
    const many = Array.from({ length: 20 }, (_, i) => ({ id: String(i), kind: 'ma', params: [i + 1], color: '#f59e0b', visible: true }));
    expect(readStoredIndicators({ list: many })).toHaveLength(MAX_INDICATORS);
  });
});
