import type { NewOrderBody, Order } from '../api/schemas';
import { dec, toWire } from '../lib/decimal';
import { isLiveStatus } from '../lib/order-status';
import type { Outcome } from './order-outcome';

/**
 * Modify an open order as cancel-and-replace (the service has no amend): `next(state, event)` is
 * pure, and `runModify` performs the phase's effect (injected: the cancel, reading an order, the new
 * order, a pause) and feeds its outcome back as an event until the state is over.
 *
 * The two promises: never both orders live — the replacement is sent only once the original reads
 * back canceled; never neither without saying so — every way it ends has words (`describeModify`).
 *
 * Partial fills (the rule venues use for an amend): the size the trader types is the new size still
 * to rest, the original's fills stay what they are. Fills of the original between the moment the
 * editor opened and the cancel would make the total larger than asked, so they come off the
 * replacement; when they cover it nothing is placed (and that is said).
 */

export type ModifyPhase = 'canceling' | 'checking' | 'placing' | 'finding' | 'over';

export interface ModifyRequest {
  /** The order as the trader saw it when the edit started (its fill_qty is the baseline). */
  order: Order;
  /** New limit price and new size still to rest, as wire decimals. */
  price: string;
  qty: string;
  /** The replacement's client order id, fresh. */
  clOrdId: string;
  /** The symbol's minimum order size: a replacement cut below it by fills is not sent. */
  minQty: string;
  /** The symbol's margin mode and leverage, sent with the replacement so it keeps the original's. */
  marginMode?: 'cross' | 'isolated';
}

/** What the machine itself found where no one gave words for it (modify-order-words.ts says it). */
export type ModifyFinding =
  /** The order read back as not there. */
  | 'no-such-order'
  /** The cancel was accepted, yet the order still reads open. */
  | 'still-reads-open'
  /** The replacement was never found: it did not reach the exchange. */
  | 'never-reached'
  /** The replacement reads rejected with no remark. */
  | 'rejected';

/** Why: the exchange's (or the network's) own words, shown as they are, or what the machine found. */
export type ModifyReason = string | { finding: ModifyFinding };

/** A read of one order: found, not there (the service said so), or no readable answer. */
export type OrderRead = { kind: 'found'; order: Order } | { kind: 'missing' } | { kind: 'failed'; message: string };

export type ModifyResult =
  /** The replacement is on the book (or filled at once): `filledMeanwhile` came off its size. */
  | { kind: 'moved'; qty: string; filledMeanwhile: string; status?: Order['status'] }
  /** The original did not go: it filled, was already canceled, or the cancel was refused. */
  | { kind: 'unchanged'; why: 'filled' | 'canceled' | 'refused' | 'still-open'; message?: ModifyReason }
  /** The original is canceled and fills while editing cover the new size (or leave less than the minimum). */
  | { kind: 'nothing-left'; filledMeanwhile: string; left: string }
  /** The original is canceled and the replacement was not placed: the trader's values, to place again. */
  | { kind: 'not-placed'; message: ModifyReason }
  /**
   * Something is not known: `what` says which order may or may not be where. For the cancel,
   * `message` is why its outcome is not known and `read` why reading the order did not tell.
   */
  | { kind: 'unknown'; what: 'cancel' | 'replacement' | 'fills'; message: ModifyReason; read?: ModifyReason };

export interface ModifyState {
  phase: ModifyPhase;
  request: ModifyRequest;
  cancel: Outcome | null;
  /** Reads of the order the phase is waiting on (the original, then the replacement). */
  reads: number;
  /** The replacement as sent (its qty after fills came off). */
  replacement: NewOrderBody | null;
  filledMeanwhile: string;
  result: ModifyResult | null;
}

export type ModifyEvent =
  | { type: 'cancel-outcome'; outcome: Outcome }
  | { type: 'original-read'; read: OrderRead }
  | { type: 'place-outcome'; outcome: Outcome }
  | { type: 'replacement-read'; read: OrderRead };

/**
 * How many times an order is read while it has not settled: a cancel accepted over HTTP without the
 * stream's outcome may not have run yet, a new order with no answer may still be on its way.
 */
export const MAX_READS = 4;

export function startModify(request: ModifyRequest): ModifyState {
  return { phase: 'canceling', request, cancel: null, reads: 0, replacement: null, filledMeanwhile: '0', result: null };
}

/** The replacement: everything of the original but price, size and client order id. */
export function replacementBody(r: ModifyRequest, qty: string): NewOrderBody {
  const o = r.order;
  const leverage = Number(o.leverage);
  return {
    symbol: o.symbol,
    side: o.side,
    order_type: o.order_type,
    qty,
    price: r.price,
    time_in_force: o.time_in_force,
    reduce_only: o.reduce_only,
    cl_ord_id: r.clOrdId,
    ...(r.marginMode ? { margin_mode: r.marginMode } : {}),
    ...(Number.isInteger(leverage) && leverage > 0 ? { leverage } : {}),
  };
}

const over = (s: ModifyState, result: ModifyResult, more: Partial<ModifyState> = {}): ModifyState => ({ ...s, ...more, phase: 'over', result });

