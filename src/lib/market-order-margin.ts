import { D, dec, type Dec } from './decimal';
import type { BookLevel, TakingSide } from './market-fill-estimate';
import { orderLock } from './order-lock';
import { feeOf, notional } from './perp-math';

/**
 * A market order is checked twice by the exchange: at the mark when it arrives (the order lock,
 * max-order-qty), then fill by fill while it matches, against the same available margin. Fills
 * above the mark (a buy) cost more than the check at the mark, so a size that passes the first
 * check can stop half-filled ("insufficient available margin"). These figures follow the fills.
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
}

/**
 * What the fills take from the available margin, level by level as the exchange charges them:
 * the order lock (order-lock) of the part that opens exposure, at the fill price; the taker fee of
 * the part that closes the opposite position (notional × taker_fee); and the loss of a fill worse
 * than the mark, |fill − mark| × qty (decisions.md "Money safety"). Null when the book does not
 * fill the whole size within the limit.
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
    const opens = take.minus(closes);
    if (opens.gt(0)) cost = cost.plus(orderLock({ qty: opens, price: level.price, leverage: a.leverage, takerFee: a.takerFee }));
    if (closes.gt(0)) cost = cost.plus(feeOf(notional(closes, level.price), a.takerFee));
    const worse = a.side === 'buy' ? level.price.minus(a.mark) : a.mark.minus(level.price);
    if (worse.gt(0)) cost = cost.plus(worse.mul(take));
    closing = closing.minus(closes);
    left = left.minus(take);
  }
  return left.gt(0) ? null : cost;
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
