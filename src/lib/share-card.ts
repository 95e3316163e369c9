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
  /** The mark (position) or the fill's price (closed). */
  price: string;
  /** "+12.34%" / "-5.00%"; null when there is no margin to relate the PnL to. */
  roe: string | null;
  /** "+12.34" / "-5.00", in USD cents. */
  pnl: string;
  /** Profit, loss or neither: the tone the card draws ROE and PnL in (the sign says it too). */
  tone: 'up' | 'down' | 'flat';
  /** The account, shown only when the trader chooses. */
  account: string;
}

export interface Places {
  price: number;
}

const ROE_PLACES = 2;

function toneOf(pnl: Dec): ShareCard['tone'] {
  return pnl.gt(0) ? 'up' : pnl.lt(0) ? 'down' : 'flat';
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

/**
 * A fill that closed (part of) a position: a sell closes a long, a buy a short; exit = the fill's
 * price, entry from its realized pnl (entryOfClose), PnL = that pnl.
 *
 * Leverage: a fill records none; its order does (closedCardLeverage: `leverageIs` 'order'), else the
 * symbol's setting now is used and named ('setting'), with ROE = pnl / initial margin at it,
 * |qty| × entry / leverage — the exchange's initial_margin. Without either there is no ROE rather
 * than a guess.
 *
 * No card (null): pnl 0 — the fill opened or added, or there is no telling it from one (a close at
 * exactly the entry) — or a derived entry that is not a price (≤ 0).
 *
 * `closedQty`: the part of the fill that closed a position (closedQtyOfFill). A fill that flips a
 * position (closes it and opens the other side in one) realizes pnl on its closed part only, which
 * the fill does not state: entry and ROE are worked out on that part (pnl over the whole fill would
 * put the entry between entry and exit, and the ROE a fraction of the real one). Without it (or when
 * it is not a part of the fill) the whole fill is taken as closed.
 */
export function closedTradeCard(
  fill: { symbol: string; side: 'buy' | 'sell'; price: string; qty: string; pnl: string; user: string },
  leverageSetting: number | string | undefined,
  places: Places,
  closedQty?: Dec,
  leverageIs: 'order' | 'setting' = 'setting',
): ShareCard | null {
  const pnl = dec(fill.pnl);
  const filled = dec(fill.qty).abs();
  if (pnl.isZero() || filled.isZero()) return null;
  const qty = closedQty !== undefined && closedQty.gt(0) && closedQty.lte(filled) ? closedQty : filled;
  const exit = dec(fill.price);
  const entry = entryOfClose(fill.side, exit, qty, pnl);
  if (!entry.gt(0)) return null;
  const leverage = leverageSetting === undefined ? null : dec(leverageSetting);
  const roe = leverage && leverage.gt(0) ? returnOnEquity(pnl, initialMargin(notional(qty, entry), leverage)) : null;
  return {
    kind: 'closed',
    symbol: fill.symbol,
    side: fill.side === 'sell' ? 'long' : 'short',
    leverage: leverage ? leverage.toFixed() : '',
    leverageIs,
    entry: show(entry, places.price),
    price: show(exit, places.price),
    roe: roeText(roe),
    pnl: showSigned(pnl, USD_DECIMALS),
    tone: toneOf(pnl),
    account: fill.user,
  };
}

/** The download's name: BTC-USD-long-pnl.png. */
export function shareCardFilename(card: Pick<ShareCard, 'symbol' | 'side'>): string {
  return `${card.symbol.replace(/[^A-Za-z0-9._-]/g, '_')}-${card.side}-pnl.png`;
}

/** An account as the card prints it when asked: its start and end (bsc_0x25dcd5…f0b8). */
export function shortAccount(account: string): string {
  return account.length <= 16 ? account : `${account.slice(0, 12)}…${account.slice(-4)}`;
}

/** A fill's side and size: buy +qty, sell −qty to the position. */
type SizedFill = { side: 'buy' | 'sell'; qty: string };

const signed = (f: SizedFill): Dec => (f.side === 'buy' ? dec(f.qty).abs() : dec(f.qty).abs().neg());

/**
 * The part of `fill` that closed a position, worked back from the position now (signed `qty` of the
 * symbol's open position, '0' when none) over `later`, every fill of the symbol after it: the position
 * just after the fill = now − Σ later (buy +, sell −); before it = that − the fill. The fill closed
 * min(|qty|, |before|) when it went against the position before it, else nothing (it opened or added).
 * A flip is the case this exists for: its pnl is on the closed part only (devnet applyFill).
 */
export function closedQtyOfFill(fill: SizedFill, positionNow: string, later: readonly SizedFill[]): Dec {
  let after = dec(positionNow);
  for (const f of later) after = after.minus(signed(f));
  const before = after.minus(signed(fill));
  const qty = dec(fill.qty).abs();
  if (before.isZero() || before.gt(0) === (fill.side === 'buy')) return dec(0);
  return before.abs().lt(qty) ? before.abs() : qty;
}

/** The reads closedPartOf makes (the api's UserApi fits): a symbol's fills newest first, and its position. */
export interface FillReader {
  queryTrades(q: { symbol: string; last_id?: number; limit: number }): Promise<{ result: readonly (SizedFill & { id: number })[] }>;
  queryPositions(symbol: string): Promise<readonly { symbol: string; qty: string }[]>;
}

/** Pages of later fills read to find a fill's closed part; a fill further back is taken as closed whole. */
const LATER_FILL_PAGES = 4;
const PAGE = 500;

/**
 * The part of `fill` that closed a position, from the service: the symbol's position now walked back
 * over its fills after this one (closedQtyOfFill). The newest fill is read again after the position,
 * so a fill landing between the reads cannot skew it (then it is tried once more). Undefined when it
 * cannot be told (too far back, or fills kept arriving): the card then takes the whole fill as closed.
 */
export async function closedPartOf(reader: FillReader, fill: SizedFill & { id: number; symbol: string }): Promise<Dec | undefined> {
  const symbol = fill.symbol;
  for (let attempt = 0; attempt < 2; attempt++) {
    const later: SizedFill[] = [];
    let newest: number | undefined;
    let lastId: number | undefined;
    let reached = false;
    for (let page = 0; page < LATER_FILL_PAGES && !reached; page++) {
      const { result } = await reader.queryTrades(lastId === undefined ? { symbol, limit: PAGE } : { symbol, last_id: lastId, limit: PAGE });
      newest ??= result[0]?.id;
      for (const t of result) {
        if (t.id <= fill.id) reached = true;
        else later.push(t);
      }
      if (result.length < PAGE) reached = true;
      lastId = result.at(-1)?.id;
    }
    if (!reached) return undefined;
    const position = (await reader.queryPositions(symbol)).find((p) => p.symbol === symbol);
    const check = await reader.queryTrades({ symbol, limit: 1 });
    if (check.result[0]?.id !== newest) continue;
    return closedQtyOfFill(fill, position?.qty ?? '0', later);
  }
  return undefined;
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
