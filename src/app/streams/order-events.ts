import type { Order } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import type { Toast } from '../../stores/toasts';
import { orderToastKey } from '../../trading/order-commands';

function what(o: Order): string {
  const side = o.side === 'buy' ? 'Buy' : 'Sell';
  return `${side} ${o.qty} ${o.symbol}`;
}

/**
 * Which toast an `order` push deserves, given the version seen before (if any): fills (partial and
 * full), cancels, rejections with the service's remark, and liquidations. Null when nothing a trader
 * needs to hear about changed.
 */
export function orderEventToast(prev: Order | undefined, next: Order): Omit<Toast, 'id'> | null {
  const key = orderToastKey(next.cl_ord_id);
  const filledBefore = prev ? dec(prev.fill_qty) : dec(0);
  const filledNow = dec(next.fill_qty);
  const sameStatus = prev?.status === next.status;
  if (next.source === 'liquidation') {
    if (sameStatus && filledNow.eq(filledBefore)) return null;
    return { kind: 'warn', key, rank: 2, title: `Liquidation: ${what(next)}`, body: filledNow.gt(0) ? `Filled ${next.fill_qty} at ${next.fill_avg_price}` : next.remark || undefined };
  }
  if (filledNow.gt(filledBefore)) {
    if (next.status === 'filled') {
      return { kind: 'success', key, rank: 2, title: `Filled: ${what(next)}`, body: `Average price ${next.fill_avg_price}` };
    }
    return { kind: 'success', key, rank: 2, title: `Partially filled: ${what(next)}`, body: `${next.fill_qty} of ${next.qty} at ${next.fill_avg_price}` };
  }
  if (sameStatus) return null;
  if (next.status === 'canceled') {
    return { kind: 'info', key, rank: 2, title: `Canceled: ${what(next)}`, body: next.remark || undefined };
  }
  if (next.status === 'rejected') {
    return { kind: 'error', key, rank: 2, title: `Rejected: ${what(next)}`, body: next.remark || undefined };
  }
  return null;
}
