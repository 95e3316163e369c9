// Reverse a position in one action (issue 30): the plan of lib/reverse-plan.ts sent part by part —
// reduce-only market orders that close it, then market orders that open the other side — stopping at
// the first part that is not a success, so a failure leaves the trader smaller, never larger. One
// toast (keyed by the symbol) says where it is going, then what happened and where the position is.
import { t } from '@lingui/core/macro';
import type { ApiClient } from '../api/client';
import type { NewOrderBody, Order, Position, Side } from '../api/schemas';
import { dec, toWire, type Dec } from '../lib/decimal';
import { show } from '../lib/display';
import type { SymbolPlaces } from '../lib/notices';
import type { ReverseOrder } from '../lib/reverse-plan';
import { toast } from '../stores/toasts';
import { newClientOrderId, newOrderSends } from './order-commands';
import { orderOutcome, type Outcome, type OutcomeSource } from './order-outcome';
import { cancelCloseBlockers, closeBlockers } from './close-blockers';
import { reconcileOrder } from './reconcile-order';

export interface ReverseInput {
  position: Pick<Position, 'symbol' | 'qty'>;
  /** The plan's two halves (reversePlan: ok). */
  close: readonly ReverseOrder[];
  open: readonly ReverseOrder[];
  /** The account's open orders, as the screen shows them: reduce-only ones that block the close are canceled first. */
  orders: readonly Order[];
  /** A market order's price limit on this side: the trader's slippage cap from the mark (none: the exchange's band). */
  limitFor: (side: Side) => Dec | undefined;
  places: SymbolPlaces;
  /** Waits between parts (tests: 0); keeps a long split well under the rate limit. */
  paceMs?: number;
  /** Waits before re-reading a position a fill has not reached yet. */
  settleMs?: number;
}

/**
 * `reversed`: the opposite position is there; `stopped`: a part was refused or got no answer, or
 * filled short, and nothing was sent after it; `not_sent`: the protection in the way could not be
 * canceled, nothing was sent. `now`: the position read back after (null: could not be read).
 */
export interface ReverseResult {
  kind: 'reversed' | 'stopped' | 'not_sent';
  now: Dec | null;
}

let runs = 0;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** A reduce-only order still held back by a cancel the service has accepted but not yet applied. */
const HEADROOM_RACE = /headroom/i;

/** "long 0.100 BTC", "short 0.100 BTC", "flat": a position in words, side never by colour. */
export function positionWords(qty: Dec, places: SymbolPlaces): string {
  const size = show(qty.abs(), places.qty);
  if (qty.isZero()) return t`flat`;
  return qty.gt(0) ? t`long ${size}` : t`short ${size}`;
}

/** The market order of one part: ioc, at most to the slippage cap. */
export function partBody(symbol: string, o: ReverseOrder, limit: Dec | undefined): NewOrderBody {
  return {
    symbol,
    side: o.side,
    order_type: 'market',
    qty: toWire(o.qty),
    ...(limit ? { price: toWire(limit) } : {}),
    time_in_force: 'ioc',
    reduce_only: o.reduceOnly,
    cl_ord_id: newClientOrderId(),
  };
}

async function readPosition(api: ApiClient, symbol: string): Promise<Dec | null> {
  try {
    const list = await api.user.queryPositions(symbol);
    return dec(list.find((p) => p.symbol === symbol)?.qty ?? '0');
  } catch {
    return null;
  }
}

/** The position once the fills have reached it: re-read a few times while it is not yet `expected`. */
async function settledPosition(api: ApiClient, symbol: string, expected: Dec, settleMs: number): Promise<Dec | null> {
  let now: Dec | null = null;
  for (let i = 0; i < 4; i++) {
    now = await readPosition(api, symbol);
    if (now?.eq(expected)) return now;
    await sleep(settleMs);
  }
  return now;
}

/** One part sent, its outcome; no answer is asked back by its cl_ord_id: a part counts as done only if it filled in full. */
async function sendPart(api: ApiClient, stream: OutcomeSource | null, body: NewOrderBody): Promise<Outcome> {
  const outcome = await orderOutcome({
    ...newOrderSends(api, stream, undefined, body),
    stream,
  });
  if (outcome.kind !== 'unknown') return outcome;
  const fate = await reconcileOrder(() => api.user.queryOrder({ cl_ord_id: body.cl_ord_id! }));
  if (fate.kind === 'found' && fate.order.status === 'filled' && dec(fate.order.fill_qty).eq(dec(body.qty))) return { kind: 'done' };
  if (fate.kind === 'found' && fate.order.status === 'rejected') return { kind: 'refused', message: fate.order.remark };
  return outcome;
}

