import { D, dec, type Dec } from './decimal';
import { marketLimitPrice } from './market-fill-estimate';
import { lotsWithinMargin } from './max-order-qty';
import { stepOf } from './ticks';

/**
 * Reverse a position: leave the opposite position of the same size. It is sent as two halves, in
 * this order: reduce-only market orders that close |q| (the exchange never lets them cross zero),
 * then plain market orders that open |q| on the other side — each half split into parts no larger
 * than max_order_qty. Whatever part fails and wherever the sender stops, the trader has sold (for a
 * long) between 0 and 2|q| and bought nothing, so the position stays within [−|q|, +|q|]: never
 * larger than asked. A single order for 2|q| would be one step, but it is refused above
 * max_order_qty and, half-filled at the slippage cap, says nothing about where it stopped.
 */

export type ReverseSide = 'buy' | 'sell';

export interface ReverseOrder {
  side: ReverseSide;
  /** On the qty tick, at least min_order_qty, at most max_order_qty. */
  qty: Dec;
  /** The closing half is reduce-only; the opening half is not. */
  reduceOnly: boolean;
}

export interface ReversePlanInput {
  /** The position, signed (long > 0). */
  positionQty: Dec;
  /** The symbol's qty tick (0.001) or its decimals. */
  qtyDecimals: number;
  minOrderQty: Dec | string;
  maxOrderQty: Dec | string;
  maxPositionSize: Dec | string;
  /** For the opening half's margin: checked at the mark, as the exchange checks a market order. */
  markPrice: Dec;
  /** availableMargin() of the balance now. */
  availableMargin: Dec;
  /**
   * What closing the position hands back to the available margin (its margin, less the closing fee):
   * reverseReleasedMargin() below. The opening half is only sent after the close.
   */
  releasedMargin: Dec;
  leverage: number;
  takerFee: Dec | string;
}

/**
 * Why a reverse is refused before anything is sent. `flat`: no position; `below_minimum`: the
 * position is smaller than one order may be; `position_limit`: |q| is over max_position_size;
 * `margin`: the opening half does not fit the margin the close leaves.
 */
export type ReverseRefusal = 'flat' | 'below_minimum' | 'position_limit' | 'margin';

export type ReversePlan =
  | { ok: true; from: Dec; to: Dec; close: ReverseOrder[]; open: ReverseOrder[] }
  | { ok: false; code: ReverseRefusal };

/**
 * `lots` in as few parts as max allows, as even as possible (each part ≥ half of max when split, so
 * never a tail below min_order_qty): n = ⌈lots / max⌉ parts of ⌊lots / n⌋ or one lot more.
 */
export function splitAtMaxLots(lots: number, maxLots: number): number[] {
  if (lots <= 0) return [];
  const n = Math.ceil(lots / maxLots);
  const base = Math.floor(lots / n);
  const extra = lots - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * A size to send as orders of at most `maxOrderQty` each (the exchange refuses any order above it,
 * reduce-only included): `qty` on the qty tick, split as splitAtMaxLots does, the parts adding up to it
 * exactly. One part when it fits, or when max is below one tick (the exchange says why).
 */
export function splitQty(qty: Dec, qtyDecimals: number, maxOrderQty: Dec | string): Dec[] {
  const tick = stepOf(qtyDecimals);
  const lots = qty.abs().div(tick).round().toNumber();
  const maxLots = dec(maxOrderQty).div(tick).floor().toNumber();
  if (lots <= 0) return [];
  if (!(maxLots >= 1)) return [tick.mul(lots)];
  return splitAtMaxLots(lots, maxLots).map((p) => tick.mul(p));
}

export function reversePlan(a: ReversePlanInput): ReversePlan {
  const tick = stepOf(a.qtyDecimals);
  const lots = a.positionQty.abs().div(tick).round().toNumber();
  if (lots === 0) return { ok: false, code: 'flat' };
  const minLots = dec(a.minOrderQty).div(tick).ceil().toNumber();
  const maxLots = dec(a.maxOrderQty).div(tick).floor().toNumber();
  const parts = splitAtMaxLots(lots, Math.max(1, maxLots));
  if (maxLots < 1 || parts.some((p) => p < minLots)) return { ok: false, code: 'below_minimum' };
  if (lots > dec(a.maxPositionSize).div(tick).floor().toNumber()) return { ok: false, code: 'position_limit' };
  const fitting = lotsWithinMargin({
    available: a.availableMargin.plus(D.max(0, a.releasedMargin)),
    price: a.markPrice,
    qtyTick: tick,
    leverage: a.leverage,
    takerFee: a.takerFee,
  });
  if (fitting < lots) return { ok: false, code: 'margin' };
  const closing: ReverseSide = a.positionQty.gt(0) ? 'sell' : 'buy';
  const orders = (reduceOnly: boolean) => parts.map((p) => ({ side: closing, qty: tick.mul(p), reduceOnly }));
  return { ok: true, from: a.positionQty, to: a.positionQty.neg(), close: orders(true), open: orders(false) };
}

/**
 * What closing a position hands back to the margin an order may use: a cross position's initial
 * margin; an isolated one's margin with its unrealized PnL (it returns to the cross balance); less
 * the taker fee of closing its notional at the mark. Never below zero.
 */
export function reverseReleasedMargin(p: {
  marginMode: 'cross' | 'isolated';
  initialMargin: Dec | string;
  holdingMargin: Dec | string;
  upnl: Dec | string;
  qty: Dec;
  markPrice: Dec;
  takerFee: Dec | string;
}): Dec {
  const margin = p.marginMode === 'cross' ? dec(p.initialMargin) : dec(p.holdingMargin).plus(p.upnl);
  const fee = p.qty.abs().mul(p.markPrice).mul(p.takerFee);
  return D.max(0, margin.minus(fee));
}

/**
 * A market order's price limit, as the order form sends one: the trader's slippage cap from the mark
 * (on the tick towards the mark), never beyond the exchange's own band, which it would apply instead.
 * `slippagePct` in percent ("1" = 1 %); null when it does not read as a positive number.
 */
export function marketOrderLimit(a: {
  side: ReverseSide;
  mark: Dec;
  slippagePct: string;
  priceDecimals: number;
  priceCapRatio: Dec | string;
  priceFloorRatio: Dec | string;
}): Dec | null {
  let pct: Dec;
  try {
    pct = dec(a.slippagePct);
  } catch {
    return null;
  }
  if (!pct.isFinite() || pct.lte(0) || a.mark.lte(0)) return null;
  return marketLimitPrice(a.mark, a.side, pct.div(100), { priceDecimals: a.priceDecimals, capRatio: a.priceCapRatio, floorRatio: a.priceFloorRatio });
}
