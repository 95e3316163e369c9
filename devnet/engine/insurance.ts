// The insurance fund: the `sys_insurance` account. It takes over liquidated positions at their
// bankruptcy price and unwinds them near the mark; its worth is its balance plus the upnl of what it
// still holds, at the mark. It never goes below INSURANCE_FLOOR: a loss beyond that is socialised by
// auto-deleveraging (adl.ts) instead (decisions.md, "Money safety in the devnet").
import { perpsEquity } from './margin.js';
import { HOUSE } from './state.js';
import type { Ctx } from './state.js';

export const INSURANCE_FLOOR = 0n;

/** fund = balance + Σ upnl of inherited positions at the mark: the house account's perps equity. */
export function insuranceFund(ctx: Ctx): bigint {
  const house = ctx.accounts.get(HOUSE);
  return house === undefined ? 0n : perpsEquity(ctx, house);
}

/**
 * What taking over `lots` on the long (`long`) or short side at total `value` costs the fund at the mark:
 * buying above the mark or selling below it is an immediate loss.
 */
export function takeoverLoss(markValue: bigint, value: bigint, long: boolean): bigint {
  const loss = long ? value - markValue : markValue - value;
  return loss > 0n ? loss : 0n;
}
