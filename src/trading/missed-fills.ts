// A fill whose push never reached the page is still told. The account stream's `order` pushes raise
// the fill toasts (app/streams/use-user-feed.ts), and a push is only sent on a subscribed channel: a
// market order sent right after sign-in can fill before the order channel is subscribed, and a resting
// order can fill while the socket is down. Each time the account stream subscribes again, the
// unsettled orders this tab sent (sent-orders.ts) for the account acting now are read back with
// query_order and handed to the push handler: told once, whichever comes first. Loaded only then,
// never on the page's first load. Everything it needs of sent-orders.ts comes in `SentLedger`:
// importing it here would split it (and api/errors.ts) into chunks of their own on the page's first load.
import type { Order } from '../api/schemas';
import type { SentOrder } from './sent-orders';

/** The sent orders, when one is settled (sent-orders.ts `sentOrders`, `isSettled`), and the account acting now. */
export interface SentLedger {
  orders: Map<string, SentOrder>;
  isSettled: (s: SentOrder) => boolean;
  account: () => string | null;
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

interface Reader {
  ledger: SentLedger;
  heard: (o: Order) => void;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

// One queue for the whole tab, read one order at a time PACE_MS apart: subscribes in a row add to it
// (an order already waiting is not added twice) instead of each reading at its own pace.
const queue: string[] = [];
/** The latest subscribe's ledger and handler (a remounted feed hands a new one). */
let reader: Reader | null = null;
let draining: Promise<void> | null = null;
/** The order being asked after now (not queued again meanwhile). */
let asking: string | null = null;

/** Whether it is worth asking after `s` now: still remembered, unsettled, and sent for the account acting now. */
const due = (r: Reader, s: SentOrder | undefined): s is SentOrder => s !== undefined && !r.ledger.isSettled(s) && s.account !== null && s.account === r.ledger.account();

/** Reads one order back and hands it to `heard`; returns whether it is worth a second look. */
async function readOne(r: Reader, id: string, s: SentOrder): Promise<boolean> {
  try {
    const order = await s.query();
    // Answered after the trader switched account (signed in again, or acting as a vault): the other
    // account's order, neither told nor written into this one's lists.
    if (order.user.toLowerCase() !== r.ledger.account()?.toLowerCase()) return false;
    r.heard(order);
    return order.status === 'new';
  } catch (e) {
    // No answer: the next subscribe asks again. Asked with another account's session (switched
    // meanwhile): its own account reads it back. Not found: on its way, or it never arrived.
    if (!notFound(e) || s.account !== r.ledger.account()) return false;
    if (r.now() - s.sentAt > NEVER_ARRIVED_MS) {
      r.ledger.orders.delete(id);
      return false;
    }
    return true;
  }
}

async function drain(): Promise<void> {
  let again: string[] = [];
  let asked = false;
  for (;;) {
    const r = reader!;
    const id = queue.shift();
    if (id === undefined) {
      const next = again.filter((a) => due(r, r.ledger.orders.get(a)));
      again = [];
      if (next.length === 0) return;
      await r.sleep(SECOND_LOOK_MS);
      for (const a of next) if (!queue.includes(a)) queue.push(a);
      asked = false;
      continue;
    }
    // Told meanwhile by a push, forgotten, or the account switched: nothing to ask.
    if (!due(r, r.ledger.orders.get(id))) continue;
    if (asked) await r.sleep(PACE_MS);
    asked = true;
    const s = r.ledger.orders.get(id);
    if (!due(r, s)) continue;
    asking = id;
    if (await readOne(r, id, s)) again.push(id);
    asking = null;
  }
}

/**
 * After the account stream subscribed (again): reads back the most recent unsettled orders this tab
 * sent for the account acting now and hands each to `heard` (the push handler, which tells only what
 * is news against what was told); an order still on its way gets a second look shortly after.
 * Resolves when the tab's read-back queue is empty.
 */
export function readBackMissedFills(
  ledger: SentLedger,
  heard: (o: Order) => void,
  { sleep = sleepFor, now = Date.now }: { sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
): Promise<void> {
  reader = { ledger, heard, sleep, now };
  const r = reader;
  const ids = [...ledger.orders].filter(([, s]) => due(r, s)).slice(-READ_BACK_MAX).map(([id]) => id);
  for (const id of ids) if (!queue.includes(id) && id !== asking) queue.push(id);
  draining ??= drain().finally(() => {
    draining = null;
    asking = null;
  });
  return draining;
}
