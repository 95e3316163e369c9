import { dec, type Dec } from './decimal';
import { show } from './display';

/** The events a trader can ask to be told about, each switchable on its own. */
export type NoticeKind = 'fills' | 'tpsl' | 'liquidation' | 'withdrawal' | 'alerts';

/** How the trader wants to be told: the channels (both off until turned on) and the events. */
export interface NoticeSettings {
  sounds: boolean;
  browserNotifications: boolean;
  notify: Record<NoticeKind, boolean>;
}

/**
 * What a notice or an order's toast says, as data: the words are chosen above lib
 * (features/toasts/notice-words.ts), in the trader's language, from these codes and the amounts
 * already formatted at the symbol's places. `remark` is the exchange's own text, shown verbatim.
 */
export type NoticeMessage =
  | { code: 'liquidation'; order: OrderWhat; fill: { size: string; price: string } | null; remark: string | null }
  | { code: 'tpsl-triggered'; leg: TpslLeg; symbol: string; fill: { order: OrderWhat; price: string } | null }
  | { code: 'filled'; order: OrderWhat; price: string }
  | { code: 'partially-filled'; order: OrderWhat; filled: string; size: string; price: string }
  | { code: 'tpsl-canceled'; leg: TpslLeg; symbol: string; remark: string | null }
  | { code: 'canceled'; order: OrderWhat; remark: string | null }
  | { code: 'rejected'; order: OrderWhat; remark: string | null }
  /** The margin ratio reached the trader's warning level: both in %, as shown. */
  | { code: 'liquidation-near'; ratio: string; level: string }
  | { code: 'withdrawal-confirmed'; note: string | null }
  /** A price alert reached its level: `price` the level and `at` the price that reached it, at the symbol's places. */
  | { code: 'price-alert'; symbol: string; source: 'mark' | 'last'; direction: 'above' | 'below'; price: string; at: string };

/** Which leg of a position's protection an order is. */
export type TpslLeg = 'tp' | 'sl';

/**
 * An order as a notice names it: "Buy 0.010 BTC-USD"; a TP/SL child says which it is ("Stop loss
 * (sell 0.010 BTC-USD)"), and a whole-position one (qty 0, decisions.md) says so rather than "0"
 * (`size` null).
 */
export interface OrderWhat {
  side: 'buy' | 'sell';
  /** The size at the symbol's places; null for a whole-position TP/SL. */
  size: string | null;
  symbol: string;
  leg: TpslLeg | null;
}

