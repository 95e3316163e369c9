import { D, type Dec } from './decimal';

/**
 * Take-profit / stop-loss on a whole open position (decisions.md "TP/SL and position protection"):
 * the trigger price a trader asks for, read from a price, an ROE or a PnL amount. The quantity is
 * signed (negative = short) so one formula serves both sides; ROE is PnL over the position's initial
 * margin, as the positions table shows it.
 */

export type TriggerKind = 'tp' | 'sl';

/** Expected PnL when the position closes at the trigger: qty × (trigger − entry) (|qty| × move, signed by side). */
export function pnlAtTrigger(signedQty: Dec, entry: Dec, trigger: Dec): Dec {
  return signedQty.mul(trigger.minus(entry));
}

/** The trigger at which the position makes `pnl`: entry + pnl / qty. */
export function triggerFromPnl(signedQty: Dec, entry: Dec, pnl: Dec): Dec {
  return entry.plus(pnl.div(signedQty));
}

/** The trigger at which the position's ROE is `roe` (a ratio, 0.1 = 10 %): entry + roe × margin / qty. */
export function triggerFromRoe(signedQty: Dec, entry: Dec, margin: Dec, roe: Dec): Dec {
  return entry.plus(roe.mul(margin).div(signedQty));
}

/** ROE (a ratio) when the position closes at the trigger: qty × (trigger − entry) / margin; null without margin. */
export function roeAtTrigger(signedQty: Dec, entry: Dec, margin: Dec, trigger: Dec): Dec | null {
  return margin.isZero() ? null : signedQty.mul(trigger.minus(entry)).div(margin);
}

/**
 * A computed trigger on the symbol's price tick, rounded toward the entry: the trigger sent never
 * promises more profit, nor risks more loss, than the ROE or amount the trader typed.
 */
export function triggerOnTick(price: Dec, entry: Dec, priceDecimals: number): Dec {
  return price.toDecimalPlaces(priceDecimals, price.gt(entry) ? D.ROUND_DOWN : D.ROUND_UP);
}

/**
 * Where the trigger must lie against the mark so it has not fired already: a long's take profit
 * above it and its stop below; a short's the other way round.
 */
export function triggerSide(kind: TriggerKind, long: boolean): 'above' | 'below' {
  return (kind === 'tp') === long ? 'above' : 'below';
}

/** The order fields that say what protects a position (a subset of the spec's Order, §2.1). */
export interface TriggerOrderLike {
  id: number;
  symbol: string;
  status: string;
  source?: string;
  qty: string;
  price: string;
}

/** A child of a position TP/SL: qty "0" means "close whatever the position is when it fires". */
export function isWholePosition(o: Pick<TriggerOrderLike, 'qty'>): boolean {
  return new D(o.qty).isZero();
}

/**
 * The untriggered take-profit and stop-loss children on a symbol — whole-position ones first, then
 * those attached to filled orders — each by its trigger price.
 */
export function protectionOf<O extends TriggerOrderLike>(symbol: string, orders: readonly O[]): Record<TriggerKind, O[]> {
  const waiting = orders.filter((o) => o.symbol === symbol && o.status === 'untriggered');
  const of = (kind: TriggerKind) =>
    waiting.filter((o) => o.source === kind).sort((a, b) => Number(isWholePosition(b)) - Number(isWholePosition(a)) || a.id - b.id);
  return { tp: of('tp'), sl: of('sl') };
}

/** A TP/SL child's fields that say whether it has fired and how far it has closed. */
export interface FiredOrderLike extends TriggerOrderLike {
  fill_qty: string;
}

/**
 * A take-profit or stop-loss that has fired and is still closing (decisions.md "Automatic closes are
 * price-protected"): an IOC limit no worse than the mark by the protection band, tried again on the
 * next ticks for what the band left unfilled. `waiting` is true once the band has left some of it
 * unfilled (status `open`); `qty` is null for a whole-position child the service has not yet sized.
 */
export interface FiredClose<O> {
  order: O;
  kind: TriggerKind;
  qty: Dec | null;
  filled: Dec;
  /** What it has still to close; null when `qty` is. */
  remaining: Dec | null;
  waiting: boolean;
}

/** A TP/SL child that has left `untriggered` and is still working (`new` or `open`). */
export function isFiredClose(o: Pick<TriggerOrderLike, 'status' | 'source'>): boolean {
  return (o.source === 'tp' || o.source === 'sl') && (o.status === 'new' || o.status === 'open');
}

/** The fired, still working take-profit and stop-loss children on a symbol, stops first, then by id. */
export function firedCloses<O extends FiredOrderLike>(symbol: string, orders: readonly O[]): FiredClose<O>[] {
  return orders
    .filter((o) => o.symbol === symbol && isFiredClose(o))
    .sort((a, b) => Number(a.source === 'tp') - Number(b.source === 'tp') || a.id - b.id)
    .map((o) => {
      const filled = new D(o.fill_qty);
      const qty = isWholePosition(o) ? null : new D(o.qty);
      return { order: o, kind: o.source as TriggerKind, qty, filled, remaining: qty && D.max(qty.minus(filled), 0), waiting: o.status === 'open' };
    });
}
