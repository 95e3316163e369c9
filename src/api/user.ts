import { z } from 'zod';
import { signedCommand } from './command';
import {
  balance,
  fundingTransaction,
  order,
  page,
  position,
  positionConfig,
  trade,
  type OrderStatus,
  type OrderType,
  type TransferMarginBody,
} from './schemas';
import type { Transport } from './transport';

export interface OrdersFilter {
  symbol?: string;
  status?: OrderStatus;
  order_type?: OrderType;
  start?: string;
  end?: string;
  last_id?: number;
  limit?: number;
}
export interface OpenOrdersFilter {
  symbol?: string;
  limit?: number;
}
export interface TradesFilter {
  symbol?: string;
  last_id?: number;
  side?: string;
  start?: string;
  end?: string;
  limit?: number;
}
export interface FundingFilter {
  symbol?: string;
  start?: string;
  end?: string;
  last_id?: number;
  limit?: number;
}

export const orderPage = page(order);
export const tradePage = page(trade);

/** Spec §4.2 user endpoints. */
export function userApi(t: Transport) {
  const get = <S extends z.ZodType>(path: string, schema: S, query?: object) =>
    t.get('baseUrl', path, schema, { auth: true, query: { ...(query as Record<string, string | number | undefined>) } });
  return {
    transferMargin: (body: TransferMarginBody) => signedCommand(t, 'baseUrl', '/api/transfer_margin', body),
    queryOrder: (q: { order_id?: number; cl_ord_id?: string }) => get('/api/query_order', order, q),
    queryOrders: (q: OrdersFilter = {}) => get('/api/query_orders', orderPage, q),
    queryOpenOrders: (q: OpenOrdersFilter = {}) => get('/api/query_open_orders', orderPage, q),
    queryTrades: (q: TradesFilter = {}) => get('/api/query_trades', tradePage, q),
    queryFundingHistory: (q: FundingFilter = {}) => get('/api/query_funding_history', z.array(fundingTransaction), q),
    queryPositionConfig: (symbol: string) => get('/api/query_position_config', positionConfig, { symbol }),
    queryPositions: (symbol?: string) => get('/api/query_positions', z.array(position), { symbol }),
    queryBalance: () => get('/api/query_balance', balance),
  };
}
export type UserApi = ReturnType<typeof userApi>;
