// Commands on an open position beyond a plain order: its whole-position TP/SL, the market close that
// always works, and closing every position. decisions.md "TP/SL and position protection" defines them.
import { plural, t } from '@lingui/core/macro';
import type { ApiClient } from '../api/client';
import type { NewOrderBody, Order, Position } from '../api/schemas';
import { dec, toWire, type Dec } from '../lib/decimal';
import { show } from '../lib/display';
import { placesOf, type SymbolPlaces } from '../lib/notices';
import { reducingSide } from '../lib/reduce-only';
import { isFiredClose } from '../lib/position-tpsl';
import { toast } from '../stores/toasts';
import { newClientOrderId, orderToastKey, overStream, reduceOrderBody } from './order-commands';
import { failureOutcome, orderOutcome, type Outcome, type OutcomeSource } from './order-outcome';
import { checkCloseCancel } from './check-close-cancel';
import { checkUnknownOrder } from './reconcile-order';

const PENDING = new Set(['new', 'open', 'untriggered']);

// ---- position TP/SL

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

// ---- market close

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
    (o) => o.symbol === position.symbol && o.reduce_only && o.side === side && PENDING.has(o.status) && dec(o.qty).gt(dec(o.fill_qty)),
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

export interface MarketCloseInput {
  position: Pick<Position, 'symbol' | 'qty'>;
  /** The account's open orders, as the screen shows them. */
  orders: readonly Order[];
  /** The symbol's places, for the toasts' words (by default the cautious ones of lib/notices placesOf). */
  places?: SymbolPlaces | undefined;
  /** Told once a cancel that got no answer has been checked (positions and open orders re-read). */
  recheck?: (() => void) | undefined;
}

export interface CloseResult {
  symbol: string;
  /** `closed`: the closing order was accepted (its fill comes on the stream). */
  kind: 'closed' | 'refused' | 'unknown';
  /** What the trader needs to know when it is not `closed`. */
  detail?: string;
}

/** A reduce-only order still held back by a cancel the service has accepted but not yet applied. */
const HEADROOM_RACE = /headroom/i;
const RETRY_AFTER_MS = 400;

/** The latest close started for each symbol: a close checking an earlier cancel knows it is superseded. */
const latestClose = new Map<string, object>();

/**
 * Closes a whole position at market in one action, never flipping it: cancel the reduce-only orders
 * that block its headroom (cancel_orders), then a reduce-only market order for |qty|. Each step
 * tells the truth: a refused cancel closes nothing; a close refused after the cancel says the
 * protection is gone; no answer is "unknown", never "refused" — to the cancel, checked order by
 * order (check-close-cancel.ts); to the close, by its cl_ord_id (reconcile-order.ts).
 */
