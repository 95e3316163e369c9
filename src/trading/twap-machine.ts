// A TWAP's life as a pure machine: `next(state, event)` → the new state; the runner
// (twap-runner.ts) sends what it says is due and feeds back what happened. Every amount stays a
// decimal string; progress (filled / sent / left / average) is derived from the slices alone
// (lib/twap-record.ts progressOf), never kept beside them.
import { dec } from '../lib/decimal';
import { nextSlice, type NextSlice, type SliceLimits } from '../lib/twap-plan';
import { progressOf, type SliceRecord, type Twap, type TwapNote } from '../lib/twap-record';

export type SliceOutcome =
  /** Read back from the exchange: what filled within the cap (0 when the book had nothing there). */
  | { kind: 'filled'; qty: string; avgPrice: string | null }
  /** The service said no: its words. */
  | { kind: 'refused'; message: string }
  /**
   * No answer, and reading it back did not tell either (or the order is still open). `accepted`: the
   * exchange is known to have taken it, so a later "not found" is lag, never "nothing was placed".
   */
  | { kind: 'unknown'; message: string; accepted?: boolean };

export type TwapEvent =
  | { type: 'tick'; now: number }
  | { type: 'slice-sent'; now: number; clOrdId: string; qty: string; price: string }
  | { type: 'slice-skipped'; now: number }
  | { type: 'slice-outcome'; clOrdId: string; outcome: SliceOutcome }
  | { type: 'finish'; why: Extract<NextSlice, { kind: 'finished' }>['why'] }
  | { type: 'pause' }
  | { type: 'resume'; now: number }
  | { type: 'cancel' }
  | { type: 'reloaded' }
  /** Another tab of this browser runs it (it holds its lock): this one must not send. */
  | { type: 'other-tab' };

const hasSending = (t: Twap) => t.slices.some((s) => s.status === 'sending');

/** Due: running, the slice before has its outcome, and its time has come. */
export function isDue(t: Twap, now: number): boolean {
  return t.status === 'running' && !hasSending(t) && now >= t.nextAt;
}

/** The next slice as the plan sizes it now (lib/twap-plan.ts nextSlice), from the slices so far. */
export function planNext(t: Twap, headroom?: SliceLimits['headroom']): NextSlice {
  const p = progressOf(t);
  return nextSlice(
    { total: dec(t.total), sizes: t.sizes.map((s) => dec(s)), nextIndex: t.nextIndex, filled: p.filled, inFlight: p.inFlight },
    { qtyDecimals: t.qtyDecimals, minQty: t.minQty, maxQty: t.maxQty, headroom },
  );
}

function withSlice(t: Twap, clOrdId: string, change: (s: SliceRecord) => SliceRecord): Twap {
  return { ...t, slices: t.slices.map((s) => (s.clOrdId === clOrdId ? change(s) : s)) };
}

const FINISH_NOTE: Record<Extract<TwapEvent, { type: 'finish' }>['why'], TwapNote> = {
  'plan-done': { code: 'plan-done' },
  'total-reached': { code: 'total-reached' },
  'left-below-min': { code: 'left-below-min' },
  'no-headroom': { code: 'no-position' },
};

export function next(t: Twap, e: TwapEvent): Twap {
  switch (e.type) {
    case 'tick': {
      // Done once nothing is in flight and the plan is through or the total is reached.
      if (t.status !== 'running' || hasSending(t)) return t;
      const p = progressOf(t);
      if (p.left.lte(0) && p.inFlight.isZero()) return { ...t, status: 'done', note: { code: 'total-reached' } };
      if (t.nextIndex >= t.sizes.length) return { ...t, status: 'done', note: { code: 'plan-done' } };
      return t;
    }
    case 'slice-sent': {
      // Only a running TWAP with nothing in flight takes a slice: a pause or cancel that came first wins.
      if (t.status !== 'running' || hasSending(t)) return t;
      const slice: SliceRecord = { clOrdId: e.clOrdId, qty: e.qty, price: e.price, at: e.now, status: 'sending', filledQty: '0', avgPrice: null };
      return { ...t, slices: [...t.slices, slice], nextIndex: t.nextIndex + 1, nextAt: e.now + t.intervalMs };
    }
    case 'slice-skipped':
      if (t.status !== 'running') return t;
      return { ...t, nextIndex: t.nextIndex + 1, nextAt: e.now + t.intervalMs };
    case 'slice-outcome': {
      // Recorded whatever the TWAP's state: a slice sent before a cancel still filled what it filled.
      const slice = t.slices.find((s) => s.clOrdId === e.clOrdId);
      if (!slice) return t;
      const o = e.outcome;
      if (o.kind === 'filled') return withSlice(t, e.clOrdId, (s) => ({ ...s, status: 'filled', filledQty: o.qty, avgPrice: o.avgPrice }));
      const status = o.kind === 'refused' ? 'refused' : 'unknown';
      const after = withSlice(t, e.clOrdId, (s) => ({ ...s, status, message: o.message, ...(o.kind === 'unknown' && (o.accepted || s.accepted) ? { accepted: true } : {}) }));
      // A refusal would likely repeat (margin, position size) and an unknown slice needs a look:
      // the trader decides to resume or cancel.
      return t.status === 'running' ? { ...after, status: 'paused', note: { code: o.kind, message: o.message } } : after;
    }
    case 'finish':
      return t.status === 'running' ? { ...t, status: 'done', note: FINISH_NOTE[e.why] } : t;
    case 'pause':
      return t.status === 'running' ? { ...t, status: 'paused', note: null } : t;
    case 'resume':
      // Due at once, but never sooner than the interval after the last slice: pause and resume are no way to hurry it.
      return t.status === 'paused' || t.status === 'interrupted' ? { ...t, status: 'running', note: null, nextAt: Math.max(e.now, t.nextAt) } : t;
    case 'cancel':
      return t.status === 'running' || t.status === 'paused' || t.status === 'interrupted' ? { ...t, status: 'canceled' } : t;
    case 'other-tab':
      return t.status === 'running' ? { ...t, status: 'paused', note: { code: 'other-tab' } } : t;
    case 'reloaded': {
      // A slice in flight at the reload has no outcome coming to this page: it is read back.
      const slices = t.slices.map((s): SliceRecord => (s.status === 'sending' ? { ...s, status: 'unknown' } : s));
      return { ...t, slices, status: t.status === 'running' ? 'interrupted' : t.status };
    }
  }
}

export type TwapStart = Omit<Twap, 'status' | 'note' | 'nextIndex' | 'nextAt' | 'startedAt' | 'slices'>;

/** A new TWAP, running, its first slice due at once. */
export function startTwap(s: TwapStart, now: number): Twap {
  return { ...s, status: 'running', note: null, nextIndex: 0, nextAt: now, startedAt: now, slices: [] };
}
