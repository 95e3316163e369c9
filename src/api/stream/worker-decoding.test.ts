import { describe, expect, it } from 'vitest';
import { buildBook, type DepthLevel } from '../../lib/book-levels';
import { compareDecimalStrings, isZeroDecimalString } from '../../lib/decimal';
import { marketStreamMessage, type DepthBook } from '../schemas';
import type { LadderSpec } from './ladder-views';
import { decodeInWorker, depthMessage, ladderOfSorted, sortBook } from './worker-decoding';
import { decodeFrame } from './frame-coalescer';
import { mulberry32 } from '../../lib/mulberry32';

const valid = { seq: 7, ts: 1.5, channel: 'depth_book', symbol: 'BTC-USD', data: { symbol: 'BTC-USD', asks: [['95000.5', '0.120']], bids: [['94999', '2'], ['-1.5', '0']], extra: true } };

describe('depth snapshots checked in the market worker', () => {
  it('gives back exactly what the schema gives, unknown keys dropped, for every valid snapshot', () => {
    const variants: unknown[] = [valid, { ...valid, ts: undefined }, { seq: 1, channel: 'depth_book', data: { symbol: 'X', asks: [], bids: [] } }, { ...valid, seq: 0 }];
    for (const v of variants) {
      const raw: unknown = JSON.parse(JSON.stringify(v));
      const schema = marketStreamMessage.safeParse(raw);
      expect(schema.success).toBe(true);
      const fast = depthMessage(raw);
      expect(fast).toEqual(schema.data);
      expect(JSON.stringify(fast)).toBe(JSON.stringify(schema.data)); // the same text the page parses
    }
  });

  it('leaves every snapshot the schema refuses to the schema, which words the error', () => {
    const bad: unknown[] = [
      { ...valid, seq: 1.5 },
      { ...valid, seq: '7' },
      { ...valid, symbol: 3 },
      { ...valid, symbol: null },
      { ...valid, data: null },
      { ...valid, data: [] },
      { ...valid, data: { ...valid.data, symbol: undefined } },
      { ...valid, data: { ...valid.data, asks: {} } },
      { ...valid, data: { ...valid.data, asks: [[95000, '1']] } },
      { ...valid, data: { ...valid.data, asks: [['95000', '1', '2']] } },
      { ...valid, data: { ...valid.data, asks: [['95000']] } },
      { ...valid, data: { ...valid.data, bids: [['1e5', '1']] } },
      { ...valid, data: { ...valid.data, bids: [[' 1', '1']] } },
      { ...valid, data: { ...valid.data, bids: [['1.', '1']] } },
      { ...valid, data: { ...valid.data, bids: ['1'] } },
    ];
    for (const b of bad) {
      const raw: unknown = JSON.parse(JSON.stringify(b));
      expect(marketStreamMessage.safeParse(raw).success).toBe(false);
      expect(depthMessage(raw)).toBeNull();
      const text = JSON.stringify(b);
      expect(decodeInWorker(text)).toEqual(decodeFrame(text));
    }
    expect(decodeInWorker('{"channel":"depth_book",')).toEqual({ ok: false, error: 'not JSON' });
  });

  it('decodes every other message as decodeFrame does', () => {
    const trade = JSON.stringify({ seq: 2, channel: 'public_trade', symbol: 'BTC-USD', data: { id: 1, price: '1', qty: '1', side: 'buy', symbol: 'BTC-USD', time: 1 } });
    expect(decodeInWorker(trade)).toEqual(decodeFrame(trade));
  });
});


const bestFirst = (levels: DepthLevel[], sign: 1 | -1) => levels.filter(([, q]) => !isZeroDecimalString(q)).sort((a, b) => sign * compareDecimalStrings(a[0], b[0]));

describe('books the worker sends', () => {
  it('are sorted best first, empty levels dropped', () => {
    const book = { symbol: 'BTC-USD', asks: [['10.5', '1'], ['9.75', '2'], ['11', '0']], bids: [['8', '1'], ['9', '0.000'], ['8.5', '3']] } as DepthBook;
    sortBook(book);
    expect([book.asks, book.bids]).toEqual([
      [
        ['9.75', '2'],
        ['10.5', '1'],
      ],
      [
        ['8.5', '3'],
        ['8', '1'],
      ],
    ]);
  });
});

describe('book ladders from the first levels of a sorted book', () => {
  it('are the ladders of the whole book, for every grouping, depth and gap in the book', () => {
    const rand = mulberry32(3);
    const specs: LadderSpec[] = [
      { symbol: 'A', tick: '0.1', rows: 12, places: { price: 1, size: 3, spread: 1 } },
      { symbol: 'A', tick: '1', rows: 5, places: { price: 0, size: 3, spread: 1 } },
      { symbol: 'A', tick: '10', rows: 20, places: { price: 0, size: 2, spread: 1 } },
      { symbol: 'A', tick: '0.5', rows: 3, places: { price: 1, size: 3, spread: 1 } },
      { symbol: 'A', tick: '0.01', rows: 8, places: { price: 1, size: 3, spread: 1 } }, // places the price cannot show: whole book
      { symbol: 'A', tick: '0', rows: 8, places: { price: 1, size: 3, spread: 1 } },
    ];
    for (let n = 0; n < 300; n++) {
      const mid = 9_500 + Math.floor(rand() * 100);
      const depth = 1 + Math.floor(rand() * 120);
      const level = (i: number, side: 1 | -1): DepthLevel => {
        // Gaps, repeated prices and empty levels now and then; prices at 1 or 2 places.
        const at = mid + side * (i + Math.floor(rand() * 3) * (rand() < 0.1 ? 40 : 1));
        const price = rand() < 0.2 ? (at / 10 + 0.05).toFixed(2) : (at / 10).toFixed(1);
        return [price, rand() < 0.05 ? '0' : (0.001 * (1 + Math.floor(rand() * 5000))).toFixed(3)];
      };
      const asks = bestFirst(Array.from({ length: depth }, (_, i) => level(i + 1, 1)), 1);
      const bids = bestFirst(Array.from({ length: Math.floor(rand() * 120) }, (_, i) => level(i, -1)), -1);
      for (const spec of specs) {
        expect(ladderOfSorted({ asks, bids }, spec)).toEqual(buildBook({ asks, bids }, spec.tick, spec.rows, spec.places));
      }
    }
  });
});
