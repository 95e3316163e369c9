import { z } from 'zod';
import {
  depthBook,
  fundingRate,
  klineHistory,
  marketOverview,
  recentTradeList,
  serverTime,
  symbolInfoList,
  symbolMarket,
  symbolPrice,
  type KlineResolution,
} from './schemas';
import type { Transport } from './transport';

export interface KlineQuery {
  symbol: string;
  from: number;
  to: number;
  resolution: KlineResolution;
  countback?: number;
}

/** Spec §4.4 public market data, klines and health. */
export function marketApi(t: Transport) {
  return {
    marketOverview: () => t.get('baseUrl', '/api/query_market_overview', marketOverview),
    symbolInfo: (symbol?: string) => t.get('baseUrl', '/api/query_symbol_info', symbolInfoList, { query: { symbol } }),
    symbolMarket: (symbol: string) => t.get('baseUrl', '/api/query_symbol_market', symbolMarket, { query: { symbol } }),
    symbolPrice: (symbol: string) => t.get('baseUrl', '/api/query_symbol_price', symbolPrice, { query: { symbol } }),
    depthBook: (symbol: string) => t.get('baseUrl', '/api/query_depth_book', depthBook, { query: { symbol } }),
    recentTrades: (symbol: string) => t.get('baseUrl', '/api/query_recent_trades', recentTradeList, { query: { symbol } }),
    fundingRates: (symbol: string, startTime: number, endTime: number) =>
      t.get('baseUrl', '/api/query_funding_rates', z.array(fundingRate), {
        query: { symbol, start_time: startTime, end_time: endTime },
      }),
    klineHistory: (q: KlineQuery) => t.get('baseUrl', '/api/kline/history', klineHistory, { query: { ...q } }),
    serverTime: () => t.get('baseUrl', '/api/kline/time', serverTime),
    health: () => t.getText('baseUrl', '/api/health'),
  };
}
export type MarketApi = ReturnType<typeof marketApi>;
