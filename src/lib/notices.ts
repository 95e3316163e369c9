import type { HealthLevel } from './account-health';
import { dec } from './decimal';

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

/** The fields of an order push a notice reads (an api Order fits). */
export interface NoticeOrder {
  side: 'buy' | 'sell';
  qty: string;
  symbol: string;
  fill_qty: string;
  fill_avg_price: string;
  status: string;
  source: string;
}

function what(o: NoticeOrder): string {
  return `${o.side === 'buy' ? 'Buy' : 'Sell'} ${o.qty} ${o.symbol}`;
}

/**
 * What an `order` push tells the trader beyond the toast, given the version seen before: a
 * liquidation, a TP/SL child leaving `untriggered` (it fired; if it filled in the same push that is
 * said too, and the fills switch lets it through as well), or a fill. Null otherwise.
 */
export function orderNotice(prev: NoticeOrder | undefined, next: NoticeOrder): Notice | null {
  const filledMore = dec(next.fill_qty).gt(prev ? dec(prev.fill_qty) : dec(0));
  if (next.source === 'liquidation') {
    if (prev?.status === next.status && !filledMore) return null;
    return { kinds: ['liquidation'], title: `Liquidation: ${what(next)}`, ...(filledMore ? { body: `Filled ${next.fill_qty} at ${next.fill_avg_price}` } : {}) };
  }
  if (next.source === 'tp' || next.source === 'sl') {
    const fired = (!prev || prev.status === 'untriggered') && !['untriggered', 'canceled', 'rejected'].includes(next.status);
    const name = next.source === 'tp' ? 'Take profit' : 'Stop loss';
    if (fired) {
      return { kinds: filledMore ? ['tpsl', 'fills'] : ['tpsl'], title: `${name} triggered: ${next.symbol}`, ...(filledMore ? { body: `${what(next)} filled at ${next.fill_avg_price}` } : {}) };
    }
  }
  if (!filledMore) return null;
  return next.status === 'filled'
    ? { kinds: ['fills'], title: `Filled: ${what(next)}`, body: `Average price ${next.fill_avg_price}` }
    : { kinds: ['fills'], title: `Partially filled: ${what(next)}`, body: `${next.fill_qty} of ${next.qty} at ${next.fill_avg_price}` };
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
