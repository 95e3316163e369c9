import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LineStyle, type CreatePriceLineOptions } from 'lightweight-charts';
import type { Order, Position } from '../../api/schemas';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { firedCloses, isWholePosition, protectionOf } from '../../lib/position-tpsl';
import { palette } from './chart-theme';

/**
 * Horizontal lines the trader needs on the chart: the mark price, each open order of the symbol,
 * the position's take profit and stop loss by their trigger ("TP 97,000"; the size when attached to a
 * filled order rather than protecting the whole position), and its entry and liquidation prices.
 * An order's line carries the size still resting (qty − fill_qty: a partly filled order no longer
 * rests its original size) and the order's id as the line's `id`, so a drag knows which order it moves.
 * A TP/SL that has fired and still closes (the protection band holds back the rest) keeps a line at
 * its trigger that says so ("SL triggered · 0.700 left"), with no id: it cannot be dragged.
 */
export function chartLines(a: LineInputs): CreatePriceLineOptions[] {
  return chartLineSet(a).lines;
}

interface LineInputs {
  mark: string | null;
  orders: readonly Order[];
  position: Position | undefined;
  priceDecimals: number;
  qtyDecimals: number;
  symbol: string;
  /** The language the lines' titles are written in (the chart re-draws them on a change). */
  i18n: I18n;
}

/**
 * The lines, and each line as a screen reader hears it ("Entry 0.693 at 94,975.44"): the canvas takes
 * a price as a number, the text is made from the service's decimal string at the symbol's precision,
 * never from that number.
 */
export function chartLineSet(a: LineInputs): { lines: CreatePriceLineOptions[]; texts: string[] } {
  const lines: CreatePriceLineOptions[] = [];
  const texts: string[] = [];
  const { i18n } = a;
  const add = (line: CreatePriceLineOptions, at: string) => {
    lines.push(line);
    const title = line.title ?? '';
    const price = show(at, a.priceDecimals);
    texts.push(i18n._(msg`${title} at ${price}`));
  };
  if (a.mark) {
    add({ price: Number(a.mark), color: palette.accent, lineWidth: 1, lineStyle: LineStyle.Dotted, axisLabelVisible: true, title: i18n._(msg`Mark`) }, a.mark);
  }
  const protection = protectionOf(a.symbol, a.orders);
  const fired = firedCloses(a.symbol, a.orders);
  const triggers = new Set([...protection.tp, ...protection.sl, ...fired.map((f) => f.order)]);
  for (const o of a.orders) {
    const price = Number(o.price);
    if (triggers.has(o) || !(price > 0)) continue;
    const size = show(dec(o.qty).minus(o.fill_qty), a.qtyDecimals);
    add({
      price,
      color: o.side === 'buy' ? palette.up : palette.down,
      lineWidth: 1,
      lineStyle: LineStyle.Dashed,
      axisLabelVisible: true,
      title: i18n._(o.side === 'buy' ? msg`Buy ${size}` : msg`Sell ${size}`),
      id: orderLineId(o.id),
    }, o.price);
  }
  for (const [leg, orders, color] of [['tp', protection.tp, palette.up], ['sl', protection.sl, palette.down]] as const) {
    for (const o of orders) {
      const price = show(o.price, a.priceDecimals);
      const qty = o.qty;
      let title: string;
      if (isWholePosition(o)) title = i18n._(leg === 'tp' ? msg`TP ${price}` : msg`SL ${price}`);
      else title = i18n._(leg === 'tp' ? msg`TP ${price} × ${qty}` : msg`SL ${price} × ${qty}`);
      add({
        price: Number(o.price),
        color,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
        title,
      }, o.price);
    }
  }
  for (const f of fired) {
    const left = f.remaining ? show(f.remaining, a.qtyDecimals) : null;
    let title: string;
    if (f.kind === 'tp') title = i18n._(left ? msg`TP triggered · ${left} left` : msg`TP triggered`);
    else title = i18n._(left ? msg`SL triggered · ${left} left` : msg`SL triggered`);
    add({
      price: Number(f.order.price),
      color: f.kind === 'tp' ? palette.up : palette.down,
      lineWidth: 1,
      lineStyle: LineStyle.Dotted,
      axisLabelVisible: true,
      title,
    }, f.order.price);
  }
  if (a.position) {
    const long = !a.position.qty.startsWith('-');
    const size = show(a.position.qty, a.qtyDecimals);
    add({
      price: Number(a.position.entry_price),
      color: long ? palette.up : palette.down,
      lineWidth: 2,
      lineStyle: LineStyle.Solid,
      axisLabelVisible: true,
      title: i18n._(msg`Entry ${size}`),
    }, a.position.entry_price);
    if (dec(a.position.liq_price).gt(0)) {
      add({ price: Number(a.position.liq_price), color: palette.warn, lineWidth: 1, lineStyle: LineStyle.LargeDashed, axisLabelVisible: true, title: i18n._(msg`Liq.`) }, a.position.liq_price);
    }
  }
  return { lines, texts };
}

const ORDER_LINE = 'order-';

/** The price line id of an open order's line. */
export function orderLineId(orderId: number): string {
  return `${ORDER_LINE}${orderId}`;
}

/** The order a price line stands for, or null for the mark, TP/SL, entry and liquidation lines. */
export function orderIdOfLine(line: Pick<CreatePriceLineOptions, 'id'>): number | null {
  return line.id?.startsWith(ORDER_LINE) ? Number(line.id.slice(ORDER_LINE.length)) : null;
}
