import type { Order } from '../../api/schemas';
import { isFiredClose, isWholePosition } from '../../lib/position-tpsl';

/**
 * The request that sets a position TP/SL (decisions.md: a reduce-only qty "0" order carrying the
 * triggers). The exchange records it as done at once; its children are the protection.
 */
export function isPositionTpslRequest(o: Pick<Order, 'source' | 'qty' | 'reduce_only'>): boolean {
  return o.source === 'user' && o.reduce_only && isWholePosition(o);
}

/** How a trader names an order's kind: Limit, Market, Take profit, Stop loss, Liquidation, Position TP/SL. */
export function orderKind(o: Pick<Order, 'order_type' | 'source' | 'qty' | 'reduce_only'>): string {
  if (isPositionTpslRequest(o)) return 'Position TP/SL';
  if (o.source === 'tp') return 'Take profit';
  if (o.source === 'sl') return 'Stop loss';
  if (o.source === 'liquidation') return 'Liquidation';
  return o.order_type === 'limit' ? 'Limit' : 'Market';
}

/**
 * The status as the trader reads it; a position TP/SL request that went through is "Set", not
 * "Filled"; a TP/SL that has fired and still closes says so, and that the protection band holds
 * back the rest once it does (status `open`).
 */
export function statusLabel(o: Pick<Order, 'status' | 'source' | 'qty' | 'reduce_only'>): string {
  if (isPositionTpslRequest(o) && o.status === 'filled') return 'Set';
  if (isFiredClose(o)) return o.status === 'open' ? FIRED_WAITING : 'Triggered — closing';
  return STATUS_LABEL[o.status];
}

/** A fired TP/SL the band has left partly unfilled: tried again on the next ticks. */
export const FIRED_WAITING = 'Triggered — waiting for a price within the protection band';

/**
 * The price cell of an order: a market order's "Market", or the trigger of a TP/SL, labelled so
 * once it has fired (its price stays the trigger, it fills at what the band allows).
 */
export function priceLabel(o: Pick<Order, 'order_type' | 'status' | 'source'>, shownPrice: string): string {
  if (isFiredClose(o)) return `Trigger ${shownPrice}`;
  return o.order_type === 'market' && o.status !== 'untriggered' ? 'Market' : shownPrice;
}

/** An order's size at its precision; qty "0" on a TP/SL is the whole position. */
export function sizeLabel(qty: string, shown: string): string {
  return isWholePosition({ qty }) ? 'Whole position' : shown;
}

export const STATUS_LABEL: Record<Order['status'], string> = {
  new: 'New',
  open: 'Open',
  filled: 'Filled',
  canceled: 'Canceled',
  rejected: 'Rejected',
  untriggered: 'Waiting for trigger',
};

export const TIF_LABEL: Record<Order['time_in_force'], string> = { gtc: 'GTC', ioc: 'IOC', alo: 'Post only' };
