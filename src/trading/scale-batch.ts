// A scale order's batch: its children sent one after another, paced well under the exchange's rate
// limit, each one's outcome recorded (placed / refused with the service's words / unknown → checked
// with the exchange by its cl_ord_id), one summary toast, and one cancel for all of them.
import { plural, t } from '@lingui/core/macro';
import type { ApiClient } from '../api/client';
import type { NewOrderBody } from '../api/schemas';
import type { OrderStream } from '../api/stream/order-stream';
import { show } from '../lib/display';
import type { SymbolPlaces } from '../lib/notices';
import type { ScaleBatch, ScaleChildRecord, ScaleChildState, ScaleStop } from '../stores/scale-batches';
import { newOrderSends } from './order-commands';
import { failureOutcome, orderOutcome, type Outcome } from './order-outcome';
import { reconcileOrder, type OrderFate } from './reconcile-order';

/**
 * At most this many children a second. The exchange allows ≈ 22 requests/s per account (45 credits a
 * request, 1000/s refill, decisions.md) and a burst of 20: 8/s leaves room for the app's own reads
 * and another tab, so a scale of 50 never meets a 429 and takes about 6 s.
 */
export const SCALE_ORDERS_PER_SECOND = 8;

/** Children whose outcome may be awaited at once: enough to keep the pace on a slow link, few enough that a silent exchange leaves few unknowns. */
export const SCALE_IN_FLIGHT = 3;

/** The batch's id: 12 hex characters, so `web-<id>-<n>` stays far below the 64 the spec allows. */
export function newScaleBatchId(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 12);
}

/** The n-th child's client order id (1-based, as the trader counts them). */
export function scaleChildId(batchId: string, index: number): string {
  return `web-${batchId}-${index + 1}`;
}

export interface ScaleChildOrder {
  price: string;
  qty: string;
}

/** One child as new_order: a resting limit (gtc, or post-only alo), reduce-only if the scale is. */
export function scaleChildBody(a: { symbol: string; side: 'buy' | 'sell'; reduceOnly: boolean; postOnly: boolean; clOrdId: string; child: ScaleChildOrder }): NewOrderBody {
  return {
    symbol: a.symbol,
    side: a.side,
    order_type: 'limit',
    price: a.child.price,
    qty: a.child.qty,
    time_in_force: a.postOnly ? 'alo' : 'gtc',
    reduce_only: a.reduceOnly,
    cl_ord_id: a.clOrdId,
  };
}

/**
 * Waits for the next free slot, `1000 / perSecond` ms after the previous one. The slot is taken
 * when asked for (synchronously), so callers are served in the order they asked.
 */
export function createPacer(perSecond: number, clock: { now: () => number; sleep: (ms: number) => Promise<void> } = { now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) }) {
  const gap = 1000 / perSecond;
  let next = -Infinity;
  return (): Promise<void> => {
    const now = clock.now();
    const at = Math.max(now, next);
    next = at + gap;
    return at > now ? clock.sleep(at - now) : Promise.resolve();
  };
}

/** A child's outcome as its state. */
export function stateOfOutcome(o: Outcome): ScaleChildState {
  if (o.kind === 'done') return { kind: 'placed' };
  if (o.kind === 'refused') return { kind: 'refused', message: o.message };
  return { kind: 'unknown', message: o.message, checking: true };
}

/** What the exchange said became of a child whose outcome was unknown. */
export function stateOfFate(f: OrderFate): ScaleChildState {
  if (f.kind === 'missing') return { kind: 'missing' };
  if (f.kind === 'unknown') return { kind: 'unknown', message: f.message, checking: false };
  // Found: it reached the book (whatever became of it since: filled, canceled), unless matching refused it.
  const { status, remark } = f.order;
  return status === 'rejected' ? { kind: 'refused', message: remark || status } : { kind: 'placed' };
}

export interface BatchRun {
  children: readonly ScaleChildOrder[];
  /** Sends child `index` and resolves with its outcome. */
  place: (index: number) => Promise<Outcome>;
  /** Reads back child `index` by its cl_ord_id (reconcile-order.ts). */
  reconcile: (index: number) => Promise<OrderFate>;
  pace: () => Promise<void>;
  /** Told every change of a child's state. */
  update: (index: number, state: ScaleChildState) => void;
  /** The trader canceled the batch while it was being sent: no more children go. */
  canceled: () => boolean;
  inFlight?: number;
}

/**
 * Sends the children in order, paced, at most `inFlight` awaiting their outcome at once. It stops
 * sending at the first refusal or unknown outcome: either means the app's picture of the account
 * (margin, open orders, the session, the exchange being there at all) is wrong, and more children
 * on that picture would be guesses. What was placed stays placed (Cancel batch takes it off); the
 * rest are "not sent". Resolves once every sent child has its outcome; unknown ones are then
 * checked with the exchange (`reconciled` resolves when all are).
 */
