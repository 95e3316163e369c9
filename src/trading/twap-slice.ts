// One TWAP slice on the wire: an IOC limit order at the slippage cap, sent the way every order goes
// (order-commands.ts newOrderSends / orderOutcome: the order stream when logged in, else HTTP), then
// read back by its client order id for what it filled. No toast per slice: the TWAP's panel shows
// each one, and the stream's fill toast still tells each fill.
import { t } from '@lingui/core/macro';
import type { ApiClient } from '../api/client';
import type { NewOrderBody, Order } from '../api/schemas';
import type { OrderStream } from '../api/stream/order-stream';
import { dec } from '../lib/decimal';
import { isFinalStatus } from '../lib/order-status';
import { newOrderSends } from './order-commands';
import { orderOutcome } from './order-outcome';
import { reconcileOrder } from './reconcile-order';
import type { SliceOutcome } from './twap-machine';

/** An IOC order is final as soon as it has met the book; a read-back that still finds it open asks again this often. */
const SETTLE_DELAYS_MS = [200, 400, 800, 1_600];
/** query_order can lag an order the exchange has just accepted: a 404 for one is asked again this often. */
const LAG_DELAYS_MS = [500, 1_000, 2_000];

const sleepFor = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** What an order record says a slice did. */
export function outcomeOfOrder(o: Pick<Order, 'status' | 'fill_qty' | 'fill_avg_price' | 'remark'>): SliceOutcome {
  if (o.status === 'rejected') return { kind: 'refused', message: o.remark || t`Rejected by the exchange` };
  const qty = o.fill_qty;
  return { kind: 'filled', qty, avgPrice: dec(qty).gt(0) ? o.fill_avg_price : null };
}

/**
 * Reads a slice back by its client order id until the exchange has finished with it: the fill, a
 * rejection, "never arrived" (nothing was placed: refused in the TWAP's terms, so it pauses and
 * says so), or still unknown. An order still not final after the waits stays unknown (in flight:
 * it may yet fill, so the TWAP pauses and never sizes past it). `accepted`: the exchange took the
 * slice, so a "not found" is query_order lagging, never "nothing was placed": asked again a few
 * times, then unknown.
 */
export async function readSlice(api: ApiClient, clOrdId: string, sleep = sleepFor, accepted = false): Promise<SliceOutcome> {
  for (let i = 0, lag = 0; ; ) {
    const fate = await reconcileOrder(() => api.user.queryOrder({ cl_ord_id: clOrdId }), { sleep });
    if (fate.kind === 'missing') {
      if (!accepted) return { kind: 'refused', message: t`The exchange has no such order: nothing was placed` };
      if (lag >= LAG_DELAYS_MS.length) return { kind: 'unknown', accepted: true, message: t`The exchange took the slice but does not show it yet` };
      await sleep(LAG_DELAYS_MS[lag++]!);
      continue;
    }
    if (fate.kind === 'unknown') return { kind: 'unknown', message: fate.message, ...(accepted ? { accepted } : {}) };
    // An IOC order ends filled (in whole or part), canceled (its rest) or rejected.
    if (isFinalStatus(fate.order.status)) return outcomeOfOrder(fate.order);
    // Found, so placed, whatever a later read says.
    accepted = true;
    if (i >= SETTLE_DELAYS_MS.length) return { kind: 'unknown', accepted: true, message: t`The slice is still open on the exchange` };
    await sleep(SETTLE_DELAYS_MS[i++]!);
  }
}

/** Sends one slice and learns what it did: the service's refusal in its words, or the fill read back. */
export async function sendSlice(api: ApiClient, orderStream: OrderStream | null, body: NewOrderBody, sleep = sleepFor): Promise<SliceOutcome> {
  const outcome = await orderOutcome({
    ...newOrderSends(api, orderStream, undefined, body),
    stream: orderStream,
  });
  if (outcome.kind === 'refused') return { kind: 'refused', message: outcome.message };
  // Done or unknown: the exchange itself says what filled (an unknown one may or may not be there;
  // a done one, or one HTTP accepted, is there even when query_order does not show it yet).
  const accepted = outcome.kind === 'done' || outcome.accepted === true;
  return readSlice(api, body.cl_ord_id!, sleep, accepted);
}
