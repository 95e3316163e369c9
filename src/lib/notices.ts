import type { HealthLevel } from './account-health';
import { dec } from './decimal';
import { show } from './display';

/** The events a trader can ask to be told about, each switchable on its own. */
export type NoticeKind = 'fills' | 'tpsl' | 'liquidation' | 'withdrawal';

/** How the trader wants to be told: the channels (both off until turned on) and the events. */
export interface NoticeSettings {
  sounds: boolean;
  browserNotifications: boolean;
  notify: Record<NoticeKind, boolean>;
}

/** Something worth telling the trader; `kinds` are the switches any one of which lets it through. */
export interface Notice {
  kinds: NoticeKind[];
  title: string;
  body?: string;
}

/** The fields of an order push the news reads (an api Order fits). */
export interface NoticeOrder {
  side: 'buy' | 'sell';
  qty: string;
  symbol: string;
  fill_qty: string;
  fill_avg_price: string;
  status: string;
  source: string;
  remark?: string;
}

/** The symbol's places: prices and sizes are told as the book and the order form show them. */
export interface SymbolPlaces {
  price: number;
  qty: number;
}

/** A symbol's places from query_symbol_info (2 / 4 until it has been read: sizes then show more, never fewer). */
export function placesOf(info: readonly { symbol: string; price_tick_decimals: number; qty_tick_decimals: number }[] | undefined, symbol: string): SymbolPlaces {
  const s = info?.find((i) => i.symbol === symbol);
  return { price: s?.price_tick_decimals ?? 2, qty: s?.qty_tick_decimals ?? 4 };
}

/** The toast an order push deserves (the caller adds the order's toast key). */
export interface OrderToast {
  kind: 'success' | 'info' | 'warn' | 'error';
  rank: number;
  title: string;
  body?: string;
}

/** What one `order` push tells the trader: a toast, and a notice for the sound / notification switches. */
export interface OrderNews {
  toast: OrderToast | null;
  notice: Notice | null;
}

const TPSL_NAME: Record<string, string> = { tp: 'Take profit', sl: 'Stop loss' };

/**
 * "Buy 0.010 BTC-USD"; a TP/SL child says which it is — "Stop loss (sell 0.010 BTC-USD)" — and a
 * whole-position one (qty 0, decisions.md) says so rather than "0".
 */
function what(o: NoticeOrder, p: SymbolPlaces): string {
  const side = o.side === 'buy' ? 'Buy' : 'Sell';
  const whole = dec(o.qty).isZero();
  const size = whole ? `${o.symbol} whole position` : `${show(o.qty, p.qty)} ${o.symbol}`;
  const name = TPSL_NAME[o.source];
  return name ? `${name} (${side.toLowerCase()} ${size})` : `${side} ${size}`;
}

const NOTHING: OrderNews = { toast: null, notice: null };

/**
 * The one wording of every `order` push, given the version seen before (if any): a liquidation, a
 * TP/SL child leaving `untriggered` (it fired; a fill in the same push is told too, and the fills
 * switch lets its notice through as well), fills (full and partial), cancels and rejections with the
 * service's remark. Amounts at the symbol's places. Nothing when nothing a trader cares about changed.
 */
export function orderNews(prev: NoticeOrder | undefined, next: NoticeOrder, p: SymbolPlaces): OrderNews {
  const filledMore = dec(next.fill_qty).gt(prev ? dec(prev.fill_qty) : dec(0));
  const sameStatus = prev?.status === next.status;
  const price = show(next.fill_avg_price, p.price);
  const filled = show(next.fill_qty, p.qty);
  const remark = next.remark ? { body: next.remark } : {};
  if (next.source === 'liquidation') {
    if (sameStatus && !filledMore) return NOTHING;
    const body = filledMore ? { body: `Filled ${filled} at ${price}` } : remark;
    const title = `Liquidation: ${what(next, p)}`;
    return { toast: { kind: 'warn', rank: 2, title, ...body }, notice: { kinds: ['liquidation'], title, ...body } };
  }
  const name = TPSL_NAME[next.source];
  if (name && (!prev || prev.status === 'untriggered') && !['untriggered', 'canceled', 'rejected'].includes(next.status)) {
    const title = `${name} triggered: ${next.symbol}`;
    const body = filledMore ? { body: `${what(next, p)} filled at ${price}` } : {};
    return {
      toast: { kind: filledMore ? 'success' : 'info', rank: 2, title, ...body },
      notice: { kinds: filledMore ? ['tpsl', 'fills'] : ['tpsl'], title, ...body },
    };
  }
  if (filledMore) {
    const news =
      next.status === 'filled'
        ? { title: `Filled: ${what(next, p)}`, body: `Average price ${price}` }
        : { title: `Partially filled: ${what(next, p)}`, body: `${filled} of ${show(next.qty, p.qty)} at ${price}` };
    return { toast: { kind: 'success', rank: 2, ...news }, notice: { kinds: ['fills'], ...news } };
  }
  if (sameStatus) return NOTHING;
  if (next.status === 'canceled') {
    // A TP/SL canceled by the exchange (its partner fired, the position closed) says it was the TP/SL.
    const title = name ? `${name} canceled: ${next.symbol}` : `Canceled: ${what(next, p)}`;
    return { toast: { kind: 'info', rank: 2, title, ...remark }, notice: null };
  }
  if (next.status === 'rejected') return { toast: { kind: 'error', rank: 2, title: `Rejected: ${what(next, p)}`, ...remark }, notice: null };
  return NOTHING;
}

/**
 * The account's margin ratio crossed into danger (≥ 90 %, near liquidation). The first reading is
 * only a baseline (`from` undefined): opening the app while in danger shows the strip, not an alert.
 */
export function healthNotice(from: HealthLevel | undefined, to: HealthLevel): Notice | null {
  if (from === undefined || from === 'danger' || to !== 'danger') return null;
  return { kinds: ['liquidation'], title: 'Liquidation is near', body: 'Your margin ratio is above 90 %: add margin or reduce your positions.' };
}

/** A withdrawal the bridge confirmed. */
export function withdrawalNotice(note?: string): Notice {
  return { kinds: ['withdrawal'], title: 'Withdrawal confirmed', ...(note ? { body: note } : {}) };
}

/** Which channels a notice goes out on under these settings: none unless one of its events is on. */
export function noticeChannels(notice: Notice, s: NoticeSettings): { sound: boolean; browser: boolean } {
  const wanted = notice.kinds.some((k) => s.notify[k]);
  return { sound: wanted && s.sounds, browser: wanted && s.browserNotifications };
}