/** The original read back after the cancel: what happened to it decides whether to replace. */
function afterOriginalRead(s: ModifyState, read: OrderRead): ModifyState {
  const cancel = s.cancel!;
  const again = s.reads + 1 < MAX_READS;
  if (read.kind !== 'found') {
    if (read.kind === 'failed' && again) return { ...s, reads: s.reads + 1 };
    const message: ModifyReason = read.kind === 'failed' ? read.message : { finding: 'no-such-order' };
    // Canceled for sure but its last fills unknown: the size to place is not known either.
    if (cancel.kind === 'done') return over(s, { kind: 'unknown', what: 'fills', message });
    if (cancel.kind === 'refused') return over(s, { kind: 'unchanged', why: 'refused', message: cancel.message });
    return over(s, { kind: 'unknown', what: 'cancel', message: cancel.message, read: message });
  }
  const o = read.order;
  if (o.status === 'filled') return over(s, { kind: 'unchanged', why: 'filled' });
  if (isLiveStatus(o.status)) {
    // A cancel that went (or may have gone) is read again: it may not have run yet.
    if (cancel.kind !== 'refused' && again) return { ...s, reads: s.reads + 1 };
    if (cancel.kind === 'refused') return over(s, { kind: 'unchanged', why: 'refused', message: cancel.message });
    const message: ModifyReason = cancel.kind === 'unknown' ? cancel.message : { finding: 'still-reads-open' };
    return over(s, { kind: 'unchanged', why: 'still-open', message });
  }
  // Canceled (or rejected): by this cancel unless it was refused — then by something else, and
  // replacing it would bring back an order the trader or the exchange ended.
  if (cancel.kind === 'refused') return over(s, { kind: 'unchanged', why: 'canceled', message: cancel.message });
  const since = dec(o.fill_qty).minus(s.request.order.fill_qty);
  const filledMeanwhile = since.gt(0) ? toWire(since) : '0';
  const left = dec(s.request.qty).minus(filledMeanwhile);
  if (left.lte(0) || left.lt(s.request.minQty)) {
    return over(s, { kind: 'nothing-left', filledMeanwhile, left: left.gt(0) ? toWire(left) : '0' }, { filledMeanwhile });
  }
  return { ...s, phase: 'placing', reads: 0, filledMeanwhile, replacement: replacementBody(s.request, toWire(left)) };
}

function afterReplacementRead(s: ModifyState, read: OrderRead): ModifyState {
  const again = s.reads + 1 < MAX_READS;
  const qty = s.replacement!.qty;
  if (read.kind === 'found') {
    if (read.order.status === 'rejected') return over(s, { kind: 'not-placed', message: read.order.remark || { finding: 'rejected' } });
    return over(s, { kind: 'moved', qty, filledMeanwhile: s.filledMeanwhile, status: read.order.status });
  }
  if (again) return { ...s, reads: s.reads + 1 };
  if (read.kind === 'missing') return over(s, { kind: 'not-placed', message: { finding: 'never-reached' } });
  return over(s, { kind: 'unknown', what: 'replacement', message: read.message });
}

/** The one transition function. Events that do not belong to the phase change nothing. */
export function next(s: ModifyState, e: ModifyEvent): ModifyState {
  switch (e.type) {
    case 'cancel-outcome':
      return s.phase === 'canceling' ? { ...s, phase: 'checking', cancel: e.outcome, reads: 0 } : s;
    case 'original-read':
      return s.phase === 'checking' ? afterOriginalRead(s, e.read) : s;
    case 'place-outcome':
      if (s.phase !== 'placing') return s;
      if (e.outcome.kind === 'done') return over(s, { kind: 'moved', qty: s.replacement!.qty, filledMeanwhile: s.filledMeanwhile });
      if (e.outcome.kind === 'refused') return over(s, { kind: 'not-placed', message: e.outcome.message });
      return { ...s, phase: 'finding', reads: 0 };
    case 'replacement-read':
      return s.phase === 'finding' ? afterReplacementRead(s, e.read) : s;
  }
}

/** Everything outside the machine. */
export interface ModifyEffects {
  cancel: (order: Order) => Promise<Outcome>;
  /** query_order by order_id (the original) or cl_ord_id (the replacement). */
  readOrder: (id: { order_id: number } | { cl_ord_id: string }) => Promise<OrderRead>;
  place: (body: NewOrderBody) => Promise<Outcome>;
  /** Between two reads of an order that has not settled. */
  pause: (attempt: number) => Promise<void>;
}

async function perform(s: ModifyState, fx: ModifyEffects): Promise<ModifyEvent> {
  switch (s.phase) {
    case 'canceling':
      return { type: 'cancel-outcome', outcome: await fx.cancel(s.request.order) };
    case 'checking':
      if (s.reads > 0) await fx.pause(s.reads);
      return { type: 'original-read', read: await fx.readOrder({ order_id: s.request.order.id }) };
    case 'placing':
      return { type: 'place-outcome', outcome: await fx.place(s.replacement!) };
    case 'finding':
      if (s.reads > 0) await fx.pause(s.reads);
      return { type: 'replacement-read', read: await fx.readOrder({ cl_ord_id: s.request.clOrdId }) };
    case 'over':
      throw new Error('nothing to do');
  }
}

const failed = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Runs the machine to its end, reporting every state. An effect that throws is an unknown outcome. */
export async function runModify(request: ModifyRequest, fx: ModifyEffects, onState: (s: ModifyState) => void = () => {}): Promise<ModifyState> {
  let s = startModify(request);
  onState(s);
  while (s.phase !== 'over') {
    const phase = s.phase;
    const event = await perform(s, fx).catch((e: unknown): ModifyEvent => {
      const outcome: Outcome = { kind: 'unknown', message: failed(e) };
      const read: OrderRead = { kind: 'failed', message: failed(e) };
      if (phase === 'canceling') return { type: 'cancel-outcome', outcome };
      if (phase === 'placing') return { type: 'place-outcome', outcome };
      return { type: phase === 'checking' ? 'original-read' : 'replacement-read', read };
    });
    s = next(s, event);
    onState(s);
  }
  return s;
}
