import { signedCommand } from './command';
import type {
  CancelOrderBody,
  CancelOrdersBody,
  ChangeLeverageBody,
  ChangeMarginModeBody,
  NewOrderBody,
} from './schemas';
import type { Transport } from './transport';

/** Spec §4.1 trade endpoints. `sessionId` routes the outcome to the order response stream (§5.3). */
export function tradeApi(t: Transport) {
  const session = (sessionId?: string) => (sessionId ? { 'x-session-id': sessionId } : undefined);
  return {
    newOrder: (body: NewOrderBody, sessionId?: string) => signedCommand(t, 'baseUrl', '/api/new_order', body, session(sessionId)),
    cancelOrder: (body: CancelOrderBody, sessionId?: string) =>
      signedCommand(t, 'baseUrl', '/api/cancel_order', body, session(sessionId)),
    cancelOrders: (body: CancelOrdersBody) => signedCommand(t, 'baseUrl', '/api/cancel_orders', body),
    changeLeverage: (body: ChangeLeverageBody) => signedCommand(t, 'baseUrl', '/api/change_leverage', body),
    changeMarginMode: (body: ChangeMarginModeBody) => signedCommand(t, 'baseUrl', '/api/change_margin_mode', body),
  };
}
export type TradeApi = ReturnType<typeof tradeApi>;
