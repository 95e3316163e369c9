import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NoticeMessage, OrderWhat } from '../../lib/notices';

/** A notice or toast in words: its title line and, when there is more to say, a body. */
export interface NoticeWords {
  title: string;
  body?: string;
}

/**
 * An order as a notice names it: "Buy 0.010 BTC-USD"; inside a TP/SL's name the side is lower case
 * ("Stop loss (sell 0.010 BTC-USD)"), and a whole-position one says so ("BTC-USD whole position").
 */
function orderWords(o: OrderWhat, i18n: I18n): string {
  const { size, symbol } = o;
  if (o.leg) {
    const inner =
      size === null
        ? i18n._(o.side === 'buy' ? msg`buy ${symbol} whole position` : msg`sell ${symbol} whole position`)
        : i18n._(o.side === 'buy' ? msg`buy ${size} ${symbol}` : msg`sell ${size} ${symbol}`);
    return i18n._(o.leg === 'tp' ? msg`Take profit (${inner})` : msg`Stop loss (${inner})`);
  }
  if (size === null) return i18n._(o.side === 'buy' ? msg`Buy ${symbol} whole position` : msg`Sell ${symbol} whole position`);
  return i18n._(o.side === 'buy' ? msg`Buy ${size} ${symbol}` : msg`Sell ${size} ${symbol}`);
}

const body = (text: string | null | undefined): { body?: string } => (text ? { body: text } : {});

/**
 * The words of a notice (lib/notices.ts), in `i18n`'s language: the toast's title and body, and the
 * browser notification's. Called when the event happens (a toast keeps the language it was raised in).
 */
export function noticeWords(m: NoticeMessage, i18n: I18n): NoticeWords {
  switch (m.code) {
    case 'liquidation': {
      const order = orderWords(m.order, i18n);
      const title = i18n._(msg`Liquidation: ${order}`);
      if (!m.fill) return { title, ...body(m.remark) };
      const { size, price } = m.fill;
      return { title, body: i18n._(msg`Filled ${size} at ${price}`) };
    }
    case 'tpsl-triggered': {
      const { symbol } = m;
      const title = i18n._(m.leg === 'tp' ? msg`Take profit triggered: ${symbol}` : msg`Stop loss triggered: ${symbol}`);
      if (!m.fill) return { title };
      const order = orderWords(m.fill.order, i18n);
      const price = m.fill.price;
      return { title, body: i18n._(msg`${order} filled at ${price}`) };
    }
    case 'filled': {
      const order = orderWords(m.order, i18n);
      const { price } = m;
      return { title: i18n._(msg`Filled: ${order}`), body: i18n._(msg`Average price ${price}`) };
    }
    case 'partially-filled': {
      const order = orderWords(m.order, i18n);
      const { filled, size, price } = m;
      return { title: i18n._(msg`Partially filled: ${order}`), body: i18n._(msg`${filled} of ${size} at ${price}`) };
    }
    case 'tpsl-canceled': {
      const { symbol } = m;
      return { title: i18n._(m.leg === 'tp' ? msg`Take profit canceled: ${symbol}` : msg`Stop loss canceled: ${symbol}`), ...body(m.remark) };
    }
    case 'canceled': {
      const order = orderWords(m.order, i18n);
      return { title: i18n._(msg`Canceled: ${order}`), ...body(m.remark) };
    }
    case 'rejected': {
      const order = orderWords(m.order, i18n);
      return { title: i18n._(msg`Rejected: ${order}`), ...body(m.remark) };
    }
    case 'liquidation-near': {
      const { ratio, level } = m;
      return {
        title: i18n._(msg`Margin ratio ${ratio} %: past your ${level} % warning`),
        body: i18n._(msg`Liquidation is at 100 %: add margin or reduce your positions.`),
      };
    }
    case 'withdrawal-confirmed':
      return { title: i18n._(msg`Withdrawal confirmed`), ...body(m.note) };
    case 'price-alert': {
      const { symbol, price, at } = m;
      const title =
        m.source === 'mark'
          ? m.direction === 'above'
            ? msg`${symbol} mark rose to ${price}`
            : msg`${symbol} mark fell to ${price}`
          : m.direction === 'above'
            ? msg`${symbol} last price rose to ${price}`
            : msg`${symbol} last price fell to ${price}`;
      return { title: i18n._(title), body: i18n._(msg`Price alert: reached at ${at}. It will not fire again.`) };
    }
  }
}
