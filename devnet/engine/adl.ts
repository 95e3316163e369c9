// Auto-deleveraging: when the insurance fund cannot take a liquidated position over without going
// below its floor, the position is closed against the opposite positions of other accounts instead,
// most profitable first (upnl per unit of holding margin), at the liquidated position's bankruptcy
// price. The counterparties realize less than their profit at the mark: the loss is socialised.
//
// Only positions that close at that price without a loss are deleveraged (a counterparty is never
// pushed into a deficit of its own); whatever they cannot absorb goes to the fund after all.
import { SCALE } from './decimal.js';
import { bookForcedFill } from './forced-fill.js';
import { accountFigures, holdingMargin, notionalOf, perpsEquity, positionUpnl, upnlAt } from './margin.js';
import { HOUSE, posConfig } from './state.js';
import type { Ctx, SymbolState } from './state.js';
import type { Account, PositionRec } from './types.js';

interface Candidate {
  acct: Account;
  pos: PositionRec;
  score: bigint;
}

/**
 * Opposite positions that can close at `value` (for `lots`) without a deficit of their own, best ranked
 * first (ties: account id).
 */
function candidates(ctx: Ctx, s: SymbolState, victim: Account, long: boolean, value: bigint, lots: number): Candidate[] {
  const out: Candidate[] = [];
  for (const id of ctx.holders) {
    if (id === victim.id || id === HOUSE) continue;
    const acct = ctx.accounts.get(id);
    const pos = acct?.positions.get(s.spec.symbol);
    if (acct === undefined || pos === undefined || pos.qty > 0 === long) continue;
    const size = pos.qty < 0 ? -pos.qty : pos.qty;
    const atMark = upnlAt(pos, notionalOf(s.spec, s.mark, size));
    const atValue = upnlAt(pos, (value * BigInt(size)) / BigInt(lots));
    if (!closesWithoutDeficit(ctx, acct, pos, atValue - atMark)) continue;
    const margin = holdingMargin(pos, posConfig(ctx, acct, pos.symbol).leverage);
    out.push({ acct, pos, score: (atMark * SCALE) / (margin > 0n ? margin : 1n) });
  }
  return out.sort((a, b) => (a.score === b.score ? (a.acct.id < b.acct.id ? -1 : 1) : a.score > b.score ? -1 : 1));
}

/** Closing at a price `worse` (≤ 0: worse than the mark by that much) leaves the margin behind it ≥ 0. */
function closesWithoutDeficit(ctx: Ctx, acct: Account, pos: PositionRec, worse: bigint): boolean {
  if (acct.system) return perpsEquity(ctx, acct) + worse >= 0n;
  if (pos.mode === 'isolated') return pos.isoMargin + positionUpnl(ctx, pos) + worse >= 0n;
  return acct.cross + accountFigures(ctx, acct).crossUpnl + worse >= 0n;
}

/**
 * Closes `lots` of the victim's position (long when `long`) at total `value` against ranked
 * counterparties; returns the lots and value left over for the insurance fund.
 */
export function autoDeleverage(
  ctx: Ctx, s: SymbolState, victim: Account, long: boolean, lots: number, value: bigint, liqId: number,
): { lots: number; value: bigint } {
  let left = lots;
  let leftValue = value;
  const side = long ? 'sell' : 'buy';
  for (const c of candidates(ctx, s, victim, long, value, lots)) {
    if (left === 0) break;
    const size = c.pos.qty < 0 ? -c.pos.qty : c.pos.qty;
    const take = size < left ? size : left;
    const share = take === left ? leftValue : (value * BigInt(take)) / BigInt(lots);
    const tradeId = ++ctx.seq.trade;
    bookForcedFill(ctx, s, victim, { side, lots: take, value: share, source: 'liquidation', remark: 'liquidation', liqId }, tradeId);
    bookForcedFill(ctx, s, c.acct, { side: long ? 'buy' : 'sell', lots: take, value: share, source: 'adl', remark: 'auto-deleveraging', liqId }, tradeId);
    left -= take;
    leftValue -= share;
  }
  return { lots: left, value: leftValue };
}
