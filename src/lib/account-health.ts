import { dec, type Dec } from './decimal';
import { notional } from './perp-math';

/**
 * Account health from what query_balance and query_positions carry: how close the account is to
 * liquidation (margin ratio) and how much exposure each unit of equity carries (account leverage).
 */

/** The position fields the health figures read (a query_positions row fits). */
export interface HealthPosition {
  qty: string;
  mark_price: string;
  maint_margin: string;
}

/** Maintenance margin of the account: Σ maint_margin over its open positions. */
export function maintenanceMargin(positions: readonly HealthPosition[]): Dec {
  return positions.reduce((sum, p) => sum.plus(p.maint_margin), dec(0));
}

/** Exposure at the mark: Σ |qty| × mark_price over the open positions. */
export function exposureAtMark(positions: readonly HealthPosition[]): Dec {
  return positions.reduce((sum, p) => sum.plus(notional(dec(p.qty), dec(p.mark_price))), dec(0));
}

/**
 * Margin ratio: maintenance margin / equity. At 100 % the equity no longer covers what the
 * positions must keep, which is where the exchange liquidates. Null when there is nothing to
 * relate: no margin needed, or no equity left to carry it (then the account is past the line).
 */
export function marginRatio(maintenance: Dec, equity: Dec): Dec | null {
  if (maintenance.isZero() || equity.lte(0)) return null;
  return maintenance.div(equity);
}

/** Account leverage: exposure at mark / equity. Null without equity to lever. */
export function accountLeverage(exposure: Dec, equity: Dec): Dec | null {
  if (equity.lte(0)) return null;
  return exposure.div(equity);
}

/** Margin ratio from which the trader is warned, and from which the warning turns to danger. */
export const MARGIN_RATIO_WARN = dec('0.7');
export const MARGIN_RATIO_DANGER = dec('0.9');

export type HealthLevel = 'safe' | 'warn' | 'danger';

/**
 * How the margin ratio reads: ≥ 90 % danger, ≥ 70 % warn, else safe. An account that holds
 * margin but has no equity left (ratio null with maintenance > 0) is in danger.
 */
export function healthLevel(ratio: Dec | null, maintenance: Dec): HealthLevel {
  if (ratio === null) return maintenance.gt(0) ? 'danger' : 'safe';
  if (ratio.gte(MARGIN_RATIO_DANGER)) return 'danger';
  if (ratio.gte(MARGIN_RATIO_WARN)) return 'warn';
  return 'safe';
}
