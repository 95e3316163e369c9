import { D, dec, type Dec } from './decimal';
import { stepOf } from './ticks';

/** The side a market order takes from: a buy lifts the asks, a sell hits the bids. */
export type TakingSide = 'buy' | 'sell';

/** One book level as the order walks it: price and the quantity resting there. */
export interface BookLevel {
  price: Dec;
  qty: Dec;
}

/**
 * The levels a market order on `side` would take, best first: asks ascending for a buy, bids
 * descending for a sell. The service sends levels unsorted; this is read once per book snapshot
 * (the form renders on every tick, so the sort is memoized on the snapshot, not the size).
 */
export function takingLevels(book: { asks: readonly (readonly [string, string])[]; bids: readonly (readonly [string, string])[] }, side: TakingSide): BookLevel[] {
  const raw = side === 'buy' ? book.asks : book.bids;
  const levels: BookLevel[] = [];
  for (const [p, q] of raw) {
    const qty = dec(q);
    if (qty.gt(0)) levels.push({ price: dec(p), qty });
  }
  levels.sort(side === 'buy' ? (a, b) => a.price.comparedTo(b.price) : (a, b) => b.price.comparedTo(a.price));
  return levels;
}

/**
 * The price a market order may reach with a slippage cap: reference × (1 + cap) for a buy,
 * reference × (1 − cap) for a sell, on the price tick towards the reference (buy: down, sell: up)
 * so the rounding never lets the order past the cap. `cap` is a ratio (0.01 = 1 %).
 */
export function slippageCapPrice(reference: Dec, side: TakingSide, cap: Dec, priceDecimals: number): Dec {
  const raw = reference.mul(side === 'buy' ? dec(1).plus(cap) : dec(1).minus(cap));
  return raw.toDecimalPlaces(priceDecimals, side === 'buy' ? D.ROUND_DOWN : D.ROUND_UP);
}

/** The exchange's price band around the mark (query_symbol_info's price_cap_ratio / price_floor_ratio). */
export interface PriceBandRules {
  priceDecimals: number;
  capRatio: Dec | string;
  floorRatio: Dec | string;
}

/**
 * The price limit a market order (or an IOC slice) is sent with: the slippage cap from the mark
 * (slippageCapPrice), never beyond the exchange's own band — mark × (1 + price_cap_ratio) for a buy,
 * × (1 − price_floor_ratio) for a sell, on the tick inside it — which the exchange would apply
 * instead; a sell's never below one tick.
 */
export function marketLimitPrice(mark: Dec, side: TakingSide, slippage: Dec, rules: PriceBandRules): Dec {
  const cap = slippageCapPrice(mark, side, slippage, rules.priceDecimals);
  if (side === 'buy') return D.min(cap, slippageCapPrice(mark, side, dec(rules.capRatio), rules.priceDecimals));
  return D.max(cap, slippageCapPrice(mark, side, dec(rules.floorRatio), rules.priceDecimals), stepOf(rules.priceDecimals));
}

export interface MarketFillEstimate {
  /** What the book fills at or within the limit (≤ the size asked). */
  filledQty: Dec;
  /** Size-weighted average price of that fill: Σ price × qty / Σ qty; null when nothing fills. */
  averagePrice: Dec | null;
  /** The last (worst) level the fill reaches; null when nothing fills. */
  worstPrice: Dec | null;
  /** The best level on the taking side; null when that side is empty. */
  bestPrice: Dec | null;
  /** Price impact: |average − best| / best, as a ratio; null when nothing fills. */
  impact: Dec | null;
  /** True when the whole size fills within the limit. */
  fillsCompletely: boolean;
}

/**
 * Walks `levels` (best first, from takingLevels) for `qty`, taking no level beyond `limit` (a buy
 * stops above it, a sell below it; no limit = the whole visible book). What the exchange fills may
 * differ by what changes before the order arrives and by the trader's own resting orders, which
 * self-trade prevention cancels instead of filling.
 */
export function estimateMarketFill(levels: readonly BookLevel[], side: TakingSide, qty: Dec, limit: Dec | null): MarketFillEstimate {
  let filled = dec(0);
  let cost = dec(0);
  let worst: Dec | null = null;
  for (const level of levels) {
    if (filled.gte(qty)) break;
    if (limit && (side === 'buy' ? level.price.gt(limit) : level.price.lt(limit))) break;
    const take = D.min(level.qty, qty.minus(filled));
    filled = filled.plus(take);
    cost = cost.plus(take.mul(level.price));
    worst = level.price;
  }
  const best = levels[0]?.price ?? null;
  const averagePrice = filled.gt(0) ? cost.div(filled) : null;
  return {
    filledQty: filled,
    averagePrice,
    worstPrice: worst,
    bestPrice: best,
    impact: averagePrice && best && !best.isZero() ? priceImpact(averagePrice, best) : null,
    fillsCompletely: qty.gt(0) && filled.gte(qty),
  };
}

/** Price impact of a fill: |average − best| / best. */
export function priceImpact(average: Dec, best: Dec): Dec {
  return average.minus(best).abs().div(best);
}