/** Something worth telling the trader; `kinds` are the switches any one of which lets it through. */
export interface Notice {
  kinds: NoticeKind[];
  message: NoticeMessage;
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

/** The toast an order push deserves (the caller adds the words and the order's toast key). */
export interface OrderToast {
  kind: 'success' | 'info' | 'warn' | 'error';
  rank: number;
  message: NoticeMessage;
}

/** What one `order` push tells the trader: a toast, and a notice for the sound / notification switches. */
export interface OrderNews {
  toast: OrderToast | null;
  notice: Notice | null;
}

function legOf(source: string): TpslLeg | null {
  return source === 'tp' || source === 'sl' ? source : null;
}

/** The order as a notice names it, its size at the symbol's places. */
function what(o: NoticeOrder, p: SymbolPlaces): OrderWhat {
  return { side: o.side, size: dec(o.qty).isZero() ? null : show(o.qty, p.qty), symbol: o.symbol, leg: legOf(o.source) };
}

const NOTHING: OrderNews = { toast: null, notice: null };

/**
 * What every `order` push tells, given the version seen before (if any): a liquidation, a TP/SL
 * child leaving `untriggered` (it fired; a fill in the same push is told too, and the fills switch
 * lets its notice through as well), fills (full and partial), cancels and rejections with the
 * service's remark. Amounts at the symbol's places. Nothing when nothing a trader cares about changed.
 * The toast and the notice carry the same message: one wording for both.
 */
export function orderNews(prev: NoticeOrder | undefined, next: NoticeOrder, p: SymbolPlaces): OrderNews {
  const filledMore = dec(next.fill_qty).gt(prev ? dec(prev.fill_qty) : dec(0));
  const sameStatus = prev?.status === next.status;
  const price = show(next.fill_avg_price, p.price);
  const filled = show(next.fill_qty, p.qty);
  const remark = next.remark || null;
  if (next.source === 'liquidation') {
    if (sameStatus && !filledMore) return NOTHING;
    const message: NoticeMessage = { code: 'liquidation', order: what(next, p), fill: filledMore ? { size: filled, price } : null, remark: filledMore ? null : remark };
    return { toast: { kind: 'warn', rank: 2, message }, notice: { kinds: ['liquidation'], message } };
  }
  const leg = legOf(next.source);
  if (leg && (!prev || prev.status === 'untriggered') && !['untriggered', 'canceled', 'rejected'].includes(next.status)) {
    const message: NoticeMessage = { code: 'tpsl-triggered', leg, symbol: next.symbol, fill: filledMore ? { order: what(next, p), price } : null };
    return {
      toast: { kind: filledMore ? 'success' : 'info', rank: 2, message },
      notice: { kinds: filledMore ? ['tpsl', 'fills'] : ['tpsl'], message },
    };
  }
  if (filledMore) {
    const message: NoticeMessage =
      next.status === 'filled'
        ? { code: 'filled', order: what(next, p), price }
        : { code: 'partially-filled', order: what(next, p), filled, size: show(next.qty, p.qty), price };
    return { toast: { kind: 'success', rank: 2, message }, notice: { kinds: ['fills'], message } };
  }
  if (sameStatus) return NOTHING;
  if (next.status === 'canceled') {
    // A TP/SL canceled by the exchange (its partner fired, the position closed) says it was the TP/SL.
    const message: NoticeMessage = leg ? { code: 'tpsl-canceled', leg, symbol: next.symbol, remark } : { code: 'canceled', order: what(next, p), remark };
    return { toast: { kind: 'info', rank: 2, message }, notice: null };
  }
  if (next.status === 'rejected') return { toast: { kind: 'error', rank: 2, message: { code: 'rejected', order: what(next, p), remark } }, notice: null };
  return NOTHING;
}

/**
 * Whether the margin ratio is at or past the trader's warning level (`levelPct`, in %): an account
 * holding margin with no equity left is past any level; one holding none is at none.
 */
export function pastMarginWarning(ratio: Dec | null, maintenance: Dec, levelPct: string): boolean {
  if (ratio === null) return maintenance.gt(0);
  return ratio.mul(100).gte(dec(levelPct));
}

/**
 * The margin ratio crossed the trader's warning level (trade settings, 80 % by default; liquidation
 * is at 100 %). Once per crossing: the first reading is only a baseline (`was` undefined), so opening
 * the app past it shows the strip, not an alert; falling back under it arms it again.
 */
export function marginWarningNotice(was: boolean | undefined, is: boolean, ratio: Dec | null, levelPct: string): Notice | null {
  if (was !== false || !is) return null;
  return { kinds: ['liquidation'], message: { code: 'liquidation-near', ratio: ratio ? show(ratio.mul(100), 1) : '∞', level: levelPct } };
}

/** A price alert that fired (price-alert.ts), its level and the price that reached it at the symbol's places. */
export function priceAlertNotice(a: { symbol: string; source: 'mark' | 'last'; direction: 'above' | 'below'; price: string; firedPrice?: string | undefined }, priceDecimals: number): Notice {
  return {
    kinds: ['alerts'],
    message: { code: 'price-alert', symbol: a.symbol, source: a.source, direction: a.direction, price: show(a.price, priceDecimals), at: show(a.firedPrice ?? a.price, priceDecimals) },
  };
}

/** A withdrawal the bridge confirmed, with the bridge's note (shown as it is). */
export function withdrawalNotice(note?: string): Notice {
  return { kinds: ['withdrawal'], message: { code: 'withdrawal-confirmed', note: note || null } };
}

/** Which channels a notice goes out on under these settings: none unless one of its events is on. */
export function noticeChannels(notice: Notice, s: NoticeSettings): { sound: boolean; browser: boolean } {
  const wanted = notice.kinds.some((k) => s.notify[k]);
  return { sound: wanted && s.sounds, browser: wanted && s.browserNotifications };
}
