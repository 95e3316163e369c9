import { D, dec, type Dec } from './decimal';
import type { BookLevel, TakingSide } from './market-fill-estimate';
import { takerFillCost } from './order-lock';

/**
 * A market order (or a limit priced through the book) is checked twice by the exchange: at the mark when it arrives (the order lock,
 * max-order-qty), then fill by fill while it matches, against the same available margin
 * (order-lock takerFillCost). The lock's safety margin covers fills a little worse than the mark;
 * a size that walks deeper into the book can still stop half-filled ("insufficient available
 * margin"). These figures follow the fills through the book.
 */

export interface MarketFillCostInput {
  /** The taking side's levels, best first (takingLevels). */
  levels: readonly BookLevel[];
  side: TakingSide;
  qty: Dec;
  /** The order's price limit: no level beyond it is taken. */
  limit: Dec;
  mark: Dec;
  /** What of the order closes the opposite position first (|position| on the reducing side, else 0). */
  closingQty: Dec;
  leverage: number;
  takerFee: Dec | string;
  /**
   * A limit order priced through the book: what the book does not fill within its limit rests
   * (its margin is the order lock, checked at the limit price), so only the filled part is costed.
   */
  restsUnfilled?: boolean;
}

/**
 * What the fills take from the available margin, level by level as the exchange charges them
 * (takerFillCost: the initial margin of the part that opens exposure, the taker fee of the fill,
 * the loss of a price worse than the mark), the opposite position closed first. Null when the book
 * does not fill the whole size within the limit (unless the rest rests: restsUnfilled).
 */
export function marketFillMargin(a: MarketFillCostInput): Dec | null {
  let left = a.qty;
  let closing = a.closingQty;
  let cost = dec(0);
  for (const level of a.levels) {
    if (left.lte(0)) break;
    if (a.side === 'buy' ? level.price.gt(a.limit) : level.price.lt(a.limit)) break;
    const take = D.min(level.qty, left);
    const closes = D.min(closing, take);
    cost = cost.plus(takerFillCost({ side: a.side, qty: take, closingQty: closes, price: level.price, mark: a.mark, leverage: a.leverage, takerFee: a.takerFee }));
    closing = closing.minus(closes);
    left = left.minus(take);
  }
  return left.gt(0) && !a.restsUnfilled ? null : cost;
}

/**
 * The largest market order, on the qty tick and at most `upTo` (max-order-qty's bound), whose
 * fills the book holds within the limit and whose fill margin (marketFillMargin) fits in
 * `available`. The cost grows with the size, so the largest fitting size is found by bisection.
 */
export function maxMarketQty(a: Omit<MarketFillCostInput, 'qty'> & { available: Dec; upTo: Dec; qtyTick: Dec }): Dec {
  const fits = (lots: number) => {
    const cost = marketFillMargin({ ...a, qty: a.qtyTick.mul(lots) });
    return cost !== null && cost.lte(D.max(a.available, 0));
  };
  let lo = 0;
  let hi = a.upTo.div(a.qtyTick).floor().toNumber();
  if (fits(hi)) return a.qtyTick.mul(hi);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return a.qtyTick.mul(lo);
}
