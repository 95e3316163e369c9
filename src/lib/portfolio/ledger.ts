// The account's history as one time-ordered list of PnL events: every fill (its realized pnl, fee and
// how it moved the position) and every funding payment, each with its change to the cumulative PnL.
// Parsed once; the curves, figures and CSV all read this list.
import { fractionDigits, scaleFor, toUnits } from './exact-amount';
import type { HistoryFunding, HistoryTrade, PortfolioInput } from './portfolio-input';
import { PositionWalk, type FillSplit } from './position-walk';

export interface FillEvent {
  kind: 'fill';
  at: number;
  symbol: string;
  /** The trade's own index in `input.trades`. */
  index: number;
  id: number;
  side: 'buy' | 'sell';
  /** Realized PnL the exchange booked on the closing part (the trade's `pnl`). */
  pnl: bigint;
  fee: bigint;
  feeAsset: string;
  /** True when the fee is in the settlement asset and so counts against the PnL. */
  feeCounted: boolean;
  value: bigint;
  split: FillSplit;
  /** change = pnl − (feeCounted ? fee : 0). */
  change: bigint;
}

export interface FundingEvent {
  kind: 'funding';
  at: number;
  symbol: string;
  index: number;
  id: number;
  /** change = qty: + received, − paid (spec §2.3: "may be negative"; longs pay shorts when the rate is +). */
  change: bigint;
}

export type LedgerEvent = FillEvent | FundingEvent;

export interface Ledger {
  /** Money amounts are integers of 10^-scale. */
  scale: number;
  /** Quantities are integers of 10^-qtyScale. */
  qtyScale: number;
  /** Time-ordered (ties: fills first, then by id). */
  events: LedgerEvent[];
  /** at[i] = events[i].at: the series' times, for searching and thinning. */
  at: number[];
  /** cumulative[i] = Σ change of events[0..i]. */
  cumulative: bigint[];
  /** Each symbol's replayed position after the last fill (qty units). */
  replayed: Map<string, bigint>;
  /** Closing fills whose pnl ≠ 0 although the replay had no position to close: history starts mid-position. */
  unexplainedPnlFills: number;
  /** Some fill's fee is in an asset other than the settlement asset. */
  otherAssetFees: boolean;
}

/** Most fraction digits of the amounts beside the history (balance, positions, moves): a few strings. */
function scalesBeside(input: PortfolioInput): { scale: number; qtyScale: number } {
  const { balance } = input;
  const money = [balance.equity, balance.pnl_freeze, balance.pnl_24h ?? '0', input.unrealizedPnl];
  for (const p of input.openPositions ?? []) money.push(p.upnl);
  for (const m of input.moves ?? []) money.push(m.amount);
  return { scale: scaleFor(money), qtyScale: scaleFor((input.openPositions ?? []).map((p) => p.qty)) };
}

/** Most fraction digits of any amount (money) and of any quantity: the two exact scales. */
function scalesOf(input: PortfolioInput): { scale: number; qtyScale: number } {
  let { scale, qtyScale } = scalesBeside(input);
  for (const t of input.trades) {
    scale = Math.max(scale, fractionDigits(t.pnl), fractionDigits(t.fee_qty), fractionDigits(t.value));
    qtyScale = Math.max(qtyScale, fractionDigits(t.qty));
  }
  for (const f of input.funding) scale = Math.max(scale, fractionDigits(f.qty));
  return { scale, qtyScale };
}

/** A fill parsed: change = pnl − fee when the fee is in the settlement asset, else pnl; its split replayed. */
function fillEvent(t: HistoryTrade, index: number, walk: PositionWalk, scale: number, qtyScale: number, settlement: string): FillEvent {
  const pnl = toUnits(t.pnl, scale);
  const fee = toUnits(t.fee_qty, scale);
  const feeCounted = t.fee_asset === settlement;
  const split = walk.apply(t.symbol, t.side, toUnits(t.qty, qtyScale));
  return {
    kind: 'fill', at: Date.parse(t.created_at), symbol: t.symbol, index, id: t.id, side: t.side,
    pnl, fee, feeAsset: t.fee_asset, feeCounted, value: toUnits(t.value, scale), split, change: feeCounted && fee !== 0n ? pnl - fee : pnl,
  };
}

