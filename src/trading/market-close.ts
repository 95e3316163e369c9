// The market close that always works (decisions.md "TP/SL and position protection"): cancel what
// blocks the position's headroom, then reduce-only market orders, each step's outcome told truthfully.
import { t } from '@lingui/core/macro';
import type { ApiClient } from '../api/client';
import type { NewOrderBody, Order, Position, Side } from '../api/schemas';
import { dec, toWire, type Dec } from '../lib/decimal';
import { show } from '../lib/display';
import { placesOf, type SymbolPlaces } from '../lib/notices';
import { reducingSide } from '../lib/reduce-only';
import { splitQty } from '../lib/reverse-plan';
import { toast } from '../stores/toasts';
import { blockerLabel, cancelCloseBlockers, closeBlockers } from './close-blockers';
import { newOrderSends, orderToastKey, reduceOrderBody } from './order-commands';
import { orderOutcome, type Outcome, type OutcomeSource } from './order-outcome';
import { checkCloseCancel } from './check-close-cancel';
import { checkUnknownOrder } from './reconcile-order';

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
