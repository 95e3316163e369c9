import type { DepthLevel } from '../../api/schemas';
import { compareDecimalStrings, dec, isZeroDecimalString, type Dec } from '../../lib/decimal';

/** One row of the book as the trader reads it. */
export interface BookRow {
  price: Dec;
  size: Dec;
  /** Size from the best price up to and including this row. */
  total: Dec;
}

export type BookSide = 'bids' | 'asks';

interface Level {
  price: Dec;
  size: Dec;
}

/**
 * Best first: asks by rising price, bids by falling price (the service does not sort); empty levels
 * dropped. Levels stay strings here: only the ones a shown row holds are ever parsed.
 */
export function sortLevels(levels: readonly DepthLevel[], side: BookSide): DepthLevel[] {
  const live = levels.filter(([, size]) => !isZeroDecimalString(size));
  return live.sort(side === 'asks' ? (a, b) => compareDecimalStrings(a[0], b[0]) : (a, b) => compareDecimalStrings(b[0], a[0]));
}

/**
 * Merges sorted levels into buckets of `tick` (a tick of 0 keeps every level its own row): bids
 * round down and asks round up, so a grouped row never shows a better price than the orders inside
 * it. Result is best first, at most `limit` buckets: levels beyond the last shown one are not read.
 */
export function groupLevels(levels: readonly DepthLevel[], tick: Dec, side: BookSide, limit = Infinity): Level[] {
  const grouped = tick.gt(0);
  const out: Level[] = [];
  for (const [p, q] of levels) {
    const price = dec(p);
    const units = grouped ? price.div(tick) : null;
    const bucket = units ? (side === 'bids' ? units.floor() : units.ceil()).mul(tick) : price;
    // Sorted input: a level falls in the last bucket or opens the next one.
    const last = out.at(-1);
    if (last?.price.eq(bucket)) last.size = last.size.plus(dec(q));
    else if (out.length === limit) break;
    else out.push({ price: bucket, size: dec(q) });
  }
  return out;
}

/** Running total from the best price outward. */
export function cumulate(levels: readonly Level[]): BookRow[] {
  let total = dec(0);
  return levels.map((l) => {
    total = total.plus(l.size);
    return { price: l.price, size: l.size, total };
  });
}

export interface BookView {
  asks: BookRow[];
  bids: BookRow[];
  /** Largest cumulative size shown on either side: the full width of a depth bar. */
  maxTotal: Dec;
  spread: { value: Dec; pct: Dec } | null;
}

/** Sorted, grouped, cumulated book, `rows` deep on each side, with the spread of the raw best prices. */
export function buildBook(book: { asks: readonly DepthLevel[]; bids: readonly DepthLevel[] }, tick: Dec, rows: number): BookView {
  const rawAsks = sortLevels(book.asks, 'asks');
  const rawBids = sortLevels(book.bids, 'bids');
  const asks = cumulate(groupLevels(rawAsks, tick, 'asks', rows));
  const bids = cumulate(groupLevels(rawBids, tick, 'bids', rows));
  const maxTotal = [asks.at(-1)?.total ?? dec(0), bids.at(-1)?.total ?? dec(0)].reduce((a, b) => (a.gt(b) ? a : b));
  const bestAsk = rawAsks[0] && dec(rawAsks[0][0]);
  const bestBid = rawBids[0] && dec(rawBids[0][0]);
  let spread: BookView['spread'] = null;
  if (bestAsk && bestBid) {
    const value = bestAsk.minus(bestBid);
    const mid = bestAsk.plus(bestBid).div(2);
    spread = { value, pct: mid.isZero() ? dec(0) : value.div(mid).mul(100) };
  }
  return { asks, bids, maxTotal, spread };
}

/** Width of a depth bar in percent of the widest. */
export function depthPercent(total: Dec, maxTotal: Dec): number {
  if (maxTotal.lte(0)) return 0;
  return Math.min(100, total.div(maxTotal).mul(100).toNumber());
}
