import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as s from '../__fixtures__/spec-samples';
import { isFinalStatus, isLiveStatus } from '../../lib/order-status';
import { orderStatus } from './primitives';
import {
  balance,
  depthBook,
  fundingRate,
  fundingTransaction,
  klineHistory,
  marketOverview,
  marketStreamMessage,
  newOrderBody,
  order,
  position,
  recentTradeList,
  region,
  symbolInfo,
  symbolMarket,
  symbolPrice,
  trade,
  withdrawResponse,
} from './index';

const cases: [string, z.ZodType, unknown, (sample: any) => void][] = [
  ['order', order, s.sampleOrder, (o) => (o.price = 121900.25)],
  ['trade', trade, s.sampleTrade, (o) => (o.fee_qty = 0.04)],
  ['funding transaction', fundingTransaction, s.sampleFundingTx, (o) => (o.qty = -0.0123)],
  ['position', position, s.samplePosition, (o) => (o.upnl = 0.02)],
  ['balance', balance, s.sampleBalance, (o) => (o.equity = 1000.02)],
  ['market overview', marketOverview, s.sampleMarketOverview, (o) => (o.symbols[0].mark_price = 121880.1)],
  ['symbol info', symbolInfo, s.sampleSymbolInfo, (o) => (o.taker_fee = 0.0004)],
  ['symbol market', symbolMarket, s.sampleSymbolMarket, (o) => (o.spread = [121885, 121895])],
  ['symbol price', symbolPrice, s.sampleSymbolPrice, (o) => (o.index_price = 121870)],
  ['depth book', depthBook, s.sampleDepthBook, (o) => (o.asks[0][1] = 0.5)],
  ['recent trades', recentTradeList, s.sampleRecentTrades, (o) => (o[0].quote_qty = 1219)],
  ['funding rates', fundingRate, s.sampleFundingRates[0], (o) => (o.premium = 0.00008)],
  ['withdraw', withdrawResponse, s.sampleWithdraw, (o) => (o.withdraw_fee = 0.5)],
];

describe('resource schemas (spec §2)', () => {
  it.each(cases)('%s accepts the spec sample shape', (_name, schema, sample) => {
    expect(schema.safeParse(sample).success).toBe(true);
  });

  it.each(cases)('%s rejects a float where a decimal string is required', (_name, schema, sample, floatify) => {
    const broken = structuredClone(sample);
    floatify(broken);
    const parsed = schema.safeParse(broken);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/decimal string/);
  });

  it('rejects an exponent or a blank string as a decimal', () => {
    expect(balance.safeParse({ ...s.sampleBalance, equity: '1e3' }).success).toBe(false);
    expect(balance.safeParse({ ...s.sampleBalance, equity: '' }).success).toBe(false);
  });

  it('keeps price_change_pct and klines as JSON numbers', () => {
    const pctAsString = structuredClone(s.sampleMarketOverview) as any;
    pctAsString.symbols[0].price_change_pct = '-1.23';
    expect(marketOverview.safeParse(pctAsString).success).toBe(false);
    expect(klineHistory.safeParse(s.sampleKlines).success).toBe(true);
    expect(klineHistory.safeParse({ ...s.sampleKlines, c: ['2', '2.5'] }).success).toBe(false);
  });

  it('rejects klines whose arrays differ in length and accepts no_data', () => {
    expect(klineHistory.safeParse({ ...s.sampleKlines, v: [1] }).success).toBe(false);
    expect(klineHistory.safeParse({ s: 'no_data' }).success).toBe(true);
  });

  it('rejects an unknown enum value and an integer sent as a string', () => {
    expect(order.safeParse({ ...s.sampleOrder, status: 'partially_filled' }).success).toBe(false);
    expect(order.safeParse({ ...s.sampleOrder, id: '2547027085' }).success).toBe(false);
  });

  it('every order status the schema accepts is either live or final (lib/order-status.ts), never both', () => {
    for (const status of orderStatus.options) expect([status, isLiveStatus(status) !== isFinalStatus(status)]).toEqual([status, true]);
  });

  it('parses the region and the stream pushes of decisions.md', () => {
    expect(region.safeParse(s.sampleRegion).success).toBe(true);
    const depth = marketStreamMessage.safeParse({ seq: 3, channel: 'depth_book', symbol: 'BTC-USD', data: s.sampleDepthBook });
    expect(depth.success).toBe(true);
    const trade = marketStreamMessage.safeParse({
      seq: 4,
      channel: 'public_trade',
      symbol: 'BTC-USD',
      data: { id: 9, price: '1', qty: '2', side: 'buy', symbol: 'BTC-USD', time: 1754881200123 },
    });
    expect(trade.success).toBe(true);
    expect(marketStreamMessage.safeParse({ seq: 5, channel: 'order', data: { ...s.sampleOrder, qty: 1 } }).success).toBe(false);
  });

  it('validates command bodies: decimals as strings, ints as ints, no unknown fields', () => {
    const ok = { symbol: 'BTC-USD', side: 'buy', order_type: 'limit', qty: '0.01', price: '100', time_in_force: 'gtc', reduce_only: false };
    expect(newOrderBody.safeParse(ok).success).toBe(true);
    expect(newOrderBody.safeParse({ ...ok, qty: 0.01 }).success).toBe(false);
    expect(newOrderBody.safeParse({ ...ok, leverage: '10' }).success).toBe(false);
    expect(newOrderBody.safeParse({ ...ok, foo: 1 }).success).toBe(false);
  });
});
