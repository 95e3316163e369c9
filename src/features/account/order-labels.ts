import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Order } from '../../api/schemas';
import { isFiredClose, isWholePosition } from '../../lib/position-tpsl';

/**
 * The request that sets a position TP/SL (decisions.md: a reduce-only qty "0" order carrying the
 * triggers). The exchange records it as done at once; its children are the protection.
 */
export function isPositionTpslRequest(o: Pick<Order, 'source' | 'qty' | 'reduce_only'>): boolean {
  return o.source === 'user' && o.reduce_only && isWholePosition(o);
}

/** An order's kind as a trader names it (the words: ORDER_KIND). */
export type OrderKind = 'position-tpsl' | 'take-profit' | 'stop-loss' | 'liquidation' | 'limit' | 'market';

/** Limit, Market, Take profit, Stop loss, Liquidation, Position TP/SL. */
export function orderKindOf(o: Pick<Order, 'order_type' | 'source' | 'qty' | 'reduce_only'>): OrderKind {
  if (isPositionTpslRequest(o)) return 'position-tpsl';
  if (o.source === 'tp') return 'take-profit';
  if (o.source === 'sl') return 'stop-loss';
  if (o.source === 'liquidation') return 'liquidation';
  return o.order_type === 'limit' ? 'limit' : 'market';
}

export const ORDER_KIND: Record<OrderKind, MessageDescriptor> = {
  'position-tpsl': msg`Position TP/SL`,
  'take-profit': msg`Take profit`,
  'stop-loss': msg`Stop loss`,
  liquidation: msg`Liquidation`,
  limit: msg`Limit`,
  // "Market" is also the heading of the symbol column: the order type is told apart by its context.
  market: msg({ message: 'Market', context: 'order type' }),
};

/** How a trader names an order's kind: Limit, Market, Take profit, Stop loss, Liquidation, Position TP/SL. */
export function orderKind(o: Pick<Order, 'order_type' | 'source' | 'qty' | 'reduce_only'>): MessageDescriptor {
  return ORDER_KIND[orderKindOf(o)];
}

/** The side of an order or fill as a table shows it. */
export const SIDE_LABEL: Record<Order['side'], MessageDescriptor> = { buy: msg`Buy`, sell: msg`Sell` };

const WHAT: Record<Order['side'], Record<OrderKind, MessageDescriptor>> = {
  buy: {
    'position-tpsl': msg`buy position tp/sl`,
    'take-profit': msg`buy take profit`,
    'stop-loss': msg`buy stop loss`,
    liquidation: msg`buy liquidation`,
    limit: msg`buy limit`,
    market: msg`buy market`,
  },
  sell: {
    'position-tpsl': msg`sell position tp/sl`,
    'take-profit': msg`sell take profit`,
    'stop-loss': msg`sell stop loss`,
    liquidation: msg`sell liquidation`,
    limit: msg`sell limit`,
    market: msg`sell market`,
  },
};

/** Which order a row's detail button opens, for screen readers: "buy limit", "sell stop loss". */
export function orderWhat(o: Pick<Order, 'side' | 'order_type' | 'source' | 'qty' | 'reduce_only'>): MessageDescriptor {
  return WHAT[o.side][orderKindOf(o)];
}

/**
 * The status as the trader reads it; a position TP/SL request that went through is "Set", not
 * "Filled"; a TP/SL that has fired and still closes says so, and that the protection band holds
 * back the rest once it does (status `open`).
 */
export function statusLabel(o: Pick<Order, 'status' | 'source' | 'qty' | 'reduce_only'>): MessageDescriptor {
  if (isPositionTpslRequest(o) && o.status === 'filled') return SET;
  if (isFiredClose(o)) return o.status === 'open' ? FIRED_WAITING : msg`Triggered — closing`;
  return STATUS_LABEL[o.status];
}

/** A TP/SL (or the request of a position's) that is in place: "Set" as a status, not the verb. */
export const SET = msg({ message: 'Set', context: 'order status' });

/** A fired TP/SL the band has left partly unfilled: tried again on the next ticks. */
export const FIRED_WAITING = msg`Triggered — waiting for a price within the protection band`;

/**
 * The price cell of an order: a market order's "Market", or the trigger of a TP/SL, labelled so
 * once it has fired (its price stays the trigger, it fills at what the band allows).
 */
export function priceLabel(i18n: I18n, o: Pick<Order, 'order_type' | 'status' | 'source'>, shownPrice: string): string {
  if (isFiredClose(o)) {
    const price = shownPrice;
    return i18n._(msg`Trigger ${price}`);
  }
  return o.order_type === 'market' && o.status !== 'untriggered' ? i18n._(ORDER_KIND.market) : shownPrice;
}

/** An order's size at its precision; qty "0" on a TP/SL is the whole position. */
export function sizeLabel(i18n: I18n, qty: string, shown: string): string {
  return isWholePosition({ qty }) ? i18n._(msg`Whole position`) : shown;
}

export const STATUS_LABEL: Record<Order['status'], MessageDescriptor> = {
  new: msg({ message: 'New', context: 'order status' }),
  open: msg({ message: 'Open', context: 'order status' }),
  filled: msg`Filled`,
  canceled: msg`Canceled`,
  rejected: msg`Rejected`,
  untriggered: msg`Waiting for trigger`,
};

/** Time in force: the exchange's codes GTC and IOC as they are; ALO in words. */
export function tifLabel(i18n: I18n, tif: Order['time_in_force']): string {
  return tif === 'alo' ? i18n._(msg`Post only`) : tif.toUpperCase();
}

/** Whether an order only reduces the position, in a table's cell. */
export function yesNo(i18n: I18n, yes: boolean): string {
  return yes ? i18n._(msg`Yes`) : i18n._(msg`No`);
}
