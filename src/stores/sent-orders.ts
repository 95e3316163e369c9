import type { NoticeOrder } from '../lib/notices';

/** An order this tab sent, and the last state of it the trader was told of (undefined: nothing yet). */
export interface SentOrder {
  sentAt: number;
  told: (NoticeOrder & { updated_at: string }) | undefined;
}

/**
 * The orders this tab sent, by client order id. Their toasts come from the account stream's `order`
 * pushes (app/streams/use-user-feed.ts), told against `told`; a fill whose push never came (it landed
 * before the stream was subscribed, or while the socket was down) is read back when the stream
 * subscribes again (trading/missed-fills.ts). Whichever of the push and the read-back comes second
 * finds it told. Kept tiny: the page's first load carries it.
 */
export const sentOrders = new Map<string, SentOrder>();
