import { dec, type Dec } from './decimal';
import { isLiveStatus } from './order-status';

/** The order fields the reduce-only rule reads (a subset of the spec's Order, §2.1). */
export interface PendingOrderLike {
  id: number;
  symbol: string;
  side: 'buy' | 'sell';
  qty: string;
  fill_qty: string;
  reduce_only: boolean;
  status: string;
  /** `tp` / `sl` for the take-profit / stop-loss children of a filled order. */
  source?: string;
  payload?: unknown;
}

/** The side that shrinks a signed position: a long is reduced by selling. */
export function reducingSide(positionQty: Dec): 'buy' | 'sell' | null {
  if (positionQty.isZero()) return null;
  return positionQty.gt(0) ? 'sell' : 'buy';
}

function isTriggerChild(o: PendingOrderLike): boolean {
  return o.status === 'untriggered' && (o.source === 'tp' || o.source === 'sl');
}

function parentOf(o: PendingOrderLike): number | null {
  const p = o.payload as { parent_id?: unknown } | null | undefined;
  return p && typeof p.parent_id === 'number' ? p.parent_id : null;
}

/**
 * Quantity still pending in reduce-only orders on the reducing side of a symbol (their unfilled
 * remainder). A TP and an SL of the same filled order are one-cancels-the-other, so a pair counts
 * once: by `payload.parent_id` when the service says, else the larger of all untriggered TPs and
 * all untriggered SLs. A TP or SL that has fired and is still closing (`new` / `open`, held back by
 * the protection band) is a pending reduce-only order like any other: its rest counts in full.
 */
export function pendingReduceOnly(a: { symbol: string; side: 'buy' | 'sell'; orders: readonly PendingOrderLike[]; excludeOrderId?: number }): Dec {
  let plain = dec(0);
  let tps = dec(0);
  let sls = dec(0);
  const pairs = new Map<number, Dec>();
  for (const o of a.orders) {
    if (o.symbol !== a.symbol || !o.reduce_only || o.side !== a.side || !isLiveStatus(o.status) || o.id === a.excludeOrderId) continue;
    const rest = dec(o.qty).minus(dec(o.fill_qty));
    if (!isTriggerChild(o)) plain = plain.plus(rest);
    else {
      const parent = parentOf(o);
      if (parent !== null) pairs.set(parent, maxOf(pairs.get(parent) ?? dec(0), rest));
      else if (o.source === 'tp') tps = tps.plus(rest);
      else sls = sls.plus(rest);
    }
  }
  let paired = maxOf(tps, sls);
  for (const v of pairs.values()) paired = paired.plus(v);
  return plain.plus(paired);
}

function maxOf(a: Dec, b: Dec): Dec {
  return a.gt(b) ? a : b;
}

/**
 * Spec §4.1: a reduce-only order may be at most the position qty minus the cumulative qty of all
 * other pending reduce-only orders (untriggered TP/SL count). Never negative; 0 without a position.
 */
export function reduceOnlyHeadroom(a: {
  symbol: string;
  positionQty: Dec;
  orders: readonly PendingOrderLike[];
  excludeOrderId?: number;
}): Dec {
  const side = reducingSide(a.positionQty);
  if (side === null) return dec(0);
  const room = a.positionQty.abs().minus(pendingReduceOnly({ symbol: a.symbol, side, orders: a.orders, excludeOrderId: a.excludeOrderId }));
  return room.isNeg() ? dec(0) : room;
}