export async function marketClose(
  api: ApiClient,
  stream: OutcomeSource | null,
  { position, orders, places = placesOf(undefined, position.symbol), recheck }: MarketCloseInput,
): Promise<CloseResult> {
  const { symbol } = position;
  const run = {};
  latestClose.set(symbol, run);
  const qty = dec(position.qty);
  const side = reducingSide(qty);
  if (!side) return { symbol, kind: 'closed' };
  const blockers = closeBlockers(position, orders);
  const n = blockers.length;
  const list = blockers.map((o) => blockerLabel(o, places)).join(', ');
  const protection = t`${plural(n, { one: '# reduce-only order', other: '# reduce-only orders' })} (${list})`;

  if (n > 0) {
    let cancel: Outcome;
    try {
      await api.trade.cancelOrders({ order_id_list: blockers.map((o) => o.id) });
      cancel = { kind: 'done' };
    } catch (e) {
      cancel = failureOutcome(e);
    }
    if (cancel.kind === 'refused') {
      const { message } = cancel;
      const detail = t`The cancel of ${protection} was refused: ${message}. Nothing was closed.`;
      toast({ kind: 'error', key: `close-${symbol}`, title: t`Close not sent: ${symbol}`, body: detail });
      return { symbol, kind: 'refused', detail };
    }
    if (cancel.kind === 'unknown') {
      // Sending the close now could meet the blockers still standing (or, minutes later, a market
      // that moved): it waits for the trader, who is told where the protection stands once known.
      const check = checkCloseCancel({
        symbol,
        blockers,
        label: (o) => blockerLabel(o, places),
        query: (orderId) => api.user.queryOrder({ order_id: orderId }),
        why: cancel.message,
        key: `close-${symbol}`,
        superseded: () => latestClose.get(symbol) !== run,
      });
      void check.finally(() => recheck?.());
      const { message } = cancel;
      return { symbol, kind: 'unknown', detail: t`No answer to the cancel of ${protection} (${message}); checking with the exchange which are still open. The close was not sent.` };
    }
  }

  const size = show(qty.abs(), places.qty);
  const what = t`Close ${size} ${symbol} at market`;
  const send = async (): Promise<{ outcome: Outcome; key: string; clOrdId: string }> => {
    const body = reduceOrderBody({ symbol, side, qty: qty.abs() });
    const key = orderToastKey(body.cl_ord_id!);
    const outcome = await orderOutcome({
      send: (sessionId) => api.trade.newOrder(body, sessionId),
      sendOnStream: overStream(api, stream, undefined, (s, signer, at) => s.newOrder(body, signer, at)),
      stream,
      sent: () => toast({ kind: 'info', key, rank: 0, title: t`Close sent: ${what}` }),
    });
    return { outcome, key, clOrdId: body.cl_ord_id! };
  };
  let { outcome, key, clOrdId } = await send();
  if (n > 0 && outcome.kind === 'refused' && HEADROOM_RACE.test(outcome.message)) {
    await new Promise((r) => setTimeout(r, RETRY_AFTER_MS));
    ({ outcome, key, clOrdId } = await send());
  }
  const canceled = n > 0 ? t`Your protection was canceled first: ${protection}.` : undefined;
  if (outcome.kind === 'done') {
    toast({ kind: 'success', key, rank: 1, title: t`Close placed: ${what}`, body: canceled });
    return { symbol, kind: 'closed' };
  }
  const { message } = outcome;
  if (outcome.kind === 'unknown') {
    // No answer: the exchange is asked what became of the close, by the id we gave it, and says;
    // the canceled protection is told either way.
    void checkUnknownOrder({ query: () => api.user.queryOrder({ cl_ord_id: clOrdId }), what, key, why: message, note: canceled });
    const detail = canceled
      ? t`No answer (${message}); checking with the exchange whether it closed. ${canceled}`
      : t`No answer (${message}); checking with the exchange whether it closed.`;
    return { symbol, kind: 'unknown', detail };
  }
  // The exchange's reason, as it said it; then what became of the protection.
  const detail = canceled ? t`${message}. ${canceled} The position is open without it.` : `${message}.`;
  toast({ kind: 'error', key, rank: 3, title: t`Close refused: ${what}`, body: detail });
  return { symbol, kind: 'refused', detail };
}

/**
 * Every position closed at market, one after the other (each with the market close above), and one
 * toast that sums up which closed and which did not.
 */
export async function closeAllPositions(
  api: ApiClient,
  stream: OutcomeSource | null,
  a: {
    positions: readonly Pick<Position, 'symbol' | 'qty'>[];
    orders: readonly Order[];
    placesFor?: ((symbol: string) => SymbolPlaces) | undefined;
    recheck?: (() => void) | undefined;
  },
): Promise<CloseResult[]> {
  const results: CloseResult[] = [];
  for (const position of a.positions) results.push(await marketClose(api, stream, { position, orders: a.orders, places: a.placesFor?.(position.symbol), recheck: a.recheck }));
  const closed = results.filter((r) => r.kind === 'closed').length;
  const others = results.filter((r) => r.kind !== 'closed');
  const total = results.length;
  if (others.length === 0) toast({ kind: 'success', key: 'close-all', title: t`Close placed for all ${plural(closed, { one: '# position', other: '# positions' })}` });
  else {
    const line = ({ symbol, kind, detail = '' }: CloseResult) => (kind === 'refused' ? t`${symbol}: refused — ${detail}` : t`${symbol}: outcome unknown — ${detail}`);
    toast({
      kind: others.some((r) => r.kind === 'refused') ? 'error' : 'warn',
      key: 'close-all',
      title: t`Closed ${closed} of ${total} positions`,
      body: others.map(line).join('\n'),
    });
  }
  return results;
}
