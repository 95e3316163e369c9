// The order commands every screen sends, written once: new orders (from the order form, a position's
// close or take-profit), the reduce-only body that closes a position, and cancels. Each goes out over
// HTTP with the order stream's session id and reports its outcome through sendWithOutcome; all toasts
// of one order share its key, so the stream's fill toast replaces "Order placed".
import type { ApiClient } from '../api/client';
import type { NewOrderBody, Order, Side } from '../api/schemas';
import type { OrderStream } from '../api/stream/order-stream';
import { toWire, type Dec } from '../lib/decimal';
import { sendWithOutcome } from './send-with-outcome';

/** A client order id the toasts can key on (spec: ≤ 64 chars). */
export function newClientOrderId(): string {
  return `web-${crypto.randomUUID().replace(/-/g, '')}`;
}

/** The key order toasts share: the outcome toast of a command and the stream's fill toast replace each other. */
export function orderToastKey(clOrdId: string): string {
  return `order-${clOrdId}`;
}

/** "Buy 0.01 BTC-USD @ 95000", "Sell 0.5 ETH-USD at market". */
export function describeOrder(body: Pick<NewOrderBody, 'side' | 'qty' | 'symbol' | 'order_type' | 'price'>): string {
  const side = body.side === 'buy' ? 'Buy' : 'Sell';
  return `${side} ${body.qty} ${body.symbol}${body.order_type === 'limit' && body.price ? ` @ ${body.price}` : ' at market'}`;
}

/**
 * new_order, then its outcome from the order stream: "Order placed", or the service's own words for a
 * rejection (e.g. `alo order rejected`). Resolves true unless the service refused it.
 */
export function placeOrder(api: ApiClient, orderStream: OrderStream | null, body: NewOrderBody, what = describeOrder(body)): Promise<boolean> {
  return sendWithOutcome({
    send: (sessionId) => api.trade.newOrder(body, sessionId),
    stream: orderStream,
    what,
    key: body.cl_ord_id ? orderToastKey(body.cl_ord_id) : undefined,
  });
}

/** A reduce-only order that shrinks a position: at market (ioc) or resting at a limit price (gtc). */
export function reduceOrderBody(a: { symbol: string; side: Side; qty: Dec; price?: Dec }): NewOrderBody {
  const clOrdId = newClientOrderId();
  return a.price
    ? { symbol: a.symbol, side: a.side, order_type: 'limit', qty: toWire(a.qty), price: toWire(a.price), time_in_force: 'gtc', reduce_only: true, cl_ord_id: clOrdId }
    : { symbol: a.symbol, side: a.side, order_type: 'market', qty: toWire(a.qty), time_in_force: 'ioc', reduce_only: true, cl_ord_id: clOrdId };
}

const CANCEL_WORDS = { sent: 'Cancel requested', done: 'Cancel accepted', refused: 'Cancel refused' };

/** cancel_order for one open order, with its outcome under the order's own toast key. */
export function cancelOrder(api: ApiClient, orderStream: OrderStream | null, o: Order): Promise<boolean> {
  return sendWithOutcome({
    send: (sessionId) => api.trade.cancelOrder({ order_id: o.id }, sessionId),
    stream: orderStream,
    what: `${o.side === 'buy' ? 'Buy' : 'Sell'} ${o.qty} ${o.symbol}`,
    key: orderToastKey(o.cl_ord_id),
    words: CANCEL_WORDS,
  });
}
