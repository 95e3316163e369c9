// The account's history as one time-ordered list of PnL events: every fill (its realized pnl, fee and
// how it moved the position) and every funding payment, each with its change to the cumulative PnL.
// Parsed once; the curves, figures and CSV all read this list.
import { eventTime } from './event-time';
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
  /** Each symbol's replayed position after the last fill (qty units): walk.positions. */
  replayed: Map<string, bigint>;
  walk: PositionWalk;
  settlementAsset: string;
  /** How many trades and funding rows of the history it holds (extendLedger adds the rest). */
  trades: number;
  funding: number;
  /** Closing fills whose pnl ≠ 0 although the replay had no position to close: history starts mid-position. */
  unexplainedPnlFills: number;
  /** Some fill's fee is in an asset other than the settlement asset. */
  otherAssetFees: boolean;
}

/** Most fraction digits of the amounts beside the history (balance, positions, moves): a few strings. */
export function scalesBeside(input: PortfolioInput): { scale: number; qtyScale: number } {
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

/** Before a fill is replayed (extendLedger replays only once every new row has parsed). */
const NOT_REPLAYED: FillSplit = { before: 0n, after: 0n, closed: 0n, opened: 0n };

/** A fill parsed: change = pnl − fee when the fee is in the settlement asset, else pnl; split replayed later. */
function fillEvent(t: HistoryTrade, index: number, scale: number, settlement: string): FillEvent {
  const pnl = toUnits(t.pnl, scale);
  const fee = toUnits(t.fee_qty, scale);
  const feeCounted = t.fee_asset === settlement;
  return {
    kind: 'fill', at: eventTime(t.created_at), symbol: t.symbol, index, id: t.id, side: t.side,
    pnl, fee, feeAsset: t.fee_asset, feeCounted, value: toUnits(t.value, scale), split: NOT_REPLAYED, change: feeCounted && fee !== 0n ? pnl - fee : pnl,
  };
}

/** A funding payment parsed: change = qty (+ received, − paid). */
function fundingEvent(f: HistoryFunding, index: number, scale: number): FundingEvent {
  return { kind: 'funding', at: eventTime(f.transact_time), symbol: f.symbol, index, id: f.id, change: toUnits(f.qty, scale) };
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

/** The ledger at given scales: empty, then extended by the whole history. */
function ledgerAt(input: PortfolioInput, scale: number, qtyScale: number): Ledger {
  const ledger: Ledger = {
    scale, qtyScale, settlementAsset: input.settlementAsset, events: [], at: [], cumulative: [], walk: new PositionWalk(),
    replayed: new Map(), trades: 0, funding: 0, unexplainedPnlFills: 0, otherAssetFees: false,
  };
  ledger.replayed = ledger.walk.positions;
  if (!extendLedger(ledger, input.trades, input.funding)) throw new RangeError('history-out-of-order');
  return ledger;
}

/**
 * Adds trades[ledger.trades..] and funding[ledger.funding..] (rows that came since) in place:
 * cumulative[i] = cumulative[i − 1] + events[i].change. Returns false and leaves the ledger as it was
 * when a new row is finer than its scale or earlier than its last event: then build it again.
 */
export function extendLedger(ledger: Ledger, trades: readonly HistoryTrade[], funding: readonly HistoryFunding[]): boolean {
  const { scale, qtyScale } = ledger;
  let fills: FillEvent[];
  let payments: LedgerEvent[];
  let qty: bigint[];
  try {
    fills = trades.slice(ledger.trades).map((t, i) => fillEvent(t, ledger.trades + i, scale, ledger.settlementAsset));
    qty = trades.slice(ledger.trades).map((t) => toUnits(t.qty, qtyScale));
    payments = funding.slice(ledger.funding).map((f, i) => fundingEvent(f, ledger.funding + i, scale));
  } catch (e) {
    if (e instanceof RangeError) return false;
    throw e;
  }
  const n = ledger.at.length;
  const lastAt = n > 0 ? ledger.at[n - 1]! : -Infinity;
  if (n > 0 && (fills.some((e) => e.at < lastAt) || payments.some((e) => e.at < lastAt))) return false;
  fills.forEach((e, i) => {
    e.split = ledger.walk.apply(e.symbol, e.side, qty[i]!);
    if (e.pnl !== 0n && e.split.closed === 0n) ledger.unexplainedPnlFills++;
    if (!e.feeCounted) ledger.otherAssetFees = true;
  });
  let sum = n > 0 ? ledger.cumulative[n - 1]! : 0n;
  for (const e of mergeByTime(fills, payments)) {
    ledger.events.push(e);
    ledger.at.push(e.at);
    if (e.change !== 0n) sum += e.change;
    ledger.cumulative.push(sum);
  }
  ledger.trades = trades.length;
  ledger.funding = funding.length;
  return true;
}

/** A closing fill: it reduced a position, or the exchange booked PnL on it (then it closed one opened before the history). */
export function isClosingFill(e: FillEvent): boolean {
  return e.split.closed > 0n || e.pnl !== 0n;
}
