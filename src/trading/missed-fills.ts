// A fill whose push never reached the page is still told. The account stream's `order` pushes raise
// the fill toasts (app/streams/use-user-feed.ts), and a push is only sent on a subscribed channel: a
// market order sent right after sign-in can fill before the order channel is subscribed, and a resting
// order can fill while the socket is down. So every order this tab sends is remembered
// (stores/sent-orders.ts), and each time the account stream subscribes again its unsettled orders are
// read back with query_order and told through the same path as a push: told once, whichever comes first.
import type { ApiClient } from '../api/client';
import { isApiError } from '../api/errors';
import type { Order } from '../api/schemas';
import { sentOrders, type SentOrder } from '../stores/sent-orders';

/** An order in one of these states changes no more. */
const SETTLED = new Set(['filled', 'canceled', 'rejected']);
/** The sent orders remembered (oldest forgotten first). */
const REMEMBERED = 100;
/** The most recent unsettled orders read back at one subscribe. */
const READ_BACK_MAX = 20;
/** Between two reads: 10 a second, well under the rate limit (≈ 22/s) beside the reconnect's own read-back. */
const PACE_MS = 100;
/** An order the exchange has not heard of this long after it was sent never arrived (refused, or lost). */
const NEVER_ARRIVED_MS = 30_000;
/** An order still on its way (not found yet, or `new`) is read once more after this. */
const SECOND_LOOK_MS = 2_000;

const sleepFor = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const settled = (s: SentOrder) => s.told !== undefined && SETTLED.has(s.told.status);

/** The API the orders were sent through (one per tab), to ask after them. */
let exchange: Pick<ApiClient, 'user'> | null = null;

/** Remembers an order this tab is about to send (before it leaves: its push may beat the answer). */
export function rememberSent(api: Pick<ApiClient, 'user'>, clOrdId: string | undefined, now = Date.now()): void {
  if (!clOrdId) return;
  exchange = api;
  for (const [id, s] of sentOrders) if (settled(s)) sentOrders.delete(id);
  sentOrders.set(clOrdId, { sentAt: now, told: undefined });
  while (sentOrders.size > REMEMBERED) sentOrders.delete(sentOrders.keys().next().value!);
}

/** The orders being read back now: two passes (two subscribes in a row) never ask for one twice at once. */
const reading = new Set<string>();

/** Reads each order back once and hands it to `heard`; returns the ones worth a second look. */
async function readEach(ids: string[], heard: (o: Order) => void, sleep: (ms: number) => Promise<void>, now: () => number): Promise<string[]> {
  const again: string[] = [];
  for (const [i, id] of ids.entries()) {
    if (i > 0) await sleep(PACE_MS);
    const s = sentOrders.get(id);
    // Told meanwhile by a push, forgotten, or asked already: nothing to ask.
    if (!s || settled(s) || reading.has(id) || !exchange) continue;
    reading.add(id);
    try {
      const order = await exchange.user.queryOrder({ cl_ord_id: id });
      heard(order);
      if (order.status === 'new') again.push(id);
    } catch (e) {
      // No answer: the next subscribe asks again. Not found: on its way, or it never arrived.
      if (!(isApiError(e) && e.status === 404)) continue;
      if (now() - s.sentAt > NEVER_ARRIVED_MS) sentOrders.delete(id);
      else again.push(id);
    } finally {
      reading.delete(id);
    }
  }
  return again;
}

/**
 * After the account stream subscribed (again): reads back the most recent unsettled orders this tab
 * sent and hands each to `heard` (the push handler, which tells only what is news against what was
 * told); an order still on its way gets a second look shortly after.
 */
export async function readBackMissedFills(
  heard: (o: Order) => void,
  { sleep = sleepFor, now = Date.now }: { sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
): Promise<void> {
  const due = [...sentOrders].filter(([, s]) => !settled(s)).slice(-READ_BACK_MAX).map(([id]) => id);
  const again = await readEach(due, heard, sleep, now);
  if (again.length === 0) return;
  await sleep(SECOND_LOOK_MS);
  await readEach(again, heard, sleep, now);
}
