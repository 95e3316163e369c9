// Commands on an open position beyond a plain order: its whole-position TP/SL, the market close that
// always works, and closing every position. decisions.md "TP/SL and position protection" defines them.
import { plural, t } from '@lingui/core/macro';
import type { ApiClient } from '../api/client';
import type { NewOrderBody, Order, Position, Side } from '../api/schemas';
import { dec, toWire, type Dec } from '../lib/decimal';
import { show } from '../lib/display';
import { placesOf, type SymbolPlaces } from '../lib/notices';
import { reducingSide } from '../lib/reduce-only';
import { isFiredClose } from '../lib/position-tpsl';
import { splitQty } from '../lib/reverse-plan';
import { toast } from '../stores/toasts';
import { newClientOrderId, newOrderSends, orderToastKey, overStream, reduceOrderBody } from './order-commands';
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

/** The symbol's rules a close is split by: max_order_qty and the qty tick (query_symbol_info). */
export interface CloseSplit {
  maxOrderQty: Dec | string;
  qtyDecimals: number;
}

export interface MarketCloseInput {
  position: Pick<Position, 'symbol' | 'qty'>;
  /** The account's open orders, as the screen shows them. */
  orders: readonly Order[];
  /** The symbol's places, for the toasts' words (by default the cautious ones of lib/notices placesOf). */
  places?: SymbolPlaces | undefined;
  /** Told once a cancel that got no answer has been checked (positions and open orders re-read). */
  recheck?: (() => void) | undefined;
  /**
   * Splits a close larger than max_order_qty into orders the exchange takes (it refuses any order
   * above it, reduce-only included). Without it the close goes as one order.
   */
  split?: CloseSplit | undefined;
  /**
   * A share of the position (Close 25 % / 50 %): that size is closed and the protection stays in
   * place (nothing is canceled). Without it the whole position, after canceling what blocks it.
   */
  qty?: Dec | undefined;
  /** A price limit for a closing order on this side (the trader's slippage cap); none: the exchange's band. */
  limitFor?: ((side: Side) => Dec | undefined) | undefined;
  /** Waits between the parts of a split close. */
  paceMs?: number | undefined;
}

export interface CloseResult {
  symbol: string;
  /**
   * `closed`: every closing order was accepted (their fills come on the stream); `partial`: some
   * parts were, then one was refused and the rest not sent; `refused`: nothing was closed;
   * `unknown`: a step got no answer (being checked).
   */
  kind: 'closed' | 'partial' | 'refused' | 'unknown';
  /** What the trader needs to know when it is not `closed`. */
  detail?: string;
}

/** A reduce-only order still held back by a cancel the service has accepted but not yet applied. */
const HEADROOM_RACE = /headroom/i;
const RETRY_AFTER_MS = 400;
const PACE_MS = 100;

/** The latest close started for each symbol: a close checking an earlier cancel knows it is superseded. */
const latestClose = new Map<string, object>();

/**
 * Closes a whole position at market in one action, never flipping it: cancel the reduce-only orders
 * that block its headroom (cancel_orders), then reduce-only market orders for |qty| — one, or parts
 * of at most max_order_qty sent in order, stopping at the first that is not a success. Each step
 * tells the truth: a refused cancel closes nothing; a close refused after the cancel says the
 * protection is gone; a part refused after others says what was placed and what is left; no answer
 * is "unknown", never "refused" — to the cancel, checked order by order (check-close-cancel.ts); to a
 * closing order, by its cl_ord_id (reconcile-order.ts). With `qty`, a share is closed the same way,
 * without canceling anything.
 */
