import { t } from '@lingui/core/macro';
import type { Order } from '../api/schemas';
import { toast } from '../stores/toasts';
import { orderOutcome, type OrderCommand } from './order-outcome';
import { checkUnknownOrder, type UnknownCommand } from './reconcile-order';

export type { OutcomeSource } from './order-outcome';

export interface SendWithOutcome extends Pick<OrderCommand, 'send' | 'sendOnStream' | 'stream'> {
  /** "Buy 0.01 BTC-USD @ 95000", "Cancel order 42". */
  what: string;
  /** Toast key; order toasts share `order-<cl_ord_id>` with the stream's fill toasts. */
  key?: string | undefined;
  words?: CommandWords;
  /**
   * Reads the order back (query_order) when the outcome is unknown: the trader is told "checking",
   * then what happened to the order (or to the cancel of it). Without it an unknown outcome is only
   * said to be unknown.
   */
  reconcile?: { query: () => Promise<Order>; command: UnknownCommand } | undefined;
}

/**
 * The titles of a command's toasts, each a whole sentence about `what` ("Order placed: Buy 0.01
 * BTC-USD @ 95,000.00"), worded when the toast is raised.
 */
export interface CommandWords {
  sent: (what: string) => string;
  done: (what: string) => string;
  refused: (what: string) => string;
}

const ORDER_WORDS: CommandWords = {
  sent: (what) => t`Order submitted: ${what}`,
  done: (what) => t`Order placed: ${what}`,
  refused: (what) => t`Order rejected: ${what}`,
};

/**
 * A command with its outcome told in toasts (orderOutcome does the sending and waiting): "submitted",
 * then "placed" or the service's own refusal (e.g. `alo order rejected`). No answer is never a
 * refusal: the outcome is unknown, and with `reconcile` it is checked and told in the background.
 * Resolves true unless the service refused it or nothing is known to have arrived; the caller's
 * "Sending…" ends within the outcome timeout either way.
 */
export async function sendWithOutcome({ send, sendOnStream, stream, what, key, words = ORDER_WORDS, reconcile }: SendWithOutcome): Promise<boolean> {
  const outcome = await orderOutcome({ send, sendOnStream, stream, sent: () => toast({ kind: 'info', key, rank: 0, title: words.sent(what) }) });
  if (outcome.kind === 'done') {
    // Accepted over HTTP with no stream to hear the outcome on: "submitted" is all that is known.
    if (!outcome.unconfirmed) toast({ kind: 'success', key, rank: 1, title: words.done(what) });
    return true;
  }
  if (outcome.kind === 'refused') {
    toast({ kind: 'error', key, rank: 3, title: words.refused(what), body: outcome.message });
    return false;
  }
  if (reconcile) void checkUnknownOrder({ ...reconcile, what, key, why: outcome.message });
  else {
    const why = outcome.message;
    toast({ kind: 'warn', key, rank: 0, title: t`Outcome unknown: ${what}`, body: t`${why}. It may or may not have reached the exchange.` });
  }
  return outcome.accepted === true;
}
