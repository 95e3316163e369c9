import { describe, expect, it } from 'vitest';
import { addRange, rangeHolding, rangeOfPage, reachesBeginning, summarize, isRangeList } from './id-ranges';

describe('ranges of ids held', () => {
  it('a first page proves its ids; a page below proves down to its lowest; a short page reaches the beginning', () => {
    expect(rangeOfPage(undefined, [900, 850, 801], false)).toEqual({ low: 801, high: 900 });
    expect(rangeOfPage(801, [800, 700], false)).toEqual({ low: 700, high: 800 });
    expect(rangeOfPage(700, [3, 1], true)).toEqual({ low: null, high: 699 });
    expect(rangeOfPage(undefined, [], true)).toEqual({ low: null, high: 0 });
    expect(rangeOfPage(5, [], false)).toBeNull();
  });

  it('joins overlapping and adjacent ranges, keeps gaps, newest first', () => {
    let r = addRange([], { low: 801, high: 900 });
    r = addRange(r, { low: 700, high: 800 });
    expect(r).toEqual([{ low: 700, high: 900 }]);
    r = addRange(r, { low: 1000, high: 1100 });
    expect(r).toEqual([
      { low: 1000, high: 1100 },
      { low: 700, high: 900 },
    ]);
    expect(reachesBeginning(r)).toBe(false);
    r = addRange(r, { low: null, high: 699 });
    expect(r).toEqual([
      { low: 1000, high: 1100 },
      { low: null, high: 900 },
    ]);
    expect(reachesBeginning(r)).toBe(false);
    r = addRange(r, { low: 880, high: 1050 });
    expect(r).toEqual([{ low: null, high: 1100 }]);
    expect(reachesBeginning(r)).toBe(true);
    expect(summarize(r)).toEqual({ newestId: 1100, oldestId: null, reachedBeginning: true });
  });

  it('finds the range holding an id, and refuses a damaged list', () => {
    const r = [
      { low: 1000, high: 1100 },
      { low: null, high: 900 },
    ];
    expect(rangeHolding(r, 1000)).toBe(r[0]);
    expect(rangeHolding(r, 950)).toBeUndefined();
    expect(rangeHolding(r, -5)).toBe(r[1]);
    expect(isRangeList(r)).toBe(true);
    expect(isRangeList([{ low: '1', high: 3 }])).toBe(false);
    expect(isRangeList({})).toBe(false);
  });
});