/**
 * Sends the reverse: cancels the reduce-only orders that would block the close (as the market close
 * does), then the closing parts; checks the position is flat before opening; then the opening parts.
 * Stops at the first part refused, unanswered or filled short, and says where the position is.
 */
export async function reversePosition(api: ApiClient, stream: OutcomeSource | null, input: ReverseInput): Promise<ReverseResult> {
  const { position, places, paceMs = 100, settleMs = 250 } = input;
  const { symbol } = position;
  const from = dec(position.qty);
  // Its own key: the words of an earlier reverse (a higher rank) would hold back this one's progress.
  const key = `reverse-${symbol}-${++runs}`;
  const fromWords = positionWords(from, places);
  const toWords = positionWords(from.neg(), places);
  toast({ kind: 'info', key, rank: 0, title: t`Reversing ${symbol}: ${fromWords} → ${toWords}` });

  const blockers = closeBlockers(position, input.orders);
  const n = blockers.length;
  const { cancel, protection } = await cancelCloseBlockers(api, blockers, places);
  if (cancel) {
    if (cancel.kind !== 'done') {
      const { message } = cancel;
      const body =
        cancel.kind === 'refused'
          ? t`The cancel of ${protection} was refused: ${message}. Nothing was closed or opened.`
          : t`No answer to the cancel of ${protection} (${message}). Nothing was closed or opened: check Open orders for which are still open.`;
      toast({ kind: cancel.kind === 'refused' ? 'error' : 'warn', key, rank: 1, title: t`Reverse not sent: ${symbol}`, body });
      return { kind: 'not_sent', now: from };
    }
  }
  const canceled = n > 0 ? t`Your protection was canceled first: ${protection}.` : '';
  // A whole-position TP/SL (qty 0) never blocks the close; the exchange cancels it once the position
  // is flat, so the new position starts without one — said, so it is not thought protected.
  const whole = input.orders.some((o) => o.symbol === symbol && o.reduce_only && o.status === 'untriggered' && dec(o.qty).isZero() && (o.source === 'tp' || o.source === 'sl'));

  // Why it stopped, in a sentence; empty while all goes well.
  let why = '';
  const parts = [...input.close, ...input.open];
  for (let i = 0; i < parts.length && !why; i++) {
    const o = parts[i]!;
    const closing = i < input.close.length;
    const num = closing ? i + 1 : i + 1 - input.close.length;
    const of = closing ? input.close.length : input.open.length;
    if (i > 0) await sleep(paceMs);
    let outcome = await sendPart(api, stream, partBody(symbol, o, input.limitFor(o.side)));
    if (i === 0 && n > 0 && outcome.kind === 'refused' && HEADROOM_RACE.test(outcome.message)) {
      await sleep(400);
      outcome = await sendPart(api, stream, partBody(symbol, o, input.limitFor(o.side)));
    }
    if (outcome.kind !== 'done') {
      const { message } = outcome;
      if (outcome.kind === 'refused') why = closing ? t`Closing order ${num} of ${of} was refused: ${message}.` : t`Opening order ${num} of ${of} was refused: ${message}.`;
      else why = closing ? t`No answer to closing order ${num} of ${of} (${message}).` : t`No answer to opening order ${num} of ${of} (${message}).`;
      break;
    }
    // The close must have left the trader flat before anything opens: a close that filled short
    // (the book within the slippage cap ran out) stops here.
    if (closing && num === of) {
      const now = await settledPosition(api, symbol, dec(0), settleMs);
      if (!now?.isZero()) why = t`The closing orders did not close the whole position, so nothing was opened.`;
    }
  }

  // Stopped: read once, as it is; else wait for the fills to reach the position.
  const now = why ? await readPosition(api, symbol) : await settledPosition(api, symbol, from.neg(), settleMs);
  const nowWords = now ? positionWords(now, places) : t`unknown (positions could not be read)`;
  const unprotected = whole && now !== null && !now.eq(from) ? t`The whole-position TP/SL ended with the old position: set one again for the new one.` : '';
  if (!why && now?.eq(from.neg())) {
    toast({ kind: 'success', key, rank: 1, title: t`Reversed: ${symbol} ${fromWords} → ${toWords}`, body: [canceled, unprotected].filter(Boolean).join(' ') || undefined });
    return { kind: 'reversed', now };
  }
  if (!why) why = t`The opening orders did not fill in full.`;
  const body = [why, t`Asked: ${toWords}.`, canceled, unprotected].filter(Boolean).join(' ');
  const flatAfterClose = now?.isZero() === true;
  const title = flatAfterClose ? t`Reverse stopped after closing: ${symbol} is flat; nothing opened` : t`Reverse stopped: ${symbol} now ${nowWords}`;
  toast({ kind: 'error', key, rank: 1, title, body });
  return { kind: 'stopped', now };
}
