import { dec, type Dec } from './decimal';
import { show, showSigned, USD_DECIMALS } from './display';
import { formatPercent } from './format';
import { initialMargin, notional, returnOnEquity, unrealizedPnl } from './perp-math';

/**
 * What a PnL share card shows, from an open position or from a fill that closed one: every value
 * already at the symbol's precision with its sign, so the picture, its alt text and the tests read
 * the same characters. Words (Long / Short, the labels) are the view's: this returns codes.
 */
export interface ShareCard {
  /** `position`: open, valued at the mark. `closed`: a fill that closed (part of) one, at its price. */
  kind: 'position' | 'closed';
  symbol: string;
  side: 'long' | 'short';
  /** "10" (shown as 10×). */
  leverage: string;
  /**
   * `position`: the position's own leverage. `order`: a closed trade's, the closing order's leverage
   * (closedCardLeverage). `setting`: that order could not be read, so the symbol's leverage setting
   * now — the card labels it as such (see closedTradeCard).
   */
  leverageIs: 'position' | 'order' | 'setting';
  entry: string;
  /**
   * The mark (position), or the closed trade's exit: the volume-weighted average price of what its
   * order closed, rounded half up to the symbol's price places (show).
   */
  price: string;
  /** "+12.34%" / "-5.00%"; null when there is no margin to relate the PnL to. */
  roe: string | null;
  /** "+12.34" / "-5.00", in USD cents. */
  pnl: string;
  /** Profit, loss or neither: the tone the card draws ROE and PnL in (the sign says it too). */
  tone: 'up' | 'down' | 'flat';
  /** The account, shown only when the trader chooses. */
  account: string;
  /** |qty| of the position, or what the closing order closed, at the symbol's qty precision. */
  qty: string;
  /** A closed trade's: how much of its closing order it sums (null for a position). */
  cover: OrderCover | null;
}

/**
 * What of the closing order a closed card sums. `whole`: every fill of the order (`fills` of them).
 * Otherwise only the fills that could be read: the order's own fill_qty (`orderFilled`, at the qty
 * precision) to set them against, or null when the order could not be read either, so the card can say
 * it is a part and never pass a partial sum off as the trade.
 */
export type OrderCover = { whole: true; fills: number } | { whole: false; fills: number; orderFilled: string | null; orderId: number };

export interface Places {
  price: number;
  /** Size places; without them the closed qty is shown as it is. */
  qty?: number;
}

const ROE_PLACES = 2;

function toneOf(pnl: Dec): ShareCard['tone'] {
  return pnl.gt(0) ? 'up' : pnl.lt(0) ? 'down' : 'flat';
}

function qtyText(qty: Dec, places: Places): string {
  return places.qty === undefined ? qty.toFixed() : show(qty, places.qty);
}

function roeText(roe: Dec | null): string | null {
  return roe ? formatPercent(roe, ROE_PLACES, { ratio: true }) : null;
}

/**
 * An open position at `mark`: unrealized PnL = qty × (mark − entry), ROE = PnL / initial margin —
 * the positions table's own functions (perp-math unrealizedPnl, returnOnEquity over the position's
 * initial_margin), so the card never disagrees with the row it came from.
 */
export function positionCard(
  p: { symbol: string; qty: string; entry_price: string; initial_margin: string; leverage: string; user: string },
  mark: Dec,
  places: Places,
): ShareCard | null {
  const qty = dec(p.qty);
  if (qty.isZero()) return null;
  const entry = dec(p.entry_price);
  const upnl = unrealizedPnl(qty, entry, mark);
  return {
    kind: 'position',
    symbol: p.symbol,
    side: qty.gt(0) ? 'long' : 'short',
    leverage: dec(p.leverage).toFixed(),
    leverageIs: 'position',
    entry: show(entry, places.price),
    price: show(mark, places.price),
    roe: roeText(returnOnEquity(upnl, dec(p.initial_margin))),
    pnl: showSigned(upnl, USD_DECIMALS),
    tone: toneOf(upnl),
    account: p.user,
    qty: qtyText(qty.abs(), places),
    cover: null,
  };
}

/**
 * The entry price a closing fill implies. The exchange books a close as (devnet/engine/positions.ts
 * applyFill) realized = closed notional − the entry value it removes, pro rata, for a long (the
 * reverse for a short): pnl = (exit − entry) × qty for a long closed by a sell, so
 * entry = exit − pnl / qty; pnl = (entry − exit) × qty for a short closed by a buy, so
 * entry = exit + pnl / qty. Fees are booked apart (fee_qty), never in pnl.
 */
export function entryOfClose(side: 'buy' | 'sell', exit: Dec, qty: Dec, pnl: Dec): Dec {
  const perUnit = pnl.div(qty.abs());
  return side === 'sell' ? exit.minus(perUnit) : exit.plus(perUnit);
}

/** A fill of a closing order, as query_trades gives it. */
export interface ClosingFill {
  id: number;
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  qty: string;
  pnl: string;
  user: string;
}

