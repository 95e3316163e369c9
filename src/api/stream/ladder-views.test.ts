import { describe, expect, it } from 'vitest';
import { buildBook } from '../../lib/book-levels';
import { attachLadders, buildLadders, builtLadder, ladderKey, ladderOf, type LadderSpec } from './ladder-views';

const book = { asks: [['101.5', '2'], ['100.5', '1']] as [string, string][], bids: [['99.5', '3'], ['98', '0']] as [string, string][] };
const spec: LadderSpec = { symbol: 'BTC-USD', tick: '1', rows: 3, places: { price: 0, size: 1, spread: 1 } };

describe('book ladders built beside the book', () => {
  it('gives a ladder per shown grouping, keyed by what changes its rows', () => {
    const other = { ...spec, rows: 5 };
    const built = buildLadders(book, [spec, other]);
    expect(built.map(([k]) => k)).toEqual([ladderKey(spec), ladderKey(other)]);
    expect(ladderKey(spec)).not.toBe(ladderKey({ ...spec, places: { ...spec.places, size: 2 } }));
    expect(built[0]![1]).toEqual(buildBook(book, '1', 3, spec.places));
  });

  it('finds a ladder attached to the very book it was built for, and builds any other in place', () => {
    const [[, view]] = buildLadders(book, [spec]) as [[string, ReturnType<typeof buildBook>]];
    attachLadders(book, [[ladderKey(spec), view]]);
    expect(ladderOf(book, spec)).toBe(view);
    // A copy of the book (an HTTP answer with the same levels) has none attached: built here, equal.
    const copy = { asks: [...book.asks], bids: [...book.bids] };
    expect(builtLadder(copy, spec)).toBeUndefined();
    expect(ladderOf(copy, spec)).toEqual(view);
    expect(view.asks.map((r) => r.priceText)).toEqual(['101', '102']); // asks round up to their bucket
  });
});
