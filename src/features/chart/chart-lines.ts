import { LineStyle, type CreatePriceLineOptions } from 'lightweight-charts';
import type { Order, Position } from '../../api/schemas';
import { palette } from './chart-theme';

/**
 * Horizontal lines the trader needs on the chart: the mark price, each open order of the symbol
 * (TP/SL children by their trigger), and the position's entry and liquidation prices.
 */
export function chartLines(a: { mark: string | null; orders: readonly Order[]; position: Position | undefined }): CreatePriceLineOptions[] {
  const lines: CreatePriceLineOptions[] = [];
  if (a.mark) {
    lines.push({ price: Number(a.mark), color: palette.accent, lineWidth: 1, lineStyle: LineStyle.Dotted, axisLabelVisible: true, title: 'Mark' });
  }
  for (const o of a.orders) {
    const trigger = o.source === 'tp' ? 'TP' : o.source === 'sl' ? 'SL' : null;
    const price = Number(o.price);
    if (!(price > 0)) continue;
    lines.push({
      price,
      color: o.side === 'buy' ? palette.up : palette.down,
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
      axisLabelVisible: true,
      title: trigger ? `${trigger} ${o.qty}` : `${o.side === 'buy' ? 'Buy' : 'Sell'} ${o.qty}`,
    });
  }
  if (a.position) {
    const long = !a.position.qty.startsWith('-');
    lines.push({
      price: Number(a.position.entry_price),
      color: long ? palette.up : palette.down,
      lineWidth: 2,
      lineStyle: LineStyle.Solid,
      axisLabelVisible: true,
      title: `Entry ${a.position.qty}`,
    });
    if (Number(a.position.liq_price) > 0) {
      lines.push({ price: Number(a.position.liq_price), color: palette.warn, lineWidth: 1, lineStyle: LineStyle.LargeDashed, axisLabelVisible: true, title: 'Liq.' });
    }
  }
  return lines;
}
