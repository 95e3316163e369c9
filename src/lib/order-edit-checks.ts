import { dec, type Dec } from './decimal';
import { maxPositionError, priceBandError, priceStepError, readAmount, reduceOnlyError, restingMarginError, sizeLimitError, sizeStepError, type OrderRuleProblem } from './order-rules';

/**
 * The checks a modified order (new price, new size still to rest) must pass before its original is
 * canceled: the order form's rules (features/order-form/order-validation.ts) for a limit order —
 * tick and size step, min/max size, the price band around the mark, max position, reduce-only
 * headroom, margin — with what the canceled original gives back counted in: its lock returns to the
 * available margin, its size to the reduce-only headroom and to the position limit.
 * Every rule is lib/order-rules.ts and its words src/ui/order-rule-words.ts, shared with the order
 * form: the same mistake reads the same in both.
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

/** Why a modify cannot go: a broken order rule, or the symbol's rules not read yet. */
export type EditProblem = OrderRuleProblem | { code: 'rules-not-loaded' };

export interface EditCheck {
  errors: { price?: EditProblem; size?: EditProblem };
  price: Dec | null;
  qty: Dec | null;
  /** Nothing to do: price and size are what the order already rests at. */
  unchanged: boolean;
}

export function checkOrderEdit(o: EditedOrder, priceText: string, sizeText: string, rules: EditRules, ctx: EditContext): EditCheck {
  const errors: EditCheck['errors'] = {};
  const resting = dec(o.qty).minus(o.fill_qty);

  let price: Dec | null = null;
  const p = readAmount(priceText, 'price');
  if ('error' in p) errors.price = p.error;
  else {
    const band = { capRatio: rules.priceCapRatio, floorRatio: rules.priceFloorRatio, decimals: rules.priceDecimals };
    errors.price = priceStepError(p.value, rules.priceDecimals) ?? (ctx.mark ? priceBandError(p.value, ctx.mark, band) : undefined);
    if (!errors.price) price = p.value;
  }

  let qty: Dec | null = null;
  const q = readAmount(sizeText, 'size');
  if ('error' in q) errors.size = q.error;
  else {
    errors.size = sizeStepError(q.value, rules.qtyDecimals, rules.base) ?? sizeLimitError(q.value, rules.minQty, rules.maxQty, rules.base, rules.qtyDecimals);
    if (!errors.size) qty = q.value;
  }

  if (qty) {
    if (o.reduce_only) {
      errors.size = reduceOnlyError({ side: o.side, qty, positionQty: ctx.positionQty, headroom: ctx.reduceHeadroom, symbol: rules.symbol, base: rules.base, qtyDecimals: rules.qtyDecimals });
    } else {
      errors.size = maxPositionError({ positionQty: ctx.positionQty, side: o.side, qty, maxPositionSize: rules.maxPositionSize, base: rules.base, qtyDecimals: rules.qtyDecimals });
      if (!errors.size && ctx.available && price) {
        const leverage = Number(o.leverage);
        // The cancel gives the original's lock back before the new order takes its own.
        const available = ctx.available.plus(o.avail_locked);
        errors.size = restingMarginError({ qty, price, leverage: Number.isInteger(leverage) && leverage > 0 ? leverage : 1, takerFee: rules.takerFee, available });
      }
    }
  }
  if (errors.price === undefined) delete errors.price;
  if (errors.size === undefined) delete errors.size;

  const unchanged = price !== null && qty !== null && price.eq(o.price) && qty.eq(resting);
  return { errors, price, qty, unchanged };
}
