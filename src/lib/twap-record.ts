import { dec, type Dec } from './decimal';

// A TWAP as this browser remembers it (the store persists it as JSON: every amount a decimal string),
// and its progress worked out from its slices alone. The machine that moves it is
// trading/twap-machine.ts; the types live here so the store (which may not import the trade layer)
// can hold them.

/**
 * running: sending slices on time; paused: by the trader, or after a refused slice or one whose
 * outcome stayed unknown (note says which); interrupted: the page was reloaded while it ran — it
 * waits for the trader to resume or cancel, never resumes by itself; canceled and done: over.
 */
export type TwapStatus = 'running' | 'paused' | 'interrupted' | 'canceled' | 'done';

/** sending: sent, outcome not in yet; unknown: no answer and not read back yet (counts as possibly filled). */
export type SliceStatus = 'sending' | 'filled' | 'refused' | 'unknown';

export interface SliceRecord {
  clOrdId: string;
  qty: string;
  /** The IOC limit it went at (the slippage cap from the mark). */
  price: string;
  at: number;
  status: SliceStatus;
  /** What filled (an IOC slice may fill in part or not at all within its cap). */
  filledQty: string;
  avgPrice: string | null;
  /** A refusal's words, as the service wrote them. */
  message?: string | undefined;
  /** The exchange is known to have taken it: reading it back, a "not found" is lag, never "nothing was placed". */
  accepted?: boolean | undefined;
}

/** Why a TWAP paused or ended other than by the trader's hand. */
export type TwapNote =
  | { code: 'refused'; message: string }
  | { code: 'unknown'; message: string }
  | { code: 'plan-done' }
  | { code: 'total-reached' }
  /** What is left is below one order's minimum. */
  | { code: 'left-below-min' }
  /** Reduce-only and nothing left of the position to reduce. */
  | { code: 'no-position' }
  /** Another tab of this browser is running it. */
  | { code: 'other-tab' };

export interface Twap {
  id: string;
  account: string;
  symbol: string;
  side: 'buy' | 'sell';
  total: string;
  /** The planned slice sizes (sum = total). */
  sizes: string[];
  intervalMs: number;
  durationMs: number;
  reduceOnly: boolean;
  /** The slippage cap per slice, as a ratio (0.01 = 1 %). */
  slippage: string;
  qtyDecimals: number;
  priceDecimals: number;
  minQty: string;
  maxQty: string;
  capRatio: string;
  floorRatio: string;
  status: TwapStatus;
  note: TwapNote | null;
  /** Index of the next planned slice. */
  nextIndex: number;
  /** When the next slice is due (ms since the epoch). */
  nextAt: number;
  startedAt: number;
  slices: SliceRecord[];
}

export interface TwapProgress {
  filled: Dec;
  /** Sent and not refused: filled, unfilled IOC remainders, and what is in flight. */
  sent: Dec;
  /** Sent with no known outcome: possibly filled. */
  inFlight: Dec;
  /** total − filled − in flight: what may still be sent. */
  left: Dec;
  /** Size-weighted average fill price, exact; null before any fill. */
  avgPrice: Dec | null;
  slicesSent: number;
}

export function progressOf(t: Pick<Twap, 'total' | 'slices'>): TwapProgress {
  let filled = dec(0);
  let cost = dec(0);
  let sent = dec(0);
  let inFlight = dec(0);
  let slicesSent = 0;
  for (const s of t.slices) {
    if (s.status === 'refused') continue;
    slicesSent++;
    sent = sent.plus(s.qty);
    if (s.status === 'sending' || s.status === 'unknown') inFlight = inFlight.plus(s.qty);
    else if (s.avgPrice !== null) {
      filled = filled.plus(s.filledQty);
      cost = cost.plus(dec(s.filledQty).mul(s.avgPrice));
    }
  }
  return { filled, sent, inFlight, left: dec(t.total).minus(filled).minus(inFlight), avgPrice: filled.gt(0) ? cost.div(filled) : null, slicesSent };
}

/** Still doing something or waiting for the trader: shown with its buttons. */
export function isActive(t: Pick<Twap, 'status'>): boolean {
  return t.status === 'running' || t.status === 'paused' || t.status === 'interrupted';
}
