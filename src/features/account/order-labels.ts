import type { Order } from '../../api/schemas';

/** How a trader names an order's kind: Limit, Market, Take profit, Stop loss, Liquidation. */
export function orderKind(o: Pick<Order, 'order_type' | 'source'>): string {
  if (o.source === 'tp') return 'Take profit';
  if (o.source === 'sl') return 'Stop loss';
  if (o.source === 'liquidation') return 'Liquidation';
  return o.order_type === 'limit' ? 'Limit' : 'Market';
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
