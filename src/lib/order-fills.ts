// The fills of one order, read from query_trades, which filters by symbol and time, not by order: the
// symbol's fills from the order's creation to its last update (to now while it lives), newest first,
// kept to its id. Shared by the order detail (api/queries.ts) and the closed trade's card
// (share-card-order.ts).
import { dec } from './decimal';
import { isLiveStatus } from './order-status';

/** The read it makes (the api's UserApi fits): the symbol's fills in a time range, newest first, paged on last_id. */
export interface TradeReader<T> {
  queryTrades(q: { symbol: string; last_id?: number; start?: string; end?: string; limit: number }): Promise<{ result: readonly T[] }>;
}

/** What is read of a fill: its id, its order and its size. */
type FillLike = { id: number; order_id: number; qty: string };

/** The order whose fills are read, as query_order gives it. */
export interface OrderSpan {
  id: number;
  symbol: string;
  status: string;
  fill_qty: string;
  created_at: string;
  updated_at: string;
}

export interface OrderFills<T> {
  /** The order's fills found, newest first. */
  fills: T[];
  /** The read stopped (its page limit, or a service not paging) before it found all the order filled: older fills were not read. */
  cut: boolean;
}

export const FILL_PAGE = 500;
/**
 * Pages of the symbol's fills read for one order. A closing order's fills sit at the end of its life
 * (a TP/SL child's begins when the protection was set, maybe weeks of other fills back), so they are
 * read newest first from its last update and the read stops once they add up to what it filled: one
 * page nearly always. An order whose fills are not found within these pages is told as cut, rather
 * than one look at it spending the account's rate budget on every fill of the symbol since.
 */
export const ORDER_FILL_PAGES = 8;

/** The fills of `o`, newest first; `cut` when the page limit stopped the read short of what it filled. */
export async function readOrderFills<T extends FillLike>(reader: TradeReader<T>, o: OrderSpan): Promise<OrderFills<T>> {
  const f = { symbol: o.symbol, start: o.created_at, ...(isLiveStatus(o.status) ? {} : { end: o.updated_at }), limit: FILL_PAGE };
  const filled = dec(o.fill_qty);
  const mine = new Map<number, T>();
  let found = dec(0);
  let lastId: number | undefined;
  for (let page = 0; page < ORDER_FILL_PAGES; page++) {
    const { result } = await reader.queryTrades(lastId === undefined ? f : { ...f, last_id: lastId });
    for (const t of result) {
      if (t.order_id !== o.id || mine.has(t.id)) continue;
      mine.set(t.id, t);
      found = found.plus(dec(t.qty).abs());
    }
    // All it filled is found, or the range ends (a short page).
    if (found.gte(filled) || result.length < FILL_PAGE) return { fills: [...mine.values()], cut: false };
    const lowest = result.at(-1)!.id;
    // A page that brings nothing older: the service is not paging, older fills cannot be read.
    if (lowest === lastId) break;
    lastId = lowest;
  }
  return { fills: [...mine.values()], cut: true };
}
