// The order commands every screen sends, written once: new orders (from the order form, a position's
// close or take-profit), the reduce-only body that closes a position, and cancels. Each goes out over
// the order response stream when it is logged in (signed with the session key), else over HTTP with
// the stream's session id (order-path.ts), and reports its outcome through sendWithOutcome; all toasts
// of one order share its key, so the stream's fill toast replaces "Order placed".
import { t } from '@lingui/core/macro';
import type { ApiClient } from '../api/client';
import type { NewOrderBody, Order, Side } from '../api/schemas';
import type { BodySigner } from '../api/signing';
import { OrderStream } from '../api/stream/order-stream';
import { toWire, type Dec } from '../lib/decimal';
import { show } from '../lib/display';
import { placesOf, type SymbolPlaces } from '../lib/notices';
import { currentCredentials } from '../wallet/session-store';
import { rememberSent } from './sent-orders';
import { chooseOrderPath, type OrderPath } from './order-path';
import type { OrderCommand, OutcomeSource } from './order-outcome';
import { sendWithOutcome, type CommandWords } from './send-with-outcome';

/** A client order id the toasts can key on (spec: ≤ 64 chars). */
export function newClientOrderId(): string {
  return `web-${crypto.randomUUID().replace(/-/g, '')}`;
}

/** The key order toasts share: the outcome toast of a command and the stream's fill toast replace each other. */
export function orderToastKey(clOrdId: string): string {
  return `order-${clOrdId}`;
}

/**
 * "Buy 0.010 BTC-USD @ 95,000.00", "Sell 0.500 ETH-USD at market": at the symbol's places, as the
 * book and the order form show them (what was typed, "95000", would read differently from the fill).
 */
export function describeOrder(body: Pick<NewOrderBody, 'side' | 'qty' | 'symbol' | 'order_type' | 'price'>, places: SymbolPlaces): string {
  const qty = show(body.qty, places.qty);
  const symbol = body.symbol;
  if (body.order_type === 'limit' && body.price) {
    const price = show(body.price, places.price);
    return body.side === 'buy' ? t`Buy ${qty} ${symbol} @ ${price}` : t`Sell ${qty} ${symbol} @ ${price}`;
  }
  return body.side === 'buy' ? t`Buy ${qty} ${symbol} at market` : t`Sell ${qty} ${symbol} at market`;
}

/**
 * The command over the socket, when the stream is the path to take and a session key can sign it;
 * signed on the same server-aligned clock as HTTP bodies. Undefined: HTTP carries it.
 */
export function overStream(
  api: ApiClient,
  orderStream: OutcomeSource | null,
  path: OrderPath | undefined,
  send: (stream: OrderStream, signer: BodySigner, at: number) => Promise<string>,
): (() => Promise<string>) | undefined {
  if (!(orderStream instanceof OrderStream) || chooseOrderPath(orderStream, path) !== 'stream') return undefined;
  const creds = currentCredentials();
  if (!creds) return undefined;
  return () => send(orderStream, creds.signer, api.transport.now());
}

/**
 * The two ways a new order leaves (orderOutcome's `send` and `sendOnStream`), the order remembered
 * first as one this tab sent, so that a fill whose push never comes is read back (sent-orders.ts).
 */
export function newOrderSends(api: ApiClient, orderStream: OutcomeSource | null, path: OrderPath | undefined, body: NewOrderBody): Pick<OrderCommand, 'send' | 'sendOnStream'> {
  rememberSent(api, body.cl_ord_id);
  return {
    send: (sessionId) => api.trade.newOrder(body, sessionId),
    sendOnStream: overStream(api, orderStream, path, (s, signer, at) => s.newOrder(body, signer, at)),
  };
}

/**
 * new_order (`order:new` on the stream, or HTTP), then its outcome from the order stream: "Order
 * placed", or the service's own words for a rejection (e.g. `alo order rejected`). Resolves true
 * unless the service refused it. `path` forces one way (the bench, tests); by default the preferred.
 */
export function placeOrder(
  api: ApiClient,
  orderStream: OrderStream | null,
  body: NewOrderBody,
  what = describeOrder(body, placesOf(undefined, body.symbol)),
  path?: OrderPath,
): Promise<boolean> {
  return sendWithOutcome({
    ...newOrderSends(api, orderStream, path, body),
    stream: orderStream,
    what,
    key: body.cl_ord_id ? orderToastKey(body.cl_ord_id) : undefined,
    // No answer: ask the exchange what became of it by the id we gave it.
    reconcile: body.cl_ord_id ? { query: () => api.user.queryOrder({ cl_ord_id: body.cl_ord_id! }), command: 'order' } : undefined,
  });
}

/** A reduce-only order that shrinks a position: at market (ioc) or resting at a limit price (gtc). */
export function reduceOrderBody(a: { symbol: string; side: Side; qty: Dec; price?: Dec }): NewOrderBody {
  const clOrdId = newClientOrderId();
  return a.price
    ? { symbol: a.symbol, side: a.side, order_type: 'limit', qty: toWire(a.qty), price: toWire(a.price), time_in_force: 'gtc', reduce_only: true, cl_ord_id: clOrdId }
    : { symbol: a.symbol, side: a.side, order_type: 'market', qty: toWire(a.qty), time_in_force: 'ioc', reduce_only: true, cl_ord_id: clOrdId };
}

const CANCEL_WORDS: CommandWords = {
  sent: (what) => t`Cancel requested: ${what}`,
  done: (what) => t`Cancel accepted: ${what}`,
  refused: (what) => t`Cancel refused: ${what}`,
};

/** "Buy 0.010 BTC-USD": the order a cancel is about, at the symbol's places. */
function describeCancel(o: Pick<Order, 'side' | 'qty' | 'symbol'>, places: SymbolPlaces): string {
  const qty = show(o.qty, places.qty);
  const symbol = o.symbol;
  return o.side === 'buy' ? t`Buy ${qty} ${symbol}` : t`Sell ${qty} ${symbol}`;
}

/** cancel_order (`order:cancel` on the stream, or HTTP) for one open order, its outcome under the order's own toast key. */
export function cancelOrder(
  api: ApiClient,
  orderStream: OrderStream | null,
  o: Order,
  places = placesOf(undefined, o.symbol),
  path?: OrderPath,
): Promise<boolean> {
  return sendWithOutcome({
    send: (sessionId) => api.trade.cancelOrder({ order_id: o.id }, sessionId),
    sendOnStream: overStream(api, orderStream, path, (s, signer, at) => s.cancelOrder({ order_id: o.id }, signer, at)),
    stream: orderStream,
    what: describeCancel(o, places),
    key: orderToastKey(o.cl_ord_id),
    words: CANCEL_WORDS,
    reconcile: { query: () => api.user.queryOrder({ order_id: o.id }), command: 'cancel' },
  });
}
