import { z } from 'zod';
import { decimalString, int, isoTime } from './primitives';

/** Spec §2.7 Market overview. `price_change_pct` is the one float here (a JSON number). */
export const marketOverviewSymbol = z.object({
  base: z.string(),
  quote: z.string(),
  symbol: z.string(),
  last_price: decimalString,
  mark_price: decimalString,
  funding_rate: decimalString,
  open_interest: decimalString,
  open_interest_notional: decimalString,
  price_change_pct: z.number(),
  volume_24h: decimalString,
  volume_quote_24h: decimalString,
  time: isoTime,
});
export const marketOverview = z.object({
  summary: z.object({
    open_interest_notional: decimalString,
    symbol_count: int,
    volume_quote_24h: decimalString,
  }),
  symbols: z.array(marketOverviewSymbol),
});
export type MarketOverview = z.infer<typeof marketOverview>;
export type MarketOverviewSymbol = z.infer<typeof marketOverviewSymbol>;

/** Spec §2.8 Symbol info. */
export const symbolInfo = z.object({
  symbol: z.string(),
  base_asset: z.string(),
  quote_asset: z.string(),
  base_decimals: int,
  quote_decimals: int,
  price_tick_decimals: int,
  qty_tick_decimals: int,
  depth_ticks: z.string().regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, {
    error: 'expected comma-separated decimals',
  }),
  enabled: z.boolean(),
  def_leverage: decimalString,
  max_leverage: decimalString,
  max_open_orders: decimalString,
  max_order_qty: decimalString,
  min_order_qty: decimalString,
  max_position_size: decimalString,
  price_cap_ratio: decimalString,
  price_floor_ratio: decimalString,
  maker_fee: decimalString,
  taker_fee: decimalString,
  created_at: z.string(),
  updated_at: z.string(),
});
export const symbolInfoList = z.array(symbolInfo);
export type SymbolInfo = z.infer<typeof symbolInfo>;

/** Spec §2.9 Symbol market. */
export const symbolMarket = z.object({
  base: z.string(),
  quote: z.string(),
  symbol: z.string(),
  funding_rate: decimalString,
  high_price_24h: decimalString,
  low_price_24h: decimalString,
  index_price: decimalString,
  last_price: decimalString,
  mark_price: decimalString,
  mid_price: decimalString,
  open_interest: decimalString,
  volume_24h: decimalString,
  next_funding_time: isoTime,
  time: isoTime,
  spread: z.tuple([decimalString, decimalString]),
});
export type SymbolMarket = z.infer<typeof symbolMarket>;

/** Spec §2.10 Symbol price; trade-derived prices are null before any recent trade. */
export const symbolPrice = z.object({
  base: z.string(),
  quote: z.string(),
  symbol: z.string(),
  index_price: decimalString,
  mark_price: decimalString,
  last_price: decimalString.nullable(),
  mid_price: decimalString.nullable(),
  spread_ask: decimalString.nullable(),
  spread_bid: decimalString.nullable(),
  time: isoTime,
});
export type SymbolPrice = z.infer<typeof symbolPrice>;

/** A `[price, qty]` level; the service does not sort levels. */
export const depthLevel = z.tuple([decimalString, decimalString]);
/** Spec §2.11 Depth book (also the `depth_book` stream payload). */
export const depthBook = z.object({
  symbol: z.string(),
  asks: z.array(depthLevel),
  bids: z.array(depthLevel),
});
export type DepthBook = z.infer<typeof depthBook>;
export type DepthLevel = z.infer<typeof depthLevel>;

/** Spec §2.12 Recent trade. */
export const recentTrade = z.object({
  is_buyer_taker: z.boolean(),
  price: decimalString,
  qty: decimalString,
  quote_qty: decimalString,
  symbol: z.string(),
  time: isoTime,
});
export const recentTradeList = z.array(recentTrade);
export type RecentTrade = z.infer<typeof recentTrade>;

/** Spec §2.14 Kline history (JSON numbers by the spec); `no_data` when the range is empty. */
export const klineHistory = z.union([
  z
    .object({
      s: z.literal('ok'),
      t: z.array(int),
      o: z.array(z.number()),
      h: z.array(z.number()),
      l: z.array(z.number()),
      c: z.array(z.number()),
      v: z.array(z.number()),
    })
    .refine(
      (k) => [k.o, k.h, k.l, k.c, k.v].every((a) => a.length === k.t.length),
      { error: 'kline arrays must have equal length' },
    ),
  z.object({
    s: z.literal('no_data'),
    t: z.array(int).optional(),
    o: z.array(z.number()).optional(),
    h: z.array(z.number()).optional(),
    l: z.array(z.number()).optional(),
    c: z.array(z.number()).optional(),
    v: z.array(z.number()).optional(),
    nextTime: int.optional(),
  }),
]);
export type KlineHistory = z.infer<typeof klineHistory>;

/** `GET /api/kline/time`: a bare JSON integer of Unix seconds. */
export const serverTime = int;
