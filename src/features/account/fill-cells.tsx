import type { ReactNode } from 'react';
import type { Trade } from '../../api/schemas';
import { show, showUsd, showUsdSigned } from '../../lib/display';
import { Td } from '../../ui/table-cells';
import { toneOf } from '../../ui/tone';

/**
 * A fill's price, size, value, fee and realized PnL cells, at the symbol's precision (trade history,
 * order detail). A function, not a component: the cells sit in the row itself, where the table
 * labels each with its column for the phone's cards.
 */
export function fillCells(t: Trade, d: { price: number; qty: number }): ReactNode {
  return (
    <>
      <Td className="num">{show(t.price, d.price)}</Td>
      <Td className="num">{show(t.qty, d.qty)}</Td>
      <Td className="num">{showUsd(t.value)}</Td>
      <Td className="num">
        {showUsd(t.fee_qty)} <span className="text-muted">{t.fee_asset}</span>
      </Td>
      <Td className={`num ${toneOf(t.pnl)}`}>{showUsdSigned(t.pnl)}</Td>
    </>
  );
}
