import type { NewOrderBody } from '../../api/schemas';
import { toWire } from '../../lib/decimal';
import type { OrderDraft } from './order-draft';
import type { ValidatedOrder } from './order-validation';

/**
 * The new_order body for a validated draft: decimals as wire strings, market orders as ioc with
 * their slippage limit as the price (the worst price they may fill at), TP/SL only when set. Null
 * when the draft has errors.
 */
export function buildOrderBody(symbol: string, draft: OrderDraft, v: ValidatedOrder, clOrdId: string): NewOrderBody | null {
  if (Object.keys(v.errors).length > 0 || !v.qty) return null;
  const body: NewOrderBody = {
    symbol,
    side: draft.side,
    order_type: draft.type,
    qty: toWire(v.qty),
    time_in_force: draft.type === 'market' ? 'ioc' : draft.tif,
    reduce_only: draft.reduceOnly,
    cl_ord_id: clOrdId,
  };
  const price = draft.type === 'limit' ? v.limitPrice : v.marketLimit;
  if (!price) return null;
  body.price = toWire(price);
  if (v.tp) body.tp_price = toWire(v.tp);
  if (v.sl) body.sl_price = toWire(v.sl);
  return body;
}
