// After an order command whose outcome is unknown (no answer within the timeout: a hung or
// unreachable exchange), the exchange itself is asked what became of the order, by the client order
// id the app gave it, until it answers — and the trader is told (issue 18 #1).
import { t } from '@lingui/core/macro';
import { isApiError, isNoAnswer } from '../api/errors';
import type { Order } from '../api/schemas';
import { toast } from '../stores/toasts';

/** What the exchange says became of an order whose command got no answer. */
export type OrderFate =
  | { kind: 'found'; order: Order }
  /** query_order answers "not found": the command never reached the book. */
  | { kind: 'missing' }
  /** Still no answer after every try (or an answer that tells nothing). */
  | { kind: 'unknown'; message: string };

/**
 * Waits between tries while the exchange does not answer: 1 s doubling to 16 s. With each try
 * bounded by the request timeout (10 s), a trader hears the final word within about 1½ minutes —
 * long enough to ride out a restart, short enough to stop guessing and point at Open orders.
 */
export const RECONCILE_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 16_000];

const sleepFor = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Asks `query` (query_order by cl_ord_id) until it answers; retries only no-answers and rate limits. */
export async function reconcileOrder(
  query: () => Promise<Order>,
  { delaysMs = RECONCILE_DELAYS_MS, sleep = sleepFor }: { delaysMs?: readonly number[]; sleep?: (ms: number) => Promise<void> } = {},
): Promise<OrderFate> {
  for (let attempt = 0; ; attempt++) {
    try {
      return { kind: 'found', order: await query() };
    } catch (e) {
      if (isApiError(e) && e.status === 404) return { kind: 'missing' };
      const retry = isNoAnswer(e) || (isApiError(e) && e.isRateLimited);
      if (!retry || attempt >= delaysMs.length) return { kind: 'unknown', message: messageOf(e) };
      await sleep(delaysMs[attempt]!);
    }
  }
}

type FateToast = { kind: 'success' | 'info' | 'warn' | 'error'; rank: number; title: string; body?: string };

/**
 * Which command got no answer: a new order (a close is one too), the cancel of one, or a whole-position
 * TP/SL (recorded `filled` at once when set: the same fate reads differently for each).
 */
export type UnknownCommand = 'order' | 'cancel' | 'tpsl';

/** The command as the trader names it: "TP/SL BTC-USD TP 97,000" for a TP/SL, else its words as they are. */
function named(what: string, command: UnknownCommand): string {
  return command === 'tpsl' ? t`TP/SL ${what}` : what;
}

/** A position TP/SL request as the exchange recorded it. */
function tpslFateToast(fate: Exclude<OrderFate, { kind: 'unknown' }>, what: string): FateToast {
  if (fate.kind === 'missing') {
    return { kind: 'info', rank: 1, title: t`TP/SL never arrived: ${what}`, body: t`The exchange has no such request: nothing was set. You can set it again.` };
  }
  const o = fate.order;
  if (o.status === 'rejected' || o.status === 'canceled') return { kind: 'error', rank: 1, title: t`TP/SL refused: ${what}`, ...(o.remark ? { body: o.remark } : {}) };
  return { kind: 'success', rank: 1, title: t`TP/SL set: ${what}`, body: t`It reached the exchange; the positions table shows it.` };
}

/** The toast that replaces "Outcome unknown — checking…" (same key), saying what happened. */
export function fateToast(fate: OrderFate, what: string, command: UnknownCommand = 'order'): FateToast {
  if (fate.kind === 'unknown') {
    const subject = named(what, command);
    const why = fate.message;
    const body =
      command === 'tpsl'
        ? t`The exchange is not answering (${why}). The positions table shows what is set.`
        : t`The exchange is not answering (${why}). Check Open orders and Order history.`;
    return { kind: 'warn', rank: 1, title: t`Outcome still unknown: ${subject}`, body };
  }
  if (command === 'tpsl') return tpslFateToast(fate, what);
  if (fate.kind === 'missing') {
    return command === 'cancel'
      ? { kind: 'info', rank: 1, title: t`Order not found: ${what}`, body: t`The exchange has no such order any more.` }
      : { kind: 'info', rank: 1, title: t`Never arrived: ${what}`, body: t`The exchange has no such order: nothing was placed. You can send it again.` };
  }
  const o = fate.order;
  const remark = o.remark ? { body: o.remark } : {};
  switch (o.status) {
    case 'filled':
      return command === 'cancel'
        ? { kind: 'info', rank: 1, title: t`Filled before the cancel: ${what}` }
        : { kind: 'success', rank: 1, title: t`Filled: ${what}`, body: t`It reached the exchange and filled.` };
    case 'canceled':
      // An immediate order (a market close) that filled in part: the rest is what was canceled.
      if (command === 'order' && Number(o.fill_qty) > 0) return { kind: 'info', rank: 1, title: t`Partly filled, the rest canceled: ${what}`, ...remark };
      return { kind: command === 'cancel' ? 'success' : 'info', rank: 1, title: t`Canceled: ${what}`, ...remark };
    case 'rejected':
      return { kind: 'error', rank: 1, title: t`Rejected: ${what}`, ...remark };
    default:
      return command === 'cancel'
        ? { kind: 'warn', rank: 1, title: t`Still open: ${what}`, body: t`The cancel did not take: the order is in Open orders.` }
        : { kind: 'success', rank: 1, title: t`Order placed: ${what}`, body: t`It reached the exchange and is in Open orders.` };
  }
}

/**
 * Says the outcome is unknown and being checked (a toast that stays), then reconciles and replaces it
 * with what happened. Runs on its own: the command that started it has already returned. `note`:
 * what the trader must still know whatever the fate (a close's canceled protection), on both toasts.
 */
export async function checkUnknownOrder(a: {
  query: () => Promise<Order>;
  what: string;
  key: string | undefined;
  why: string;
  command?: UnknownCommand;
  note?: string | undefined;
  sleep?: (ms: number) => Promise<void>;
}): Promise<OrderFate> {
  const command = a.command ?? 'order';
  const note = a.note ? ` ${a.note}` : '';
  const subject = named(a.what, command);
  const why = a.why;
  const checking = t`${subject}: ${why}. Asking the exchange what became of it.`;
  toast({ kind: 'warn', key: a.key, rank: 0, title: t`Outcome unknown — checking…`, body: `${checking}${note}` }, 0);
  const fate = await reconcileOrder(a.query, a.sleep ? { sleep: a.sleep } : {});
  const told = fateToast(fate, a.what, command);
  toast({ ...told, ...(note ? { body: `${told.body ?? ''}${note}`.trim() } : {}), key: a.key });
  return fate;
}