/** A closing order as its card sums it: its fills, the part of each that closed, and its leverage. */
export interface ClosingOrder {
  /** The order's fills that could be read (all of them when `cover` is whole), any order. */
  fills: readonly ClosingFill[];
  /**
   * The part of each fill that closed a position, by fill id (share-card-order closedQtysOf). A fill that
   * flips a position realizes pnl on its closed part only, which the fill does not state; a fill
   * missing here is taken as closed whole when it realized pnl, as not closing when it did not.
   */
  closedParts?: ReadonlyMap<number, Dec>;
  cover: OrderCover;
  /** closedCardLeverage: the order's own, or the symbol's setting now, named as such. */
  leverage: { value: number | string | undefined; is: 'order' | 'setting' };
}

/**
 * The part of `fill` that closed: its known closed part when that is a part of it; else all of it if
 * it realized pnl (which only a close does, so a known part of 0 is then not believed), else none.
 */
function closedPart(fill: ClosingFill, known: Dec | undefined): Dec {
  const filled = dec(fill.qty).abs();
  if (known !== undefined && known.gt(0) && known.lte(filled)) return known;
  return dec(fill.pnl).isZero() ? dec(0) : filled;
}

/**
 * A closing order's card: a sell closes a long, a buy a short. Over what its fills closed (c each, at
 * price p, realizing pnl): PnL = Σ pnl, exact; qty = Σ c; exit = Σ p × c / Σ c, the volume-weighted
 * average price of what closed (the whole order's VWAP unless it flipped), shown rounded half up to
 * the symbol's price places; entry from the summed pnl (entryOfClose on the exact exit) — the
 * exchange books each fill's pnl against the one entry of the position it closes, so the sum holds.
 *
 * ROE = PnL / initial margin at the leverage, Σ c × entry / leverage — the exchange's initial_margin.
 * Leverage: a fill records none; the order does (`is` 'order'), else the symbol's setting now ('setting').
 * Without either there is no ROE rather than a guess.
 *
 * No card (null): nothing closed — the fills opened or added, or there is no telling them from that (a
 * pnl of 0 with no known closed part) — or a derived entry that is not a price (≤ 0).
 */
export function closedOrderCard(order: ClosingOrder, places: Places): ShareCard | null {
  const [first] = order.fills;
  if (!first) return null;
  let qty = dec(0);
  let pnl = dec(0);
  let value = dec(0);
  for (const fill of order.fills) {
    const c = closedPart(fill, order.closedParts?.get(fill.id));
    if (c.isZero()) continue;
    qty = qty.plus(c);
    pnl = pnl.plus(dec(fill.pnl));
    value = value.plus(dec(fill.price).times(c));
  }
  if (qty.isZero()) return null;
  const exit = value.div(qty);
  const entry = entryOfClose(first.side, exit, qty, pnl);
  if (!entry.gt(0)) return null;
  const leverage = order.leverage.value === undefined ? null : dec(order.leverage.value);
  const roe = leverage && leverage.gt(0) ? returnOnEquity(pnl, initialMargin(notional(qty, entry), leverage)) : null;
  return {
    kind: 'closed',
    symbol: first.symbol,
    side: first.side === 'sell' ? 'long' : 'short',
    leverage: leverage ? leverage.toFixed() : '',
    leverageIs: order.leverage.is,
    entry: show(entry, places.price),
    price: show(exit, places.price),
    roe: roeText(roe),
    pnl: showSigned(pnl, USD_DECIMALS),
    tone: toneOf(pnl),
    account: first.user,
    qty: qtyText(qty, places),
    cover: order.cover,
  };
}

/**
 * The card of one fill taken as a whole order (`closedQty`: its closed part, see ClosingOrder); null when
 * it closed nothing a card can show. Trade history offers Share on a fill by this (tradeHasCard).
 */
export function closedTradeCard(
  fill: Omit<ClosingFill, 'id'> & { id?: number },
  leverageSetting: number | string | undefined,
  places: Places,
  closedQty?: Dec,
  leverageIs: 'order' | 'setting' = 'setting',
): ShareCard | null {
  const one = { ...fill, id: fill.id ?? 0 };
  return closedOrderCard(
    {
      fills: [one],
      ...(closedQty !== undefined && closedQty.gt(0) ? { closedParts: new Map([[one.id, closedQty]]) } : {}),
      cover: { whole: true, fills: 1 },
      leverage: { value: leverageSetting, is: leverageIs },
    },
    places,
  );
}

/** The download's name: BTC-USD-long-pnl.png. */
export function shareCardFilename(card: Pick<ShareCard, 'symbol' | 'side'>): string {
  return `${card.symbol.replace(/[^A-Za-z0-9._-]/g, '_')}-${card.side}-pnl.png`;
}

/** An account as the card prints it when asked: its start and end (bsc_0x25dcd5…f0b8). */
export function shortAccount(account: string): string {
  return account.length <= 16 ? account : `${account.slice(0, 12)}…${account.slice(-4)}`;
}

/**
 * The leverage a closed trade's card is at: the closing order's own (an order records the leverage it
 * was placed at, which a reduce must match: the position's then), else — the order no longer readable —
 * the symbol's setting now, named as such. The setting alone would misstate the ROE of a trade closed
 * before the trader changed it (20× closed, set to 5× since: a quarter of the ROE).
 */
export function closedCardLeverage(
  order: { leverage: string } | undefined,
  setting: number | string | undefined,
): { value: number | string | undefined; is: 'order' | 'setting' } {
  const own = order === undefined ? null : dec(order.leverage);
  return own !== null && own.gt(0) ? { value: order!.leverage, is: 'order' } : { value: setting, is: 'setting' };
}
