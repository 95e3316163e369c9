import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Balance, Position } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import { formatFixed } from '../../lib/format';
import { crossLiquidationCushion, previewLeverageChange, type LeverageChangePreview, type LeverageRefusal } from '../../lib/leverage-change';

/**
 * The open position in the symbol at leverage `to`, from what query_positions and query_balance
 * carry. The liquidation cushion is the isolated margin, or (cross) the cross equity less the other
 * cross positions' maintenance margin; without the balance yet, it is left to the position's own
 * liquidation price, which a leverage change does not move.
 */
export function leverageChangeOf(a: {
  position: Position;
  positions: readonly Position[];
  balance: Balance | undefined;
  available: ReturnType<typeof dec> | null;
  from: number;
  to: number;
}): LeverageChangePreview {
  const p = a.position;
  const otherCrossMaintenance = a.positions
    .filter((o) => o.symbol !== p.symbol && o.margin_mode === 'cross')
    .reduce((sum, o) => sum.plus(o.maint_margin), dec(0));
  const cushion =
    p.margin_mode === 'isolated'
      ? dec(p.holding_margin)
      : a.balance
        ? crossLiquidationCushion({ crossBalance: dec(a.balance.cross_balance), crossUpnl: dec(a.balance.cross_upnl), ownUpnl: dec(p.upnl), otherCrossMaintenance })
        : null;
  const preview = previewLeverageChange({
    position: {
      signedQty: dec(p.qty),
      entry: dec(p.entry_price),
      entryValue: dec(p.entry_value),
      margin: dec(p.holding_margin),
      mode: p.margin_mode,
      mmr: dec(p.mmr),
    },
    from: a.from,
    to: a.to,
    available: a.available,
    cushion: cushion ?? dec(0),
  });
  return cushion ? preview : { ...preview, liqPrice: dec(p.liq_price) };
}

/** Why the exchange would refuse the change, in the trader's words. */
export function leverageRefusalWords(r: LeverageRefusal | null, to: number): MessageDescriptor | null {
  if (!r) return null;
  const needed = formatFixed(r.needed, 2);
  if (r.kind === 'isolated-margin') {
    const held = formatFixed(r.held, 2);
    return msg`At ${to}× this isolated position needs ${needed} USD margin and holds ${held}: add margin first`;
  }
  const available = formatFixed(r.available.lt(0) ? dec(0) : r.available, 2);
  return msg`At ${to}× the position needs ${needed} USD more margin; ${available} available`;
}
