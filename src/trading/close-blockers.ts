// What stands in the way of closing a position at market: the reduce-only orders holding back its
// headroom (spec §4.1), how they are named in the toasts, and their cancel in one request.
import { plural, t } from '@lingui/core/macro';
import type { ApiClient } from '../api/client';
import type { Order, Position } from '../api/schemas';
import { dec } from '../lib/decimal';
import { show } from '../lib/display';
import { isLiveStatus } from '../lib/order-status';
import type { SymbolPlaces } from '../lib/notices';
import { isFiredClose } from '../lib/position-tpsl';
import { reducingSide } from '../lib/reduce-only';
import { failureOutcome, type Outcome } from './order-outcome';

/**
 * The reduce-only orders that hold back a closing order's headroom (spec §4.1): pending on the side
 * that reduces the position with something left to fill. Whole-position TP/SL children (qty 0)
 * close only what remains, so they never block and stay in place until the position is gone. A
 * TP/SL that has fired and still closes (held back by the protection band) is pending with the
 * position's size once fired, whole-position or not: it blocks, and is canceled first like the rest.
 */
export function closeBlockers(position: Pick<Position, 'symbol' | 'qty'>, orders: readonly Order[]): Order[] {
  const side = reducingSide(dec(position.qty));
  return orders.filter(
    (o) => o.symbol === position.symbol && o.reduce_only && o.side === side && isLiveStatus(o.status) && dec(o.qty).gt(dec(o.fill_qty)),
  );
}

/**
 * "TP 0.300 @ 99,000.0": at the symbol's places, as Open orders shows it; a TP/SL that has fired and
 * still closes says so, and how much it filled ("SL 0.500 @ 92,000.0 (triggered, 0.200 filled)").
 */
export function blockerLabel(o: Order, places: SymbolPlaces): string {
  const qty = show(o.qty, places.qty);
  const price = show(o.price, places.price);
  const label = o.source === 'tp' ? t`TP ${qty} @ ${price}` : o.source === 'sl' ? t`SL ${qty} @ ${price}` : t`Limit ${qty} @ ${price}`;
  if (!isFiredClose(o)) return label;
  const filled = show(o.fill_qty, places.qty);
  return dec(o.fill_qty).isZero() ? t`${label} (triggered)` : t`${label} (triggered, ${filled} filled)`;
}

/**
 * Cancels the reduce-only orders that block a close in one cancel_orders, and names them for the
 * toasts ("2 reduce-only orders (TP …, Sell …)"). No blockers: nothing sent, `cancel` null.
 */
export async function cancelCloseBlockers(api: ApiClient, blockers: readonly Order[], places: SymbolPlaces): Promise<{ cancel: Outcome | null; protection: string }> {
  const n = blockers.length;
  const list = blockers.map((o) => blockerLabel(o, places)).join(', ');
  const protection = t`${plural(n, { one: '# reduce-only order', other: '# reduce-only orders' })} (${list})`;
  if (n === 0) return { cancel: null, protection };
  try {
    await api.trade.cancelOrders({ order_id_list: blockers.map((o) => o.id) });
    return { cancel: { kind: 'done' }, protection };
  } catch (e) {
    return { cancel: failureOutcome(e), protection };
  }
}
