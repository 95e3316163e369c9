import { dec } from './decimal';
import { ceilTo, divRound, floorTo, formatUnits, fractionDigits, toUnits } from './book-units';

export type BookSide = 'bids' | 'asks';

/** A level as the service sends it: price and size, decimal strings. */
export type DepthLevel = readonly [price: string, size: string];

/** One row of the book as the trader reads it, already in the words of the screen. */
export interface BookRow {
  /** The row's price as the order form takes it (plain, at the shown places). */
  price: string;
  priceText: string;
  sizeText: string;
  /** Size from the best price up to and including this row. */
  totalText: string;
  /** Width of its depth bar, in % of the widest total shown on either side (a width, not money). */
  depthPct: number;
}

/** One level in units of 10^-scale. */
export interface Level {
  price: bigint;
  size: bigint;
}

/**
 * Best first: asks by rising price, bids by falling price (the service does not sort); empty levels
 * dropped. Each level is read once into units, and the sort compares bigints, not strings.
 */
export function sortLevels(levels: readonly DepthLevel[], scale: number, side: BookSide): Level[] {
  const live: Level[] = [];
  for (const [p, q] of levels) {
    const size = toUnits(q, scale);
    if (size !== 0n) live.push({ price: toUnits(p, scale), size });
  }
  const sign = side === 'asks' ? 1 : -1;
  return live.sort((a, b) => (a.price === b.price ? 0 : a.price < b.price ? -sign : sign));
}

/**
 * Merges sorted levels into buckets of `tick` units (a tick of 0 keeps every level its own row):
 * bids round down and asks round up, so a grouped row never shows a better price than the orders
 * inside it. Result is best first, at most `limit` buckets.
 */
export function groupLevels(levels: readonly Level[], tick: bigint, side: BookSide, limit = Infinity): Level[] {
  const out: Level[] = [];
  for (const { price, size } of levels) {
    const bucket = tick > 0n ? (side === 'bids' ? floorTo(price, tick) : ceilTo(price, tick)) : price;
    // Sorted input: a level falls in the last bucket or opens the next one.
    const last = out.at(-1);
    if (last?.price === bucket) last.size += size;
    else if (out.length === limit) break;
    else out.push({ price: bucket, size });
  }
  return out;
}

export interface BookView {
  asks: BookRow[];
  bids: BookRow[];
  /** The spread of the raw best prices and its % of their mid ("1.0  (0.001%)"); null with a side empty. */
  spreadText: string | null;
}

/** Places the book shows: grouped prices, sizes and totals, and the spread (the symbol's price tick). */
export interface BookPlaces {
  price: number;
  size: number;
  spread: number;
}

/** The finest places any of these decimals has: every one of them is a whole number of units at it. */
function scaleOf(book: { asks: readonly DepthLevel[]; bids: readonly DepthLevel[] }, tick: string): number {
  let scale = fractionDigits(tick);
  for (const side of [book.asks, book.bids]) {
    for (const [p, q] of side) scale = Math.max(scale, fractionDigits(p), fractionDigits(q));
  }
  return scale;
}

function rowsOf(levels: readonly Level[], scale: number, places: BookPlaces): { rows: BookRow[]; totals: bigint[] } {
  let total = 0n;
  const totals: bigint[] = [];
  const rows = levels.map((l) => {
    total += l.size;
    totals.push(total);
    return {
      price: formatUnits(l.price, scale, places.price, true),
      priceText: formatUnits(l.price, scale, places.price),
      sizeText: formatUnits(l.size, scale, places.size),
      totalText: formatUnits(total, scale, places.size),
      depthPct: 0,
    };
  });
  return { rows, totals };
}

/** Sorted, grouped, cumulated book, `rows` deep on each side, with the spread of the raw best prices. */
export function buildBook(book: { asks: readonly DepthLevel[]; bids: readonly DepthLevel[] }, depthTick: string, rows: number, places: BookPlaces): BookView {
  // The symbol's depth ticks are plain decimals; one written otherwise ("1e1") is read as decimal.js reads it.
  const tick = /^\d+(\.\d+)?$/.test(depthTick) ? depthTick : dec(depthTick).toFixed();
  const scale = scaleOf(book, tick);
  const tickUnits = toUnits(tick, scale);
  const rawAsks = sortLevels(book.asks, scale, 'asks');
  const rawBids = sortLevels(book.bids, scale, 'bids');
  const asks = rowsOf(groupLevels(rawAsks, tickUnits, 'asks', rows), scale, places);
  const bids = rowsOf(groupLevels(rawBids, tickUnits, 'bids', rows), scale, places);
  const maxTotal = [asks.totals.at(-1) ?? 0n, bids.totals.at(-1) ?? 0n].reduce((a, b) => (a > b ? a : b));
  for (const side of [asks, bids]) side.rows.forEach((r, i) => (r.depthPct = depthPercent(side.totals[i]!, maxTotal)));
  let spreadText: string | null = null;
  if (rawAsks[0] && rawBids[0]) {
    const ask = rawAsks[0].price;
    const bid = rawBids[0].price;
    const value = ask - bid;
    // value ÷ mid × 100, to 3 places: value × 200 000 ÷ (ask + bid) thousandths of a percent.
    const pct = ask + bid === 0n ? 0n : divRound(value * 200_000n, ask + bid);
    spreadText = `${formatUnits(value, scale, places.spread)}  (${formatUnits(pct, 3, 3, true)}%)`;
  }
  return { asks: asks.rows, bids: bids.rows, spreadText };
}

/** Width of a depth bar in percent of the widest, to the nearest half percent (it only sizes a bar). */
export function depthPercent(total: bigint, maxTotal: bigint): number {
  if (maxTotal <= 0n) return 0;
  // In half-percent steps (about a pixel and a half of the panel): finer steps are invisible, and
  // each change is a style write on that row in the frame.
  return Math.min(100, Number((total * 200n + maxTotal / 2n) / maxTotal) / 2);
}
