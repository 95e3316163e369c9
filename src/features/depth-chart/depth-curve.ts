import type { DepthBook } from '../../api/schemas';
import { D, dec, type Dec } from '../../lib/decimal';

/** One step of a side's cumulative depth: at `price`, `total` (exact) rests at that price or better. */
export interface DepthStep {
  price: Dec;
  total: Dec;
}

export interface DepthCurve {
  /** Best bid first, down the book. */
  bids: DepthStep[];
  /** Best ask first, up the book. */
  asks: DepthStep[];
  /** (best bid + best ask) / 2, exact; null with a side empty. */
  mid: Dec | null;
  /** The price range drawn: the same distance each side of the mid, so neither side looks deeper by its span. */
  from: number;
  to: number;
  /** The larger side's total within the range (the y axis' top). */
  maxTotal: number;
}

/** A side's levels as the stream sends them (decimal strings or numbers), summed from the best outward. */
function cumulative(levels: readonly (readonly [string | number, string | number])[], side: 'bid' | 'ask'): DepthStep[] {
  const sorted = levels.map(([p, q]) => ({ price: dec(String(p)), qty: dec(String(q)) })).filter((l) => l.qty.gt(0));
  sorted.sort((a, b) => (side === 'bid' ? b.price.cmp(a.price) : a.price.cmp(b.price)));
  let total = dec(0);
  return sorted.map((l) => {
    total = total.plus(l.qty);
    return { price: l.price, total };
  });
}

/**
 * The book as cumulative depth: totals exact (decimal), the range symmetric about the mid out to the
 * nearer of the two sides' last levels (so both sides reach the edge they are drawn to), and the
 * steps beyond it left out.
 */
export function depthCurve(book: Pick<DepthBook, 'bids' | 'asks'> | undefined): DepthCurve {
  const bids = cumulative(book?.bids ?? [], 'bid');
  const asks = cumulative(book?.asks ?? [], 'ask');
  const bestBid = bids[0]?.price;
  const bestAsk = asks[0]?.price;
  if (!bestBid || !bestAsk) {
    const all = [...bids, ...asks].map((s) => s.price.toNumber());
    return { bids, asks, mid: null, from: Math.min(...all, 0), to: Math.max(...all, 1), maxTotal: Math.max(0, ...[...bids, ...asks].map((s) => s.total.toNumber())) };
  }
  const mid = bestBid.plus(bestAsk).div(2);
  const reach = D.min(mid.minus(bids.at(-1)!.price), asks.at(-1)!.price.minus(mid));
  const half = reach.gt(0) ? reach : mid.mul('0.001');
  const inRange = (s: DepthStep) => s.price.minus(mid).abs().lte(half);
  const shownBids = bids.filter(inRange);
  const shownAsks = asks.filter(inRange);
  const maxTotal = Math.max(shownBids.at(-1)?.total.toNumber() ?? 0, shownAsks.at(-1)?.total.toNumber() ?? 0);
  return { bids: shownBids, asks: shownAsks, mid, from: mid.minus(half).toNumber(), to: mid.plus(half).toNumber(), maxTotal };
}

export interface DepthPlot {
  width: number;
  height: number;
  /** Room for the size labels (left) and the price labels (bottom). */
  left: number;
  bottom: number;
}

/**
 * A side's area as an SVG path: a step at each level (the total holds from one price to the next),
 * from the mid outward to the range's edge, closed along the bottom.
 */
export function sidePath(steps: readonly DepthStep[], side: 'bid' | 'ask', c: DepthCurve, p: DepthPlot): string {
  if (steps.length === 0) return '';
  const x = (price: number) => p.left + ((price - c.from) / Math.max(1e-12, c.to - c.from)) * (p.width - p.left);
  const y = (total: number) => (p.height - p.bottom) * (1 - total / Math.max(1e-12, c.maxTotal * 1.05));
  const base = p.height - p.bottom;
  const edge = side === 'bid' ? c.from : c.to;
  const start = x(steps[0]!.price.toNumber());
  /* eslint-disable lingui/no-unlocalized-strings -- SVG path commands, not words */
  let d = `M${start.toFixed(1)},${base}`;
  steps.forEach((s, i) => {
    const px = x(s.price.toNumber()).toFixed(1);
    const py = y(s.total.toNumber()).toFixed(1);
    d += i === 0 ? ` L${px},${py}` : ` H${px} V${py}`;
  });
  d += ` H${x(edge).toFixed(1)} V${base} Z`;
  /* eslint-enable lingui/no-unlocalized-strings */
  return d;
}
