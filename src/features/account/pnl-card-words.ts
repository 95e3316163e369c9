import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { shortAccount, type ShareCard } from '../../lib/share-card';
import type { CardOptions, PnlCardWords } from '../../ui/pnl-card/card-words';
import type { CardText } from '../../ui/pnl-card/draw-card';

/** Long / Short with the leverage: "Long 10×". */
function sideWords(i18n: I18n, card: ShareCard): string {
  const leverage = card.leverage;
  if (!leverage) return card.side === 'long' ? i18n._(msg`Long`) : i18n._(msg`Short`);
  return card.side === 'long' ? i18n._(msg`Long ${leverage}×`) : i18n._(msg`Short ${leverage}×`);
}

/** The words drawn on the card. */
export function cardText(i18n: I18n, card: ShareCard, options: CardOptions): CardText {
  const leverage = card.leverage;
  const closed = card.kind === 'closed';
  const rows = [
    { label: i18n._(msg({ message: 'Entry', context: 'share card: entry price' })), value: card.entry },
    { label: closed ? i18n._(msg({ message: 'Exit', context: 'share card: the closing fill’s price' })) : i18n._(msg({ message: 'Mark', context: 'share card: mark price' })), value: card.price },
    // A fill records no leverage: a closed trade's is its order's, else the symbol's setting now, and says so.
    { label: card.leverageIs === 'setting' ? i18n._(msg`Leverage setting`) : i18n._(msg`Leverage`), value: leverage ? i18n._(msg`${leverage}×`) : '—' },
  ];
  const pnl = card.pnl;
  return {
    product: i18n._(msg({ message: 'Perps', context: 'the product name on a share card' })),
    // A card of only some of the closing order's fills says so on the picture too.
    kind: !closed ? i18n._(msg`Open position`) : card.cover?.whole === false ? i18n._(msg`Part of a closed trade`) : i18n._(msg`Closed trade`),
    symbol: card.symbol,
    side: sideWords(i18n, card),
    roeLabel: i18n._(msg`ROE`),
    roe: card.roe ?? '—',
    pnlLabel: closed ? i18n._(msg`Realized PnL`) : i18n._(msg`Unrealized PnL`),
    pnl: options.showPnl ? i18n._(msg`${pnl} USD`) : null,
    rows,
    account: options.showAccount ? shortAccount(card.account) : null,
  };
}

/**
 * The picture's text alternative: symbol, side, leverage and ROE always; the PnL only when shown on
 * the card, the account only when chosen — the alt never tells more than the picture.
 */
export function cardAlt(i18n: I18n, card: ShareCard, options: CardOptions): string {
  const { symbol, entry, price, pnl } = card;
  const side = sideWords(i18n, card);
  const roe = card.roe ?? '—';
  const leverage = card.leverage || '—';
  let alt: string;
  if (card.kind === 'position')
    alt = options.showPnl
      ? i18n._(msg`PnL card: ${symbol} ${side}, ROE ${roe}, unrealized PnL ${pnl} USD, entry ${entry}, mark ${price}`)
      : i18n._(msg`PnL card: ${symbol} ${side}, ROE ${roe}, entry ${entry}, mark ${price}`);
  else if (card.leverageIs === 'order')
    alt = options.showPnl
      ? i18n._(msg`PnL card of a closed trade: ${symbol} ${side}, ROE ${roe}, realized PnL ${pnl} USD, entry ${entry}, exit ${price}`)
      : i18n._(msg`PnL card of a closed trade: ${symbol} ${side}, ROE ${roe}, entry ${entry}, exit ${price}`);
  else
    alt = options.showPnl
      ? i18n._(msg`PnL card of a closed trade: ${symbol} ${side}, ROE ${roe} at the ${leverage}× leverage setting, realized PnL ${pnl} USD, entry ${entry}, exit ${price}`)
      : i18n._(msg`PnL card of a closed trade: ${symbol} ${side}, ROE ${roe} at the ${leverage}× leverage setting, entry ${entry}, exit ${price}`);
  if (card.cover?.whole === false) {
    const fills = card.cover.fills;
    alt = i18n._(msg`${alt}; ${plural(fills, { one: 'only # fill of the closing order, not the whole trade', other: 'only # fills of the closing order, not the whole trade' })}`);
  }
  if (!options.showAccount) return alt;
  const account = shortAccount(card.account);
  return i18n._(msg`${alt}; account ${account}`);
}

/** What a closed card's ROE rests on: the closing order's leverage, else the setting now, else nothing. */
function leverageNote(i18n: I18n, card: ShareCard): string {
  const { symbol, leverage } = card;
  if (card.leverageIs === 'order') return i18n._(msg`ROE is the PnL over the margin at the ${leverage}× leverage of the closing order.`);
  return leverage
    ? i18n._(msg`A fill records no leverage: ROE is the PnL over the margin at your ${leverage}× ${symbol} leverage setting now.`)
    : i18n._(msg`A fill records no leverage and your ${symbol} leverage setting could not be read: no ROE.`);
}

/** What of the closing order the card sums, and how exit and entry come from its fills. */
function orderNote(i18n: I18n, card: ShareCard): string {
  const { qty } = card;
  const cover = card.cover ?? { whole: true, fills: 1 };
  const fills = cover.fills;
  if (cover.whole)
    return fills === 1
      ? i18n._(msg`The closing order closed ${qty} in one fill; the entry is worked out from its realized PnL.`)
      : i18n._(msg`The closing order closed ${qty} in ${fills} fills: PnL is their sum, exit their volume-weighted average price rounded half up to the price tick, and the entry is worked out from their realized PnL.`);
  const { orderFilled: filled, orderId } = cover;
  return filled !== null
    ? i18n._(msg`Only ${plural(fills, { one: '# fill', other: '# fills' })} of the closing order could be read (${qty} closed; the order filled ${filled}): PnL, exit and ROE are of those, not the whole trade.`)
    : i18n._(msg`Order ${orderId} could not be read: this card sums the ${plural(fills, { one: '# fill', other: '# fills' })} of it loaded in Trade history (${qty} closed), which may not be all of the trade.`);
}

/** The dialog's line under the picture: what a closed card's figures rest on (null for a position). */
export function cardNote(i18n: I18n, card: ShareCard): string | null {
  if (card.kind !== 'closed') return null;
  const lev = leverageNote(i18n, card);
  const order = orderNote(i18n, card);
  return i18n._(msg`${lev} ${order}`);
}

/** The share dialog's words (src/ui/pnl-card), in the language shown. */
export function usePnlCardWords(): PnlCardWords {
  // `t` is new on each language change: the words follow it.
  const { i18n, t } = useLingui();
  return useMemo(
    () => ({
      text: (card, options) => cardText(i18n, card, options),
      alt: (card, options) => cardAlt(i18n, card, options),
      title: ({ symbol }) => i18n._(msg`Share PnL: ${symbol}`),
      note: (card) => cardNote(i18n, card),
      showPnl: t`Show PnL amount`,
      showAccount: t`Show my address`,
      copy: t`Copy image`,
      download: t`Download PNG`,
      drawing: t`Drawing…`,
      drawFailed: t`This browser could not draw the picture.`,
      downloading: (filename) => i18n._(msg`Downloading ${filename}`),
      copied: t`Image copied to the clipboard`,
      copyUnsupported: t`This browser cannot copy images: use Download PNG instead.`,
      copyRefused: (detail) => i18n._(msg`The browser refused to copy the image (${detail}): use Download PNG instead.`),
    }),
    [i18n, t],
  );
}
