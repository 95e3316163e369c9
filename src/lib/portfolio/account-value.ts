// Account value over time, where it can be known: today's equity walked back by the PnL events and the
// moves of money the app knows of. The past unrealized PnL is not known, so every point but the last is
// the realized value then; the last is today's equity. What the curve includes is stated as codes.
import { downsampleRange, MAX_DRAWN_POINTS } from './downsample';
import { fromUnits, toUnits } from './exact-amount';
import type { Ledger } from './ledger';
import type { KnownMove, PortfolioInput } from './portfolio-input';
import { firstAfter, type CurvePoint, type WindowSpan } from './pnl-curve';

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

/** The whole history's realized value series (before the final equity point), built once for every window. */
export interface ValueSeries {
  at: number[];
  values: bigint[];
  /** Index in the series of each known move's point, and the step it makes. */
  steps: { index: number; step: ValueStep }[];
  equity: bigint;
  basis: AccountValueBasis[];
}

/**
 * V_end = equity − upnl now; V(t) = V_end − Σ(PnL changes and moves after t). Index 0 is the value
 * before everything (at the first event or move), then one point per event and per move, in time order
 * (a move at the same ms as an event comes first).
 */
export function valueSeries(ledger: Ledger, input: PortfolioInput): ValueSeries {
  const s = ledger.scale;
  const moves = [...(input.moves ?? [])].sort((a, b) => a.at - b.at);
  const moveUnits = moves.map((m) => toUnits(m.amount, s));
  const equity = toUnits(input.balance.equity, s);
  const { events, cumulative } = ledger;
  let v = equity - toUnits(input.unrealizedPnl, s) - (events.length > 0 ? cumulative[events.length - 1]! : 0n);
  for (const u of moveUnits) v -= u;
  const at: number[] = [Math.min(ledger.at[0] ?? input.now, moves[0]?.at ?? input.now)];
  const values: bigint[] = [v];
  const steps: ValueSeries['steps'] = [];
  let belowZero = v < 0n;
  let j = 0;
  const pushMove = () => {
    const m = moves[j]!;
    const before = v;
    v += moveUnits[j++]!;
    if (v < 0n) belowZero = true;
    at.push(m.at);
    values.push(v);
    steps.push({ index: values.length - 1, step: { at: m.at, kind: m.kind, amount: m.amount, before: fromUnits(before, s), after: fromUnits(v, s) } });
  };
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    while (j < moves.length && moves[j]!.at <= e.at) pushMove();
    if (e.change !== 0n) v += e.change;
    if (v < 0n) belowZero = true;
    at.push(e.at);
    values.push(v);
  }
  while (j < moves.length) pushMove();
  const basis: AccountValueBasis[] = ['last-point-is-equity-now', 'past-points-realized-only', moves.length > 0 ? 'known-moves-as-steps' : 'no-moves-known'];
  if (ledger.otherAssetFees) basis.push('other-asset-fees-excluded');
  if (ledger.unexplainedPnlFills > 0) basis.push('history-starts-mid-position');
  if (belowZero) basis.push('unknown-moves-likely');
  return { at, values, steps, equity, basis };
}

/** A window of the series: (start, value then), the points after the start thinned, (now, equity). */
export function accountValueCurve(series: ValueSeries, span: WindowSpan, scale: number, maxPoints = MAX_DRAWN_POINTS): AccountValueCurve {
  const { at, values } = series;
  const all = span.window === 'all';
  const first = all ? 0 : firstAfter(at, span.start);
  const steps = series.steps.filter((x) => x.index >= first);
  const kept = downsampleRange(at, values, first, values.length, maxPoints - 2, steps.map((x) => x.index));
  const point = (i: number): CurvePoint => ({ at: at[i]!, value: fromUnits(values[i]!, scale) });
  const points = all ? [] : [{ at: span.start, value: fromUnits(values[Math.max(first - 1, 0)]!, scale) }];
  for (const i of kept) points.push(point(i));
  points.push({ at: Math.max(span.end, at[at.length - 1]!), value: fromUnits(series.equity, scale) });
  return { points, steps: steps.map((x) => x.step), basis: series.basis };
}
