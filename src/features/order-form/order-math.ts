import type { MarginMode, Side } from '../../api/schemas';
import { dec, floorTo, type Dec } from '../../lib/decimal';
import { feeOf, initialMargin, liquidationPrice, notional, positionAfterFill, unrealizedPnl } from '../../lib/perp-math';

/** Base quantity for a size typed in quote: quote / price, rounded down to the qty tick. */
export function qtyFromQuote(quote: Dec, price: Dec, qtyDecimals: number): Dec {
  if (price.lte(0)) return dec(0);
  return floorTo(quote.div(price), qtyDecimals);
}

export interface ExistingPosition {
  /** Signed: > 0 long, < 0 short. */
  qty: Dec;
  entry: Dec;
  /** Margin held for it (holding_margin). */
  margin: Dec;
  mark: Dec;
}

export interface OrderPreview {
  notional: Dec;
  margin: Dec;
  fee: Dec;
  /** Estimated liquidation price of the position after the fill; null when it closes. */
  liqPrice: Dec | null;
}

/**
 * What the order costs and where the resulting position would be liquidated:
 * margin = notional / leverage, fee = notional × fee rate. The liquidation estimate uses the
 * position after the fill; its cushion is, isolated, the position's margin plus this order's, and,
 * cross, the free cross balance plus the position's margin, less its loss and the fee.
 */
export function previewOrder(a: {
  side: Side;
  qty: Dec;
  price: Dec;
  leverage: number;
  feeRate: Dec | string;
  mode: MarginMode;
  mmr: Dec;
  available: Dec | null;
  position: ExistingPosition | null;
}): OrderPreview {
  const n = notional(a.qty, a.price);
  const margin = initialMargin(n, a.leverage);
  const fee = feeOf(n, a.feeRate);
  const before = a.position ?? { qty: dec(0), entry: dec(0), margin: dec(0), mark: a.price };
  const after = positionAfterFill({ qty: before.qty, entry: before.entry }, a.side, a.qty, a.price);
  let liqPrice: Dec | null = null;
  if (!after.qty.isZero()) {
    const adding = before.qty.isZero() || before.qty.isNeg() === after.qty.isNeg();
    const kept = adding ? before.margin : dec(0);
    let cushion: Dec;
    if (a.mode === 'isolated') {
      cushion = kept.plus(adding ? margin : initialMargin(notional(after.qty, a.price), a.leverage));
    } else {
      const loss = a.position ? unrealizedPnl(before.qty, before.entry, before.mark) : dec(0);
      cushion = (a.available ?? margin).plus(kept).plus(loss.isNeg() ? loss : 0).minus(fee);
    }
    liqPrice = liquidationPrice({ signedQty: after.qty, entry: after.entry, cushion, mmr: a.mmr });
  }
  return { notional: n, margin, fee, liqPrice };
}
