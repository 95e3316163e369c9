// A fill whose push never reached the page is still told. The account stream's `order` pushes raise
// the fill toasts (app/streams/use-user-feed.ts), and a push is only sent on a subscribed channel: a
// market order sent right after sign-in can fill before the order channel is subscribed, and a resting
// order can fill while the socket is down. Each time the account stream subscribes again, the
// unsettled orders this tab sent (sent-orders.ts) are read back with query_order and handed to the
// push handler: told once, whichever comes first. Loaded only then, never on the page's first load.
// Everything it needs of sent-orders.ts comes in `SentLedger`: importing it here would split it (and
// api/errors.ts) into chunks of their own on the page's first load.
import type { Order } from '../api/schemas';
import type { SentOrder } from './sent-orders';

/** The sent orders and when one is settled (sent-orders.ts `sentOrders`, `isSettled`). */
export interface SentLedger {
  orders: Map<string, SentOrder>;
  isSettled: (s: SentOrder) => boolean;
}

/** query_order's "order not found" (an api/errors.ts ApiError with HTTP 404). */
const notFound = (e: unknown) => e instanceof Error && (e as { status?: unknown }).status === 404;

/** The most recent unsettled orders read back at one subscribe. */
const READ_BACK_MAX = 20;
/** Between two reads: 10 a second, well under the rate limit (≈ 22/s) beside the reconnect's own read-back. */
const PACE_MS = 100;
/** An order the exchange has not heard of this long after it was sent never arrived (refused, or lost). */
const NEVER_ARRIVED_MS = 30_000;
/** An order still on its way (not found yet, or `new`) is read once more after this. */
const SECOND_LOOK_MS = 2_000;

const sleepFor = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The orders being read back now: two passes (two subscribes in a row) never ask for one twice at once. */
const reading = new Set<string>();

/** Reads each order back once and hands it to `heard`; returns the ones worth a second look. */
async function readEach({ orders: sentOrders, isSettled }: SentLedger, ids: string[], heard: (o: Order) => void, sleep: (ms: number) => Promise<void>, now: () => number): Promise<string[]> {
  const again: string[] = [];
  for (const [i, id] of ids.entries()) {
    if (i > 0) await sleep(PACE_MS);
    const s = sentOrders.get(id);
    // Told meanwhile by a push, forgotten, or asked already: nothing to ask.
    if (!s || isSettled(s) || reading.has(id)) continue;
    reading.add(id);
    try {
      const order = await s.query();
      heard(order);
      if (order.status === 'new') again.push(id);
    } catch (e) {
      // No answer: the next subscribe asks again. Not found: on its way, or it never arrived.
      if (!notFound(e)) continue;
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
  ledger: SentLedger,
  heard: (o: Order) => void,
  { sleep = sleepFor, now = Date.now }: { sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
): Promise<void> {
  const due = [...ledger.orders].filter(([, s]) => !ledger.isSettled(s)).slice(-READ_BACK_MAX).map(([id]) => id);
  const again = await readEach(ledger, due, heard, sleep, now);
  if (again.length === 0) return;
  await sleep(SECOND_LOOK_MS);
  await readEach(ledger, again, heard, sleep, now);
}
