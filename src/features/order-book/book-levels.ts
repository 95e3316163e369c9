import type { DepthLevel } from '../../api/schemas';
import { dec, type Dec } from '../../lib/decimal';

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

function parse(levels: readonly DepthLevel[]): Level[] {
  const out: Level[] = [];
  for (const [p, q] of levels) {
    const price = dec(p);
    const size = dec(q);
    if (size.gt(0)) out.push({ price, size });
  }
  return out;
}

/** Best first: asks by rising price, bids by falling price (the service does not sort). */
export function sortLevels(levels: readonly DepthLevel[], side: BookSide): Level[] {
  const parsed = parse(levels);
  return parsed.sort((a, b) => (side === 'asks' ? a.price.comparedTo(b.price) : b.price.comparedTo(a.price)));
}

/**
 * Merges levels into buckets of `tick`: bids round down and asks round up, so a grouped row never
 * shows a better price than the orders inside it. Result is best first.
 */
export function groupLevels(levels: readonly Level[], tick: Dec, side: BookSide): Level[] {
  if (tick.lte(0)) return [...levels];
  const buckets = new Map<string, Level>();
  for (const l of levels) {
    const units = l.price.div(tick);
    const bucket = (side === 'bids' ? units.floor() : units.ceil()).mul(tick);
    const key = bucket.toFixed();
    const hit = buckets.get(key);
    if (hit) hit.size = hit.size.plus(l.size);
    else buckets.set(key, { price: bucket, size: l.size });
  }
  return [...buckets.values()].sort((a, b) => (side === 'asks' ? a.price.comparedTo(b.price) : b.price.comparedTo(a.price)));
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
  const asks = cumulate(groupLevels(rawAsks, tick, 'asks').slice(0, rows));
  const bids = cumulate(groupLevels(rawBids, tick, 'bids').slice(0, rows));
  const maxTotal = [asks.at(-1)?.total ?? dec(0), bids.at(-1)?.total ?? dec(0)].reduce((a, b) => (a.gt(b) ? a : b));
  const bestAsk = rawAsks[0]?.price;
  const bestBid = rawBids[0]?.price;
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
