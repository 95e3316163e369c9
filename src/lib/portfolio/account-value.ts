// Account value over time, where it can be known: today's equity walked back by the PnL events and the
// moves of money the app knows of. The past unrealized PnL is not known, so every point but the last is
// the realized value then; the last is today's equity. What the curve includes is stated as codes.
import { downsampleIndices, MAX_DRAWN_POINTS } from './downsample';
import { fromUnits, toUnits } from './exact-amount';
import type { Ledger } from './ledger';
import type { KnownMove, PortfolioInput } from './portfolio-input';
import type { CurvePoint, WindowSpan } from './pnl-curve';

/** What the account value curve includes, for the page to say in words. */
export type AccountValueBasis =
  /** The last point is today's equity, unrealized PnL included. */
  | 'last-point-is-equity-now'
  /** Earlier points are equity − unrealized PnL now, walked back by realized pnl − fees + funding: the unrealized PnL of their time is not in them. */
  | 'past-points-realized-only'
  /** Transfers / withdrawals are steps where the app knows them; others it does not know shift the curve before them. */
  | 'known-moves-as-steps'
  /** The app knows of no transfer or withdrawal: any made are not in the curve. */
  | 'no-moves-known'
  /** Fees paid in another asset are not in the settlement-asset value. */
  | 'other-asset-fees-excluded'
  /** Fills with PnL but no position to close in the history: it starts mid-position, the walk back is short of older events. */
  | 'history-starts-mid-position'
  /** Walked back, the value goes below zero at some point: money came in that the app does not know of. */
  | 'unknown-moves-likely';

export interface ValueStep {
  at: number;
  kind: KnownMove['kind'];
  amount: string;
  /** Value just before and after the move. */
  before: string;
  after: string;
}

export interface AccountValueCurve {
  points: CurvePoint[];
  /** The known moves in the window, to mark as steps. */
  steps: ValueStep[];
  basis: AccountValueBasis[];
}

/**
 * Realized value V before now: V_end = equity − upnl now; V(t) = V_end − Σ(PnL changes and moves after t).
 * In a window: a first point at its start, each event and move, then (now, equity).
 */
export function accountValueCurve(ledger: Ledger, span: WindowSpan, input: PortfolioInput, maxPoints = MAX_DRAWN_POINTS): AccountValueCurve {
  const s = ledger.scale;
  const moves = [...(input.moves ?? [])].sort((a, b) => a.at - b.at);
  const equity = toUnits(input.balance.equity, s);
  const realizedEnd = equity - toUnits(input.unrealizedPnl, s);
  // Walk back from the end: value before the window's first event or move.
  const { events } = ledger;
  const lastCum = events.length > 0 ? ledger.cumulative[events.length - 1]! : 0n;
  let startValue = realizedEnd - (lastCum - span.base);
  const inWindow = moves.filter((m) => m.at > span.start || span.window === 'all');
  const moveUnits = inWindow.map((m) => toUnits(m.amount, s));
  for (const u of moveUnits) startValue -= u;
  // Before "all" starts, moves earlier than the first event still count: the curve starts before them.
  const start = span.window === 'all' ? Math.min(span.start, inWindow[0]?.at ?? span.start) : span.start;
  const at: number[] = [start];
  const values: bigint[] = [startValue];
  const keep: number[] = [];
  const steps: ValueStep[] = [];
  let v = startValue;
  let belowZero = startValue < 0n;
  let j = 0;
  const pushMove = () => {
    const m = inWindow[j]!;
    const before = v;
    v += moveUnits[j++]!;
    if (v < 0n) belowZero = true;
    at.push(m.at);
    values.push(v);
    keep.push(values.length - 1);
    steps.push({ at: m.at, kind: m.kind, amount: m.amount, before: fromUnits(before, s), after: fromUnits(v, s) });
  };
  for (let i = span.first; i < events.length; i++) {
    const e = events[i]!;
    while (j < inWindow.length && inWindow[j]!.at <= e.at) pushMove();
    if (e.change !== 0n) v += e.change;
    if (v < 0n) belowZero = true;
    at.push(e.at);
    values.push(v);
  }
  while (j < inWindow.length) pushMove();
  at.push(Math.max(input.now, at[at.length - 1]!));
  values.push(equity);
  const basis: AccountValueBasis[] = ['last-point-is-equity-now', 'past-points-realized-only', moves.length > 0 ? 'known-moves-as-steps' : 'no-moves-known'];
  if (ledger.otherAssetFees) basis.push('other-asset-fees-excluded');
  if (ledger.unexplainedPnlFills > 0) basis.push('history-starts-mid-position');
  if (belowZero) basis.push('unknown-moves-likely');
  const drawn = downsampleIndices(at, values, maxPoints, keep);
  return { points: drawn.map((i) => ({ at: at[i]!, value: fromUnits(values[i]!, s) })), steps, basis };
}