export async function runScaleBatch(r: BatchRun): Promise<{ stop: ScaleStop | null; reconciled: Promise<void> }> {
  const n = r.children.length;
  let next = 0;
  let stop: ScaleStop | null = null;
  const unknown: number[] = [];
  const worker = async () => {
    while (next < n && stop === null) {
      const i = next++;
      await r.pace();
      if (stop === null && r.canceled()) stop = { reason: 'canceled' };
      if (stop !== null) {
        r.update(i, { kind: 'not-sent' });
        continue;
      }
      r.update(i, { kind: 'sending' });
      let outcome: Outcome;
      try {
        outcome = await r.place(i);
      } catch (e) {
        outcome = failureOutcome(e);
      }
      r.update(i, stateOfOutcome(outcome));
      if (outcome.kind === 'unknown') unknown.push(i);
      if (outcome.kind !== 'done' && stop === null) stop = { reason: outcome.kind, index: i };
    }
  };
  await Promise.all(Array.from({ length: Math.min(r.inFlight ?? SCALE_IN_FLIGHT, n) }, worker));
  for (let i = next; i < n; i++) r.update(i, { kind: 'not-sent' });
  const reconciled = Promise.all(unknown.map(async (i) => r.update(i, stateOfFate(await r.reconcile(i))))).then(() => undefined);
  return { stop, reconciled };
}

/** The child as the trader reads it: "Buy 0.010 BTC-USD @ 94,250.00". */
function describeChild(b: Pick<ScaleBatch, 'side' | 'symbol'>, c: Pick<ScaleChildRecord, 'price' | 'qty'>, places: SymbolPlaces): string {
  const qty = show(c.qty, places.qty);
  const price = show(c.price, places.price);
  const symbol = b.symbol;
  return b.side === 'buy' ? t`Buy ${qty} ${symbol} @ ${price}` : t`Sell ${qty} ${symbol} @ ${price}`;
}

/** One line about a child that was not placed, in the words of the moment it is told. */
function childLine(b: ScaleBatch, c: ScaleChildRecord, n: number, places: SymbolPlaces): string | null {
  const what = describeChild(b, c, places);
  const s = c.state;
  switch (s.kind) {
    case 'refused': {
      const why = s.message;
      return t`Order ${n} (${what}): refused — ${why}`;
    }
    case 'unknown': {
      const why = s.message;
      return s.checking ? t`Order ${n} (${what}): no answer (${why}); checking with the exchange` : t`Order ${n} (${what}): outcome still unknown (${why}); see Open orders`;
    }
    case 'missing':
      return t`Order ${n} (${what}): never reached the exchange`;
    case 'not-sent':
      return t`Order ${n} (${what}): not sent`;
    default:
      return null;
  }
}

/** Why the batch stopped, as a sentence; null when it did not. */
function stopLine(stop: ScaleStop | null): string | null {
  if (!stop) return null;
  if (stop.reason === 'leverage') return t`The leverage change was refused, so no scale order was sent.`;
  if (stop.reason === 'canceled') return t`You canceled the batch while it was being sent.`;
  const n = stop.index + 1;
  return stop.reason === 'refused' ? t`Sending stopped after order ${n} was refused.` : t`Sending stopped after order ${n} got no answer.`;
}

/** The one toast that sums a batch up: "5 of 5 scale orders placed", or which were not and why. */
export function batchSummary(b: ScaleBatch, places: SymbolPlaces): { kind: 'success' | 'warn' | 'error'; title: string; body?: string } {
  const total = b.children.length;
  const placed = b.children.filter((c) => c.state.kind === 'placed').length;
  const title = t`${placed} of ${plural(total, { one: '# scale order placed', other: '# scale orders placed' })}`;
  if (placed === total) return { kind: 'success', title };
  const lines = b.children.map((c, i) => childLine(b, c, i + 1, places)).filter((l): l is string => l !== null);
  const why = stopLine(b.stop);
  const body = [why, ...lines].filter((l): l is string => l !== null).join('\n');
  const refused = b.children.some((c) => c.state.kind === 'refused') || b.stop?.reason === 'leverage';
  return { kind: refused ? 'error' : 'warn', title, body };
}

/** new_order for one child (on the stream when it can, else HTTP), its outcome without toasts of its own. */
export function placeChild(api: ApiClient, orderStream: OrderStream | null, body: NewOrderBody): Promise<Outcome> {
  return orderOutcome({
    ...newOrderSends(api, orderStream, undefined, body),
    stream: orderStream,
  });
}

/** query_order by the child's cl_ord_id until the exchange answers. */
export function reconcileChild(api: ApiClient, clOrdId: string): Promise<OrderFate> {
  return reconcileOrder(() => api.user.queryOrder({ cl_ord_id: clOrdId }));
}

/** The children a cancel of the batch names: every one that reached (or may have reached) the exchange. */
export function cancelableIds(b: ScaleBatch): string[] {
  return b.children.filter((c) => c.state.kind === 'placed' || c.state.kind === 'unknown' || c.state.kind === 'sending').map((c) => c.clOrdId);
}