export async function marketClose(
  api: ApiClient,
  stream: OutcomeSource | null,
  { position, orders, places = placesOf(undefined, position.symbol), recheck, split, qty: share, limitFor, paceMs = PACE_MS }: MarketCloseInput,
): Promise<CloseResult> {
  const { symbol } = position;
  const run = {};
  latestClose.set(symbol, run);
  const qty = dec(position.qty);
  const side = reducingSide(qty);
  if (!side) return { symbol, kind: 'closed' };
  const blockers = share ? [] : closeBlockers(position, orders);
  const n = blockers.length;
  const { cancel, protection } = await cancelCloseBlockers(api, blockers, places);
  if (cancel) {
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

  const whole = share ? share.abs() : qty.abs();
  const parts = split ? splitQty(whole, split.qtyDecimals, split.maxOrderQty) : [whole];
  const count = parts.length;
  const size = show(whole, places.qty);
  const what = t`Close ${size} ${symbol} at market`;
  // One toast key for the whole close: its first order's.
  let key = '';
  const send = async (part: Dec, num: number): Promise<{ outcome: Outcome; clOrdId: string }> => {
    const limit = limitFor?.(side);
    const body: NewOrderBody = { ...reduceOrderBody({ symbol, side, qty: part }), ...(limit ? { price: toWire(limit) } : {}) };
    key ||= orderToastKey(body.cl_ord_id!);
    const partSize = show(part, places.qty);
    const sentWords = count > 1 ? t`Close sent: ${what} (order ${num} of ${count}, ${partSize})` : t`Close sent: ${what}`;
    const outcome = await orderOutcome({
      ...newOrderSends(api, stream, undefined, body),
      stream,
      sent: () => toast({ kind: 'info', key, rank: 0, title: sentWords }),
    });
    return { outcome, clOrdId: body.cl_ord_id! };
  };

  let placed = dec(0);
  let done = 0;
  let outcome: Outcome = { kind: 'done' };
  let clOrdId = '';
  for (const part of parts) {
    if (done > 0 && paceMs > 0) await new Promise((r) => setTimeout(r, paceMs));
    ({ outcome, clOrdId } = await send(part, done + 1));
    if (done === 0 && n > 0 && outcome.kind === 'refused' && HEADROOM_RACE.test(outcome.message)) {
      await new Promise((r) => setTimeout(r, RETRY_AFTER_MS));
      ({ outcome, clOrdId } = await send(part, done + 1));
    }
    if (outcome.kind !== 'done') break;
    placed = placed.plus(part);
    done++;
  }

  const canceled = n > 0 ? t`Your protection was canceled first: ${protection}.` : undefined;
  const maxSize = split ? show(split.maxOrderQty, places.qty) : '';
  if (outcome.kind === 'done') {
    const inParts = count > 1 ? t`In ${count} orders of at most ${maxSize}.` : undefined;
    toast({ kind: 'success', key, rank: 1, title: t`Close placed: ${what}`, body: [inParts, canceled].filter(Boolean).join(' ') || undefined });
    return { symbol, kind: 'closed' };
  }
  const { message } = outcome;
  const num = done + 1;
  const placedSize = show(placed, places.qty);
  // What stays open for sure: all but what was placed once refused; with no answer, the parts never
  // sent (the unanswered one may have filled).
  const unsent = outcome.kind === 'refused' ? whole.minus(placed) : whole.minus(placed).minus(parts[done]!);
  const unsentSize = show(unsent, places.qty);
  const left = !unsent.gt(0) ? undefined : outcome.kind === 'refused' ? t`${unsentSize} is still open.` : t`${unsentSize} was not sent and stays open.`;
  if (outcome.kind === 'unknown') {
    // No answer: the exchange is asked what became of that order, by the id we gave it, and says;
    // the canceled protection is told either way.
    const partWhat = count > 1 ? t`${what} (order ${num} of ${count})` : what;
    const note = [left, canceled].filter(Boolean).join(' ') || undefined;
    void checkUnknownOrder({ query: () => api.user.queryOrder({ cl_ord_id: clOrdId }), what: partWhat, key, why: message, note });
    const noAnswer =
      done > 0
        ? t`Placed ${placedSize} of ${size} (${done} of ${count} orders); no answer to order ${num} of ${count} (${message}); checking with the exchange whether it closed.`
        : count > 1
          ? t`No answer to order 1 of ${count} (${message}); checking with the exchange whether it closed.`
          : t`No answer (${message}); checking with the exchange whether it closed.`;
    const detail = [noAnswer, left, canceled].filter(Boolean).join(' ');
    return { symbol, kind: 'unknown', detail };
  }
  if (done > 0) {
    // Some parts went: the position is smaller, not closed; said with what is left.
    const refused = t`Placed ${placedSize} of ${size} (${done} of ${count} orders); order ${num} of ${count} was refused: ${message}.`;
    const detail = [refused, left, canceled && t`${canceled} The rest of the position is open without it.`].filter(Boolean).join(' ');
    toast({ kind: 'error', key, rank: 3, title: t`Close stopped: ${symbol} partly closed`, body: detail });
    return { symbol, kind: 'partial', detail };
  }
  // The exchange's reason, as it said it; then what became of the protection.
  const reason = count > 1 ? t`Order 1 of ${count} was refused: ${message}. Nothing was closed.` : `${message}.`;
  const detail = canceled ? t`${reason} ${canceled} The position is open without it.` : reason;
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
    /** Each symbol's max_order_qty and qty tick, to split a close larger than one order may be. */
    splitFor?: ((symbol: string) => CloseSplit | undefined) | undefined;
    recheck?: (() => void) | undefined;
    paceMs?: number | undefined;
  },
): Promise<CloseResult[]> {
  const results: CloseResult[] = [];
  for (const position of a.positions) {
    const { symbol } = position;
    results.push(await marketClose(api, stream, { position, orders: a.orders, places: a.placesFor?.(symbol), split: a.splitFor?.(symbol), recheck: a.recheck, paceMs: a.paceMs }));
  }
  const closed = results.filter((r) => r.kind === 'closed').length;
  const others = results.filter((r) => r.kind !== 'closed');
  const total = results.length;
  if (others.length === 0) toast({ kind: 'success', key: 'close-all', title: t`Close placed for all ${plural(closed, { one: '# position', other: '# positions' })}` });
  else {
    const line = ({ symbol, kind, detail = '' }: CloseResult) =>
      kind === 'refused' ? t`${symbol}: refused — ${detail}` : kind === 'partial' ? t`${symbol}: partly closed — ${detail}` : t`${symbol}: outcome unknown — ${detail}`;
    toast({
      kind: others.some((r) => r.kind === 'refused' || r.kind === 'partial') ? 'error' : 'warn',
      key: 'close-all',
      title: t`Closed ${closed} of ${total} positions`,
      body: others.map(line).join('\n'),
    });
  }
  return results;
}
