// The orders this tab sent, remembered so that a fill whose push never came is still told. Their
// toasts come from the account stream's `order` pushes (app/streams/use-user-feed.ts), told against
// `told`; a fill that landed before the stream was subscribed, or while the socket was down, is read
// back when the stream subscribes again (missed-fills.ts, loaded only then). Whichever of the push
// and the read-back comes second finds it told. Kept tiny: the page's first load carries it.
import type { ApiClient } from '../api/client';
import type { Order } from '../api/schemas';
import { isFinalStatus } from '../lib/order-status';
import { actingAccount, useSessionStore } from '../wallet/session-store';

/** An order this tab sent: how to ask after it, for which account (read back only while it acts), and the last state of it the trader was told of (none yet: undefined). */
export interface SentOrder {
  query: () => Promise<Order>;
  account: string | null;
  sentAt: number;
  told: Order | undefined;
}

/** By client order id, oldest first. */
export const sentOrders = new Map<string, SentOrder>();

/** The sent orders remembered (the oldest forgotten first). */
const REMEMBERED = 100;

/** Whether the trader was told the order reached a state that changes no more. */
export const isSettled = (s: SentOrder) => s.told !== undefined && isFinalStatus(s.told.status);

/** Remembers an order this tab is about to send (before it leaves: its push may beat the answer). */
export function rememberSent(api: Pick<ApiClient, 'user'>, clOrdId: string | undefined, now = Date.now(), account = actingAccount(useSessionStore.getState())): void {
  if (!clOrdId) return;
  for (const [id, s] of sentOrders) if (isSettled(s)) sentOrders.delete(id);
  sentOrders.set(clOrdId, { query: () => api.user.queryOrder({ cl_ord_id: clOrdId }), account, sentAt: now, told: undefined });
  while (sentOrders.size > REMEMBERED) sentOrders.delete(sentOrders.keys().next().value!);
}
