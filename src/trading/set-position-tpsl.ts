// A position's whole-position TP/SL (decisions.md "TP/SL and position protection"): one reduce-only
// qty-0 order carrying the trigger(s), its outcome told in toasts, a service without it said so.
import { t } from '@lingui/core/macro';
import type { ApiClient } from '../api/client';
import type { NewOrderBody } from '../api/schemas';
import { toWire, type Dec } from '../lib/decimal';
import { show } from '../lib/display';
import { reducingSide } from '../lib/reduce-only';
import { toast } from '../stores/toasts';
import { newClientOrderId, orderToastKey, overStream } from './order-commands';
import { orderOutcome, type Outcome, type OutcomeSource } from './order-outcome';
import { checkUnknownOrder } from './reconcile-order';

export interface PositionTpslInput {
  symbol: string;
  /** The position's signed size: the children sell a long, buy a short. */
  positionQty: Dec;
  tp?: Dec | undefined;
  sl?: Dec | undefined;
  /** The symbol's price places, for the toast's words. */
  priceDecimals: number;
}

/** What the editor needs back: whether the service offers position TP/SL at all. */
export type TpslOutcome = Outcome & { unsupported?: boolean };

/**
 * The whole-position TP/SL order: reduce-only, qty "0", market, ioc, with the trigger(s). qty 0 is
 * chosen so a service without the extension refuses it rather than doing something else.
 */
export function positionTpslBody(a: Pick<PositionTpslInput, 'symbol' | 'positionQty' | 'tp' | 'sl'>): NewOrderBody {
  const side = reducingSide(a.positionQty) ?? 'sell';
  return {
    symbol: a.symbol,
    side,
    order_type: 'market',
    qty: '0',
    time_in_force: 'ioc',
    reduce_only: true,
    cl_ord_id: newClientOrderId(),
    ...(a.tp ? { tp_price: toWire(a.tp) } : {}),
    ...(a.sl ? { sl_price: toWire(a.sl) } : {}),
  };
}

/** "BTC-USD TP 97,000 · SL 93,000", in the words of the moment it is told. */
export function describeTpsl(a: Pick<PositionTpslInput, 'symbol' | 'tp' | 'sl' | 'priceDecimals'>): string {
  const { symbol } = a;
  const tp = a.tp && show(a.tp, a.priceDecimals);
  const sl = a.sl && show(a.sl, a.priceDecimals);
  if (tp && sl) return t`${symbol} TP ${tp} · SL ${sl}`;
  if (tp) return t`${symbol} TP ${tp}`;
  if (sl) return t`${symbol} SL ${sl}`;
  return symbol;
}

/**
 * A refusal of the qty-0 order that says the service does not know whole-position TP/SL: it read
 * qty 0 as an order too small ("qty must be positive", "below min_order_qty"). A headroom refusal
 * also names qty but means something else.
 */
export function isPositionTpslUnsupported(message: string): boolean {
  return /\bqty\b|quantity|min_order|minimum/i.test(message) && !/headroom/i.test(message);
}

/**
 * new_order for a whole-position TP/SL, its outcome from the order stream, told in toasts; with no
 * answer, checked with query_order by its cl_ord_id (reconcile-order.ts) and told when known.
 */
export async function setPositionTpsl(api: ApiClient, stream: OutcomeSource | null, input: PositionTpslInput): Promise<TpslOutcome> {
  const body = positionTpslBody(input);
  const what = describeTpsl(input);
  const key = orderToastKey(body.cl_ord_id!);
  const outcome = await orderOutcome({
    send: (sessionId) => api.trade.newOrder(body, sessionId),
    sendOnStream: overStream(api, stream, undefined, (s, signer, at) => s.newOrder(body, signer, at)),
    stream,
    sent: () => toast({ kind: 'info', key, rank: 0, title: t`TP/SL sent: ${what}` }),
  });
  if (outcome.kind === 'done') toast({ kind: 'success', key, rank: 1, title: t`TP/SL set: ${what}` });
  // No answer: the exchange is asked what became of the request, by the id we gave it, and says.
  else if (outcome.kind === 'unknown') {
    const clOrdId = body.cl_ord_id!;
    void checkUnknownOrder({ query: () => api.user.queryOrder({ cl_ord_id: clOrdId }), what, key, why: outcome.message, command: 'tpsl' });
  }
  else if (isPositionTpslUnsupported(outcome.message)) {
    const { message } = outcome;
    toast({ kind: 'error', key, rank: 3, title: t`Position TP/SL is not offered by this service`, body: t`It refused the whole-position order: ${message}` });
    return { ...outcome, unsupported: true };
  } else toast({ kind: 'error', key, rank: 3, title: t`TP/SL refused: ${what}`, body: outcome.message });
  return outcome;
}
