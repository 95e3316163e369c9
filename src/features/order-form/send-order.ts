import type { ApiClient } from '../../api/client';
import type { NewOrderBody } from '../../api/schemas';
import type { OrderStream } from '../../api/stream/order-stream';
import { sendWithOutcome } from '../../trading/send-with-outcome';

export function describeOrder(body: Pick<NewOrderBody, 'side' | 'qty' | 'symbol' | 'order_type' | 'price'>): string {
  const side = body.side === 'buy' ? 'Buy' : 'Sell';
  return `${side} ${body.qty} ${body.symbol}${body.order_type === 'limit' && body.price ? ` @ ${body.price}` : ' at market'}`;
}

/**
 * new_order with the order stream's session id, then the outcome from that stream: "Order placed",
 * or the service's own words for a rejection (e.g. `alo order rejected`). The toast key matches
 * the stream's fill toasts, so a fill replaces "placed".
 */
export function sendOrder(api: ApiClient, orderStream: OrderStream | null, body: NewOrderBody): Promise<boolean> {
  return sendWithOutcome({
    send: (sessionId) => api.trade.newOrder(body, sessionId),
    stream: orderStream,
    what: describeOrder(body),
    key: body.cl_ord_id ? `order-${body.cl_ord_id}` : undefined,
  });
}
