import { dec, type Dec } from './decimal';
import { show } from './display';
import { readOrderFills } from './order-fills';
import { closedCardLeverage, closedOrderCard, type ClosingFill, type OrderCover, type Places, type ShareCard } from './share-card';

/** A fill's side and size: buy +qty, sell −qty to the position. */
type SizedFill = { side: 'buy' | 'sell'; qty: string };

const signed = (f: SizedFill): Dec => (f.side === 'buy' ? dec(f.qty).abs() : dec(f.qty).abs().neg());

/** What `fill` closed of the position `before` it: min(|qty|, |before|) when it went against it, else nothing. */
function closedAgainst(fill: SizedFill, before: Dec): Dec {
  const qty = dec(fill.qty).abs();
  if (before.isZero() || before.gt(0) === (fill.side === 'buy')) return dec(0);
  return before.abs().lt(qty) ? before.abs() : qty;
}

/**
 * The part of each fill in `ids` that closed a position, worked back from the position now (signed
 * `qty` of the symbol's open position, '0' when none) over `newestFirst`, every fill of the symbol from
 * now back to the oldest of `ids`: the position just after a fill = now − Σ fills after it (buy +,
 * sell −); before it = that − the fill. A fill closed min(|qty|, |before|) when it went against the
 * position before it, else nothing (it opened or added). A flip is the case this exists for: its pnl
 * is on the closed part only (devnet applyFill). One fill's is a one-element `ids`.
 */
export function closedQtysOf(positionNow: string, newestFirst: readonly (SizedFill & { id: number })[], ids: ReadonlySet<number>): Map<number, Dec> {
  const parts = new Map<number, Dec>();
  let after = dec(positionNow);
  for (const f of newestFirst) {
    const before = after.minus(signed(f));
    if (ids.has(f.id)) parts.set(f.id, closedAgainst(f, before));
    after = before;
  }
  return parts;
}

type ReadFill = ClosingFill & { order_id: number; created_at: string };

/** The reads a closed trade's card makes (the api's UserApi fits); fills come newest first. */
export interface FillReader {
  queryTrades(q: { symbol: string; last_id?: number; start?: string; end?: string; limit: number }): Promise<{ result: readonly (SizedFill & { id: number })[] }>;
  queryPositions(symbol: string): Promise<readonly { symbol: string; qty: string }[]>;
}

/** Pages of later fills read to find a fill's closed part; a fill further back is taken as closed whole. */
const LATER_FILL_PAGES = 4;
const PAGE = 500;

/**
 * The closed part of each fill in `ids` (a symbol's), from the service: the symbol's position now walked
 * back over its fills down to the oldest of them (closedQtysOf). The newest fill is read again after the
 * position, so a fill landing between the reads cannot skew it (then it is tried once more). Undefined
 * when it cannot be told (too far back, or fills kept arriving): the card then takes each fill that
 * realized pnl as closed whole.
 */
export async function closedPartsOf(reader: FillReader, symbol: string, ids: ReadonlySet<number>): Promise<Map<number, Dec> | undefined> {
  const oldest = Math.min(...ids);
  for (let attempt = 0; attempt < 2; attempt++) {
    const walked: (SizedFill & { id: number })[] = [];
    let newest: number | undefined;
    let lastId: number | undefined;
    let reached = false;
    for (let page = 0; page < LATER_FILL_PAGES && !reached; page++) {
      const { result } = await reader.queryTrades(lastId === undefined ? { symbol, limit: PAGE } : { symbol, last_id: lastId, limit: PAGE });
      newest ??= result[0]?.id;
      for (const t of result) {
        if (t.id >= oldest) walked.push(t);
        if (t.id <= oldest) reached = true;
      }
      if (result.length < PAGE) reached = true;
      lastId = result.at(-1)?.id;
    }
    if (!reached) return undefined;
    const position = (await reader.queryPositions(symbol)).find((p) => p.symbol === symbol);
    const check = await reader.queryTrades({ symbol, limit: 1 });
    if (check.result[0]?.id !== newest) continue;
    return closedQtysOf(position?.qty ?? '0', walked, ids);
  }
  return undefined;
}

/** The closing order as query_order gives it: what it filled, its leverage, its life. */
interface OrderRead {
  id: number;
  symbol: string;
  status: string;
  fill_qty: string;
  leverage: string;
  created_at: string;
  updated_at: string;
}

export interface CardReader extends FillReader {
  queryTrades(q: { symbol: string; last_id?: number; start?: string; end?: string; limit: number }): Promise<{ result: readonly ReadFill[] }>;
  queryOrder(q: { order_id: number }): Promise<OrderRead>;
  queryPositionConfig(symbol: string): Promise<{ leverage: number }>;
}

const settle = <T>(p: Promise<T>): Promise<T | undefined> => p.catch(() => undefined);

/**
 * The card of the closed trade `fill` belongs to: its whole closing order (closedOrderCard), whichever
 * of the order's fills was shared. The order (its fill_qty and leverage) and all its fills are read
 * from the service; `loaded`, the rows Trade history already holds, fill in what could not be read.
 * The card is `whole` only when the fills it sums come to what the order says it filled; else its
 * cover says how many fills of how much, so a part is never shown as the whole trade.
 */
export async function readClosedOrderCard(reader: CardReader, fill: ReadFill, loaded: readonly ReadFill[], places: Places): Promise<ShareCard | null> {
  const order = await settle(reader.queryOrder({ order_id: fill.order_id }));
  // An order whose fills are not all found within the pages read gets a card that says it is only a part.
  const read = order ? (await settle(readOrderFills(reader, order)))?.fills : undefined;
  const byId = new Map<number, ReadFill>();
  for (const t of [fill, ...loaded, ...(read ?? [])]) if (t.order_id === fill.order_id && t.symbol === fill.symbol) byId.set(t.id, t);
  const fills = [...byId.values()];
  const summed = fills.reduce((q, t) => q.plus(dec(t.qty).abs()), dec(0));
  const cover: OrderCover =
    order && summed.gte(dec(order.fill_qty))
      ? { whole: true, fills: fills.length }
      : { whole: false, fills: fills.length, orderFilled: order ? showQty(order.fill_qty, places) : null, orderId: fill.order_id };
  const closedParts = await settle(closedPartsOf(reader, fill.symbol, new Set(byId.keys())));
  // The setting is read only when the order's own leverage is not there to use.
  const setting = order && dec(order.leverage).gt(0) ? undefined : (await settle(reader.queryPositionConfig(fill.symbol)))?.leverage;
  const leverage = closedCardLeverage(order, setting);
  return closedOrderCard({ fills, ...(closedParts ? { closedParts } : {}), cover, leverage: { value: leverage.value, is: leverage.is } }, places);
}

function showQty(qty: string, places: Places): string {
  return places.qty === undefined ? dec(qty).toFixed() : show(qty, places.qty);
}
