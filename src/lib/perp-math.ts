import { dec, type Dec } from './decimal';

/**
 * Perpetual-futures arithmetic the trader sees: notional, margin, fee, unrealized PnL, ROE and the
 * liquidation price. Decimal in, decimal out — never a float for money.
 */

export type TradeSide = 'buy' | 'sell';

/** |qty| × price. */
export function notional(qty: Dec, price: Dec): Dec {
  return qty.abs().mul(price);
}

/** Initial margin of a notional at a leverage: notional / leverage. */
export function initialMargin(notionalValue: Dec, leverage: Dec | number): Dec {
  return notionalValue.div(leverage);
}

/** Fee of a fill: notional × rate. */
export function feeOf(notionalValue: Dec, rate: Dec | string): Dec {
  return notionalValue.mul(rate);
}

/** Unrealized PnL of a signed position (qty > 0 long, < 0 short): qty × (mark − entry). */
export function unrealizedPnl(signedQty: Dec, entry: Dec, mark: Dec): Dec {
  return signedQty.mul(mark.minus(entry));
}

/** Return on equity: upnl / margin. Null when there is no margin to relate to. */
export function returnOnEquity(upnl: Dec, margin: Dec): Dec | null {
  return margin.isZero() ? null : upnl.div(margin);
}

/**
 * Maintenance-margin rate when no position reports `mmr`: half the initial margin at maximum
 * leverage, 1 / (2 × max_leverage). The service publishes `mmr` per position only.
 */
export function defaultMmr(maxLeverage: Dec | string): Dec {
  return dec(1).div(dec(maxLeverage).mul(2));
}

/**
 * Liquidation price of a position whose margin cushion is `cushion` (isolated: its margin; cross: the
 * free cross balance backing it): where cushion + qty × (p − entry) = |qty| × p × mmr.
 * Long: p = (entry − cushion/|qty|) / (1 − mmr); short: p = (entry + cushion/|qty|) / (1 + mmr).
 * Null when there is no position, and 0 when the cushion covers any price move down.
 */
export function liquidationPrice(a: { signedQty: Dec; entry: Dec; cushion: Dec; mmr: Dec }): Dec | null {
  if (a.signedQty.isZero()) return null;
  const perUnit = a.cushion.div(a.signedQty.abs());
  if (a.signedQty.gt(0)) {
    const p = a.entry.minus(perUnit).div(dec(1).minus(a.mmr));
    return p.lt(0) ? dec(0) : p;
  }
  return a.entry.plus(perUnit).div(dec(1).plus(a.mmr));
}

/** Signed quantity of a side: buy +qty, sell −qty. */
export function signedQty(side: TradeSide, qty: Dec): Dec {
  return side === 'buy' ? qty.abs() : qty.abs().neg();
}

/**
 * The position after a fill of `qty` at `price` on `side`, from `current` (signed qty and entry):
 * adding keeps a size-weighted entry, reducing keeps the entry, flipping starts at the fill price.
 */
export function positionAfterFill(current: { qty: Dec; entry: Dec }, side: TradeSide, qty: Dec, price: Dec): { qty: Dec; entry: Dec } {
  const delta = signedQty(side, qty);
  const next = current.qty.plus(delta);
  if (current.qty.isZero() || current.qty.isNeg() === delta.isNeg()) {
    const entry = next.isZero() ? dec(0) : current.qty.abs().mul(current.entry).plus(delta.abs().mul(price)).div(next.abs());
    return { qty: next, entry };
  }
  if (next.isZero()) return { qty: next, entry: dec(0) };
  if (next.isNeg() === current.qty.isNeg()) return { qty: next, entry: current.entry };
  return { qty: next, entry: price };
}