/** A funding payment parsed: change = qty (+ received, − paid). */
function fundingEvent(f: HistoryFunding, index: number, scale: number): FundingEvent {
  return { kind: 'funding', at: Date.parse(f.transact_time), symbol: f.symbol, index, id: f.id, change: toUnits(f.qty, scale) };
}

/** Time order; at the same ms fills before funding, then by id. */
function byTime(a: LedgerEvent, b: LedgerEvent): number {
  return a.at - b.at || (a.kind === b.kind ? a.id - b.id : a.kind === 'fill' ? -1 : 1);
}

/** Merges two lists each already in time order (the usual case: both sorted by id); else sorts. */
function mergeByTime(fills: LedgerEvent[], funding: LedgerEvent[]): LedgerEvent[] {
  const ordered = (xs: LedgerEvent[]) => xs.every((x, i) => i === 0 || byTime(xs[i - 1]!, x) <= 0);
  if (!ordered(fills) || !ordered(funding)) return [...fills, ...funding].sort(byTime);
  const out: LedgerEvent[] = new Array<LedgerEvent>(fills.length + funding.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < fills.length && j < funding.length) out[k++] = byTime(fills[i]!, funding[j]!) <= 0 ? fills[i++]! : funding[j++]!;
  while (i < fills.length) out[k++] = fills[i++]!;
  while (j < funding.length) out[k++] = funding[j++]!;
  return out;
}

/**
 * The exchange's amounts have at most 18 fraction digits (its 1e-18 unit), so the ledger is first
 * built at that scale without scanning 400,000 strings for it; an amount finer than that (another
 * service) makes it scan for the scale and start again.
 */
const USUAL_SCALE = 18;

/** Fills are replayed per symbol in the order given (by id, as the exchange numbers them). */
export function buildLedger(input: PortfolioInput): Ledger {
  const beside = scalesBeside(input);
  if (beside.scale <= USUAL_SCALE && beside.qtyScale <= USUAL_SCALE) {
    try {
      return ledgerAt(input, USUAL_SCALE, USUAL_SCALE);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  const { scale, qtyScale } = scalesOf(input);
  return ledgerAt(input, Math.max(scale, USUAL_SCALE), Math.max(qtyScale, USUAL_SCALE));
}

/** The ledger at given scales; cumulative[i] = cumulative[i − 1] + events[i].change. */
function ledgerAt(input: PortfolioInput, scale: number, qtyScale: number): Ledger {
  const walk = new PositionWalk();
  let unexplainedPnlFills = 0;
  let otherAssetFees = false;
  const fills: LedgerEvent[] = input.trades.map((t, i) => {
    const e = fillEvent(t, i, walk, scale, qtyScale, input.settlementAsset);
    if (e.pnl !== 0n && e.split.closed === 0n) unexplainedPnlFills++;
    if (!e.feeCounted) otherAssetFees = true;
    return e;
  });
  const funding: LedgerEvent[] = input.funding.map((f, i) => fundingEvent(f, i, scale));
  const events = mergeByTime(fills, funding);
  const cumulative = new Array<bigint>(events.length);
  const at = new Array<number>(events.length);
  let sum = 0n;
  for (let i = 0; i < events.length; i++) {
    at[i] = events[i]!.at;
    const change = events[i]!.change;
    if (change !== 0n) sum += change;
    cumulative[i] = sum;
  }
  return { scale, qtyScale, events, at, cumulative, replayed: walk.positions, unexplainedPnlFills, otherAssetFees };
}

/** A closing fill: it reduced a position, or the exchange booked PnL on it (then it closed one opened before the history). */
export function isClosingFill(e: FillEvent): boolean {
  return e.split.closed > 0n || e.pnl !== 0n;
}
