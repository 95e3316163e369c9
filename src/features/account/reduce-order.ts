import type { ApiClient } from '../../api/client';
import type { NewOrderBody, Side } from '../../api/schemas';
import type { OrderStream } from '../../api/stream/order-stream';
import { toWire, type Dec } from '../../lib/decimal';
import { sendWithOutcome } from '../../trading/send-with-outcome';

/** A reduce-only order that shrinks a position: at market (ioc) or resting at a limit price (gtc). */
export function reduceOrderBody(a: { symbol: string; side: Side; qty: Dec; price?: Dec }): NewOrderBody {
  const clOrdId = `web-${crypto.randomUUID().replace(/-/g, '')}`;
  return a.price
    ? { symbol: a.symbol, side: a.side, order_type: 'limit', qty: toWire(a.qty), price: toWire(a.price), time_in_force: 'gtc', reduce_only: true, cl_ord_id: clOrdId }
    : { symbol: a.symbol, side: a.side, order_type: 'market', qty: toWire(a.qty), time_in_force: 'ioc', reduce_only: true, cl_ord_id: clOrdId };
}

export function sendReduceOrder(api: ApiClient, orderStream: OrderStream | null, body: NewOrderBody, what: string): Promise<boolean> {
  return sendWithOutcome({
    send: (sessionId) => api.trade.newOrder(body, sessionId),
    stream: orderStream,
    what,
    key: body.cl_ord_id ? `order-${body.cl_ord_id}` : undefined,
  });
}
