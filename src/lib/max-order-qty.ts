import { D, dec, type Dec } from './decimal';
import { orderLock } from './order-lock';

/**
 * The largest order the exchange accepts: the size a "100 %" button may fill in. It follows the
 * exchange's own new-order checks (devnet/engine/validation.ts), in the same order:
 * - at most max_order_qty, and the position after the order at most max_position_size;
 * - the order lock (src/lib/order-lock) of the part that needs margin fits the available margin.
 *   A resting order (limit gtc/alo) locks its whole size at its limit price. An immediate order
 *   (market, or limit ioc) only locks the part that opens exposure — the size beyond the opposite
 *   position it closes first — priced at its limit (limit ioc) or at the MARK (market: the exchange
 *   checks a market order at the mark; the order's own price only bounds its fills).
 * What the fills of a market order then cost can exceed that check when they go deep into the book
 * (far from the mark): market-order-margin.ts walks the book for that, and the form takes the smaller.
 * Reduce-only orders lock nothing; their maximum is the reduce-only headroom (reduce-only.ts).
 */

export type OrderSide = 'buy' | 'sell';

export interface MaxOrderQtyInput {
  side: OrderSide;
  orderType: 'limit' | 'market';
  timeInForce: 'gtc' | 'ioc' | 'alo';
  /** Limit price (limit orders). */
  limitPrice?: Dec;
  /** The symbol's mark price (market orders are checked at it). */
  markPrice: Dec;
  /** Margin the order may use: availableMargin() of the balance. */
  availableMargin: Dec;
  leverage: number;
  takerFee: Dec | string;
  /** The trader's position in the symbol, signed (long > 0, short < 0); 0 when flat. */
  positionQty: Dec;
  /** The symbol's qty tick, e.g. 0.001. */
  qtyTick: Dec | string;
  minOrderQty: Dec | string;
  maxOrderQty: Dec | string;
  maxPositionSize: Dec | string;
  /** Lock safety margin in percent; the exchange's default when left out. */
  safetyPct?: number;
}

/** What stops the order from being larger. `below_minimum`: even the smallest order does not fit. */
export type MaxOrderLimit = 'margin' | 'max_order_qty' | 'position_limit' | 'below_minimum';

export interface MaxOrderQty {
  /** On the qty tick; 0 when nothing can be placed. */
  qty: Dec;
  limitedBy: MaxOrderLimit;
}

/**
 * Margin an order may use, from the balance (service-interface.md 2.6): cross_available for a cross
 * position; for an isolated one the cash-backed part only — unrealized profit cannot fund new margin:
 * min(cross_available, cross_balance − cross_margin − locked).
 */
export function availableMargin(
  balance: { cross_available: Dec | string; cross_balance: Dec | string; cross_margin: Dec | string; locked: Dec | string },
  marginMode: 'cross' | 'isolated',
): Dec {
  const crossAvailable = dec(balance.cross_available);
  if (marginMode === 'cross') return crossAvailable;
  return D.min(crossAvailable, dec(balance.cross_balance).minus(balance.cross_margin).minus(balance.locked));
}

/** Lots (qty ticks) whose order lock at `price` fits in `available`: the largest n with lock(n × tick) ≤ available. */
export function lotsWithinMargin(a: {
  available: Dec; price: Dec; qtyTick: Dec; leverage: number; takerFee: Dec | string; safetyPct?: number;
}): number {
  if (a.available.lt(0) || a.price.lte(0)) return 0;
  const lock = (lots: number): Dec =>
    orderLock({ qty: a.qtyTick.mul(lots), price: a.price, leverage: a.leverage, takerFee: a.takerFee, safetyPct: a.safetyPct });
  const perLot = lock(1);
  // An estimate from the lock of one lot, then exact steps: the lock is rounded up per order, not per lot.
  let n = a.available.div(perLot).floor().toNumber();
  while (n > 0 && lock(n).gt(a.available)) n--;
  while (lock(n + 1).lte(a.available)) n++;
  return n;
}

/** The largest qty the exchange accepts for this order (see the module comment for the rules). */
export function maxOrderQty(a: MaxOrderQtyInput): MaxOrderQty {
  const tick = dec(a.qtyTick);
  const toLots = (q: Dec): number => q.div(tick).floor().toNumber();
  const maxOrderLots = toLots(dec(a.maxOrderQty));
  const minLots = dec(a.minOrderQty).div(tick).ceil().toNumber();
  const posLots = a.positionQty.div(tick).round().toNumber();
  // Lots of this side that close the opposite position first.
  const closingLots = a.side === 'buy' ? Math.max(0, -posLots) : Math.max(0, posLots);
  // |position + order| ≤ max_position_size.
  const positionLots = toLots(dec(a.maxPositionSize)) + (a.side === 'buy' ? -posLots : posLots);

  const immediate = a.orderType === 'market' || a.timeInForce === 'ioc';
  const lockPrice = a.orderType === 'market' ? a.markPrice : (a.limitPrice ?? dec(0));
  const fitting = lotsWithinMargin({
    available: a.availableMargin, price: lockPrice, qtyTick: tick, leverage: a.leverage, takerFee: a.takerFee, safetyPct: a.safetyPct,
  });
  const marginLots = immediate ? closingLots + fitting : fitting;

  let lots = marginLots;
  let limitedBy: MaxOrderLimit = 'margin';
  if (maxOrderLots < lots) {
    lots = maxOrderLots;
    limitedBy = 'max_order_qty';
  }
  if (positionLots < lots) {
    lots = positionLots;
    limitedBy = 'position_limit';
  }
  if (lots < minLots) return { qty: dec(0), limitedBy: 'below_minimum' };
  return { qty: tick.mul(lots), limitedBy };
}
