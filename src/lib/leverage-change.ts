import type { Dec } from './decimal';
import { liquidationPrice } from './perp-math';

/**
 * What a leverage change does to an open position, before the trader confirms it. On this exchange
 * the leverage sets the margin a cross position holds (its initial margin) and the margin an
 * isolated one needs at least; liquidation is decided by equity against maintenance margin, which
 * the leverage does not enter, so the liquidation price is the same before and after.
 */

export interface LeveragedPosition {
  /** > 0 long, < 0 short. */
  signedQty: Dec;
  entry: Dec;
  /** |qty| × entry (entry_value). */
  entryValue: Dec;
  /** The margin it holds now (holding_margin): cross, its initial margin; isolated, what was put in. */
  margin: Dec;
  mode: 'cross' | 'isolated';
  mmr: Dec;
}

/** Initial margin of a position at a leverage: entry_value / leverage. */
export function initialMarginAt(entryValue: Dec, leverage: number): Dec {
  return entryValue.div(leverage);
}

/**
 * Margin a position holds at a leverage: cross, its initial margin at that leverage; isolated, the
 * margin put in, which a leverage change does not move.
 */
export function positionMarginAt(p: LeveragedPosition, leverage: number): Dec {
  return p.mode === 'isolated' ? p.margin : initialMarginAt(p.entryValue, leverage);
}

/**
 * The cushion a cross position has before liquidation: cross_balance + cross_upnl − its own upnl
 * − Σ maint_margin of the other cross positions (what the rest of the cross account keeps back).
 */
export function crossLiquidationCushion(a: { crossBalance: Dec; crossUpnl: Dec; ownUpnl: Dec; otherCrossMaintenance: Dec }): Dec {
  return a.crossBalance.plus(a.crossUpnl).minus(a.ownUpnl).minus(a.otherCrossMaintenance);
}

/** Why the exchange would refuse the change, with the amount it turns on. */
export type LeverageRefusal =
  /** Isolated: the initial margin at the new leverage is more than the position holds. */
  | { kind: 'isolated-margin'; needed: Dec; held: Dec }
  /** Cross, lowering: the extra margin is more than is available. */
  | { kind: 'available'; needed: Dec; available: Dec };

export interface LeverageChangePreview {
  marginBefore: Dec;
  marginAfter: Dec;
  /** cross_available before and after the change (cross only; null when unknown or isolated). */
  availableBefore: Dec | null;
  availableAfter: Dec | null;
  /** Liquidation price after the change, from `cushion` (isolated: its margin; cross: crossLiquidationCushion). */
  liqPrice: Dec | null;
  refusal: LeverageRefusal | null;
}

/**
 * The position at leverage `to`: its margin, the cross available after the margin moves
 * (available − (margin after − margin before)), the liquidation price (perp-math), and whether the
 * exchange refuses it.
 */
export function previewLeverageChange(a: { position: LeveragedPosition; from: number; to: number; available: Dec | null; cushion: Dec }): LeverageChangePreview {
  const p = a.position;
  const marginBefore = p.margin;
  const marginAfter = positionMarginAt(p, a.to);
  const liqPrice = liquidationPrice({ signedQty: p.signedQty, entry: p.entry, cushion: a.cushion, mmr: p.mmr });
  if (p.mode === 'isolated') {
    const needed = initialMarginAt(p.entryValue, a.to);
    const refusal: LeverageRefusal | null = needed.gt(p.margin) ? { kind: 'isolated-margin', needed, held: p.margin } : null;
    return { marginBefore, marginAfter, availableBefore: null, availableAfter: null, liqPrice, refusal };
  }
  const extra = marginAfter.minus(marginBefore);
  const availableAfter = a.available ? a.available.minus(extra) : null;
  const refusal: LeverageRefusal | null =
    a.to < a.from && a.available && availableAfter && availableAfter.lt(0) ? { kind: 'available', needed: extra, available: a.available } : null;
  return { marginBefore, marginAfter, availableBefore: a.available, availableAfter, liqPrice, refusal };
}
