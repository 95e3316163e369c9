import { D, dec, fitsDecimals, type Dec } from './decimal';
import { formatFixed } from './format';
import { orderLock } from './order-lock';
import { parseTypedDecimal } from './parse-decimal-input';
import { signedQty } from './perp-math';
import { reducingSide } from './reduce-only';
import { stepOf } from './ticks';

/**
 * The checks a modified order (new price, new size still to rest) must pass before its original is
 * canceled: the order form's rules (features/order-form/order-validation.ts) for a limit order —
 * tick and size step, min/max size, the price band around the mark, max position, reduce-only
 * headroom, margin — with what the canceled original gives back counted in: its lock returns to the
 * available margin, its size to the reduce-only headroom and to the position limit.
 * The band, size and margin wording is the order form's, so both say the same for the same mistake.
 */

/** The symbol's rules (query_symbol_info), as decimals and places. */
export interface EditRules {
  symbol: string;
  base: string;
  priceDecimals: number;
  qtyDecimals: number;
  minQty: string;
  maxQty: string;
  maxPositionSize: string;
  priceCapRatio: string;
  priceFloorRatio: string;
  takerFee: string;
}

/** The order being modified, as the service lists it. */
export interface EditedOrder {
  side: 'buy' | 'sell';
  price: string;
  qty: string;
  fill_qty: string;
  reduce_only: boolean;
  /** The margin its resting part locks: freed by the cancel. */
  avail_locked: string;
  leverage: string;
}

export interface EditContext {
  mark: Dec | null;
  /** Signed position in the symbol (0 when flat). */
  positionQty: Dec;
  /** Reduce-only headroom leaving this order out (lib/reduce-only excludeOrderId). */
  reduceHeadroom: Dec;
  /** Margin new orders may use (max-order-qty availableMargin); null when not known. */
  available: Dec | null;
}

export interface EditCheck {
  errors: { price?: string; size?: string };
  price: Dec | null;
  qty: Dec | null;
  /** Nothing to do: price and size are what the order already rests at. */
  unchanged: boolean;
}

function read(text: string, label: string): { value: Dec } | { error: string } {
  const noun = label.replace(/^an? /, '');
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const r = parseTypedDecimal(text);
  if (!r.ok) return { error: r.reason === 'empty' ? `Enter ${label}` : r.reason === 'negative' ? `${Noun} must be positive` : r.message };
  if (r.value.lte(0)) return { error: `${Noun} must be above 0` };
  return { value: r.value };
}

export function checkOrderEdit(o: EditedOrder, priceText: string, sizeText: string, rules: EditRules, ctx: EditContext): EditCheck {
  const errors: EditCheck['errors'] = {};
  const resting = dec(o.qty).minus(o.fill_qty);

  let price: Dec | null = null;
  const p = read(priceText, 'a price');
  if ('error' in p) errors.price = p.error;
  else if (!fitsDecimals(p.value, rules.priceDecimals)) errors.price = `Price moves in steps of ${stepOf(rules.priceDecimals).toFixed()}`;
  else {
    price = p.value;
    if (ctx.mark) {
      const upper = ctx.mark.mul(dec(1).plus(rules.priceCapRatio));
      const lower = ctx.mark.mul(dec(1).minus(rules.priceFloorRatio));
      if (price.gt(upper)) errors.price = `Price must be at most ${formatFixed(upper.toDecimalPlaces(rules.priceDecimals, D.ROUND_DOWN), rules.priceDecimals)} (mark + ${dec(rules.priceCapRatio).mul(100).toFixed()}%)`;
      else if (price.lt(lower)) errors.price = `Price must be at least ${formatFixed(lower.toDecimalPlaces(rules.priceDecimals, D.ROUND_UP), rules.priceDecimals)} (mark − ${dec(rules.priceFloorRatio).mul(100).toFixed()}%)`;
    }
  }

  let qty: Dec | null = null;
  const q = read(sizeText, 'a size');
  if ('error' in q) errors.size = q.error;
  else if (!fitsDecimals(q.value, rules.qtyDecimals)) errors.size = `Size moves in steps of ${stepOf(rules.qtyDecimals).toFixed()} ${rules.base}`;
  else if (q.value.lt(rules.minQty)) errors.size = `Minimum size is ${rules.minQty} ${rules.base}`;
  else if (q.value.gt(rules.maxQty)) errors.size = `Maximum size per order is ${rules.maxQty} ${rules.base}`;
  else qty = q.value;

  if (qty && !errors.size) {
    if (o.reduce_only) {
      const side = reducingSide(ctx.positionQty);
      if (side !== o.side) errors.size = `Reduce-only needs a ${o.side === 'sell' ? 'long' : 'short'} position in ${rules.symbol} to reduce`;
      else if (qty.gt(ctx.reduceHeadroom)) errors.size = `Reduce-only size can be at most ${ctx.reduceHeadroom.toFixed()} ${rules.base}`;
    } else {
      const after = ctx.positionQty.plus(signedQty(o.side, qty)).abs();
      if (after.gt(rules.maxPositionSize)) errors.size = `Position would be ${after.toFixed()} ${rules.base}, above the maximum of ${rules.maxPositionSize}`;
      else if (ctx.available && price) {
        const leverage = Number(o.leverage);
        const needed = orderLock({ qty, price, leverage: Number.isInteger(leverage) && leverage > 0 ? leverage : 1, takerFee: rules.takerFee });
        // The cancel gives the original's lock back before the new order takes its own.
        const available = ctx.available.plus(o.avail_locked);
        if (needed.gt(available)) {
          errors.size = `Needs ${formatFixed(needed.toDecimalPlaces(2, D.ROUND_UP), 2)} margin + fee; ${formatFixed(D.max(available, 0).toDecimalPlaces(2, D.ROUND_DOWN), 2)} available`;
        }
      }
    }
  }

  const unchanged = price !== null && qty !== null && price.eq(o.price) && qty.eq(resting);
  return { errors, price, qty, unchanged };
}
