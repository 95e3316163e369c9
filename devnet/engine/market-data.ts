// Public market data (service-interface.md 2.7–2.14) and the per-trade feed
// updates (last price, candles, recent trades, public_trade events).
import { fmt, formatFixed, formatUnits, iso } from './decimal.js';
import { queryKlines, recordKline, RESOLUTIONS } from './klines.js';
import type { Resolution } from './klines.js';
import type { Level } from './order-book.js';
import { notionalOf } from './margin.js';
import { markDepth, push, watchedPublicTrades } from './state.js';
import type { Ctx, SymbolState } from './state.js';
import { RATE_DP } from './symbols.js';
import type {
  DepthBook, FundingRate, KlineHistory, MarketOverview, PublicTradeRec, RecentTrade, Result, Side, SymbolInfo,
  SymbolMarket, SymbolPrice,
} from './types.js';
import { renderFundingRate } from './views.js';
import { predictedRate } from './funding.js';

const RECENT_CAP = 100;

export function recordMarketTrade(ctx: Ctx, s: SymbolState, id: number, price: number, lots: number, side: Side): void {
  s.last = price;
  recordKline(s.klines, ctx.time, price, lots);
  const trade: PublicTradeRec = { id, price, qty: lots, side, time: ctx.time };
  s.recent.push(trade);
  if (s.recent.length > RECENT_CAP * 2) s.recent = s.recent.slice(s.recent.length - RECENT_CAP);
  markDepth(ctx, s);
  if (watchedPublicTrades(ctx, s.spec.symbol)) push(ctx, { type: 'public_trade', symbol: s.spec.symbol, trade });
}

export function lookup(ctx: Ctx, symbol: unknown): Result<SymbolState> {
  if (typeof symbol !== 'string') return { ok: false, code: 400, message: 'symbol is required' };
  const s = ctx.syms.get(symbol);
  if (s === undefined) return { ok: false, code: 400, message: `unknown symbol: ${symbol}` };
  return { ok: true, value: s };
}

interface Stats24 {
  open: number;
  high: number;
  low: number;
  volLots: number;
  quote: bigint;
}

/** Rolling 24 h from 1-minute candles (synthetic history included). */
function stats24(ctx: Ctx, s: SymbolState): Stats24 {
  const since = Math.floor(ctx.time / 1000) - 86_400;
  const bars = s.klines.min.bars;
  let open = 0;
  let high = 0;
  let low = 0;
  let volLots = 0;
  let quote = 0n;
  for (let i = bars.length - 1; i >= 0; i--) {
    const b = bars[i];
    if (b === undefined || b.t < since) break;
    open = b.o;
    if (b.h > high) high = b.h;
    if (low === 0 || b.l < low) low = b.l;
    volLots += b.v;
    quote += BigInt(b.q);
  }
  return { open, high, low, volLots, quote: quote * s.spec.notionalUnit };
}

function lastPrice(s: SymbolState): number {
  if (s.last !== 0) return s.last;
  const b = s.klines.min.bars[s.klines.min.bars.length - 1];
  return b !== undefined ? b.c : s.index;
}

export function marketOverview(ctx: Ctx): MarketOverview {
  let oiTotal = 0n;
  let volTotal = 0n;
  const symbols: MarketOverview['symbols'] = [];
  for (const s of ctx.symList) {
    const { spec } = s;
    const st = stats24(ctx, s);
    const last = lastPrice(s);
    const oiNotional = notionalOf(spec, s.mark, s.openInterest);
    oiTotal += oiNotional;
    volTotal += st.quote;
    symbols.push({
      base: spec.cfg.base,
      quote: spec.cfg.quote,
      symbol: spec.symbol,
      last_price: formatUnits(last, spec.pd),
      mark_price: formatUnits(s.mark, spec.pd),
      funding_rate: formatUnits(predictedRate(ctx, s), RATE_DP),
      open_interest: formatUnits(s.openInterest, spec.qd),
      open_interest_notional: fmt(oiNotional),
      price_change_pct: st.open > 0 ? Math.round(((last - st.open) / st.open) * 10_000) / 100 : 0,
      volume_24h: formatUnits(st.volLots, spec.qd),
      volume_quote_24h: fmt(st.quote),
      time: iso(ctx.time),
    });
  }
  return {
    summary: { open_interest_notional: fmt(oiTotal), symbol_count: ctx.symList.length, volume_quote_24h: fmt(volTotal) },
    symbols,
  };
}

/** Precision of base and quote assets on the exchange ([doc sample]: 9). */
const ASSET_DECIMALS = 9;

export function symbolInfo(ctx: Ctx, symbol?: string): Result<SymbolInfo[]> {
  let list = ctx.symList;
  if (symbol !== undefined && symbol !== '') {
    const r = lookup(ctx, symbol);
    if (!r.ok) return r;
    list = [r.value];
  }
  const at = iso(ctx.cfg.startTime);
  return {
    ok: true,
    value: list.map((s) => {
      const c = s.spec.cfg;
      return {
        symbol: c.symbol,
        base_asset: c.base,
        quote_asset: c.quote,
        // The assets' precision on the exchange (the docs sample shows 9 for both), not the ticks.
        base_decimals: ASSET_DECIMALS,
        quote_decimals: ASSET_DECIMALS,
        price_tick_decimals: c.priceDecimals,
        qty_tick_decimals: c.qtyDecimals,
        depth_ticks: c.depthTicks,
        enabled: c.enabled,
        def_leverage: String(c.defLeverage),
        max_leverage: String(c.maxLeverage),
        max_open_orders: String(c.maxOpenOrders),
        max_order_qty: c.maxOrderQty,
        min_order_qty: c.minOrderQty,
        max_position_size: c.maxPositionSize,
        price_cap_ratio: c.priceCapRatio,
        price_floor_ratio: c.priceFloorRatio,
        maker_fee: c.makerFee,
        taker_fee: c.takerFee,
        created_at: at,
        updated_at: at,
      };
    }),
  };
}

function midTicks(s: SymbolState): number | undefined {
  const b = s.bids.bestPrice();
  const a = s.asks.bestPrice();
  if (b === 0 || a === 0) return undefined;
  return (a + b) / 2;
}

function renderMid(s: SymbolState): string | null {
  const m = midTicks(s);
  if (m === undefined) return null;
  // (a+b)/2 may end in .5 tick: render it exactly with one extra digit.
  return formatFixed(BigInt(Math.round(m * 2)) * 5n, s.spec.pd + 1);
}

export function nextFundingTime(ctx: Ctx): number {
  const I = ctx.cfg.fundingIntervalMs;
  return (Math.floor(ctx.time / I) + 1) * I;
}

export function symbolMarket(ctx: Ctx, symbol: string): Result<SymbolMarket> {
  const r = lookup(ctx, symbol);
  if (!r.ok) return r;
  const s = r.value;
  const { spec } = s;
  const st = stats24(ctx, s);
  const pd = spec.pd;
  const bid = s.bids.bestPrice();
  const ask = s.asks.bestPrice();
  return {
    ok: true,
    value: {
      base: spec.cfg.base,
      quote: spec.cfg.quote,
      symbol: spec.symbol,
      funding_rate: formatUnits(predictedRate(ctx, s), RATE_DP),
      high_price_24h: formatUnits(st.high, pd),
      low_price_24h: formatUnits(st.low, pd),
      index_price: formatUnits(s.index, pd),
      last_price: formatUnits(lastPrice(s), pd),
      mark_price: formatUnits(s.mark, pd),
      mid_price: renderMid(s) ?? formatUnits(s.mark, pd),
      open_interest: formatUnits(s.openInterest, spec.qd),
      volume_24h: formatUnits(st.volLots, spec.qd),
      next_funding_time: iso(nextFundingTime(ctx)),
      time: iso(ctx.time),
      spread: [formatUnits(bid, pd), formatUnits(ask, pd)],
    },
  };
}

export function symbolPrice(ctx: Ctx, symbol: string): Result<SymbolPrice> {
  const r = lookup(ctx, symbol);
  if (!r.ok) return r;
  const s = r.value;
  const pd = s.spec.pd;
  const bid = s.bids.bestPrice();
  const ask = s.asks.bestPrice();
  return {
    ok: true,
    value: {
      base: s.spec.cfg.base,
      quote: s.spec.cfg.quote,
      symbol: s.spec.symbol,
      index_price: formatUnits(s.index, pd),
      mark_price: formatUnits(s.mark, pd),
      last_price: s.last !== 0 ? formatUnits(s.last, pd) : null,
      mid_price: renderMid(s),
      spread_ask: ask !== 0 ? formatUnits(ask, pd) : null,
      spread_bid: bid !== 0 ? formatUnits(bid, pd) : null,
      time: iso(ctx.time),
    },
  };
}

/**
 * Levels per side in a depth snapshot, the best ones (docs/service.md "Market stream"; decisions.md
 * "Market integrity in the devnet"): a book an attacker deepens costs every reader no more than this.
 * 500 like the deeper books of public venues (Bybit's 500, Binance's REST default of 100 up to 5000);
 * the app's ladder shows a few dozen rows per side, grouped, and the makers quote 25 levels.
 */
export const DEPTH_LEVELS = 500;

/** The best `DEPTH_LEVELS` live levels of a side, best first: O(DEPTH_LEVELS), whatever the book's depth. */
function depthSide(levels: readonly Level[], pd: number, qd: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = levels.length - 1; i >= 0 && out.length < DEPTH_LEVELS; i--) {
    const l = levels[i];
    if (l !== undefined && l.total > 0) out.push([formatUnits(l.price, pd), formatUnits(l.total, qd)]);
  }
  return out;
}

/**
 * The symbol's depth snapshot for the book as it is, rendered (object and JSON text) once per change
 * of the book (SymbolState.depthVersion) and shared by every subscriber and HTTP reader until the next.
 */
function renderedDepth(ctx: Ctx, s: SymbolState): { book: DepthBook; text: string } {
  const version = s.depthVersion ?? 0;
  const held = s.depthRendered;
  if (held !== undefined && held.version === version) return held;
  const { pd, qd } = s.spec;
  const book: DepthBook = Object.freeze({ asks: depthSide(s.asks.levels, pd, qd), bids: depthSide(s.bids.levels, pd, qd), symbol: s.spec.symbol });
  const rendered = { version, book, text: JSON.stringify(book) };
  s.depthRendered = rendered;
  ctx.depthRenders = (ctx.depthRenders ?? 0) + 1;
  return rendered;
}

/**
 * The best `DEPTH_LEVELS` levels per side, best level first (the spec lets clients sort anyway). The
 * object is shared with every other reader of this version of the book: read it, never change it.
 */
export function depthBook(ctx: Ctx, symbol: string): Result<DepthBook> {
  const r = lookup(ctx, symbol);
  if (!r.ok) return r;
  return { ok: true, value: renderedDepth(ctx, r.value).book };
}

/** `depthBook` as its JSON text, rendered once per change of the book. */
export function depthBookText(ctx: Ctx, symbol: string): Result<string> {
  const r = lookup(ctx, symbol);
  if (!r.ok) return r;
  return { ok: true, value: renderedDepth(ctx, r.value).text };
}

/** Newest first, at most 100. */
export function recentTrades(ctx: Ctx, symbol: string): Result<RecentTrade[]> {
  const r = lookup(ctx, symbol);
  if (!r.ok) return r;
  const s = r.value;
  const out: RecentTrade[] = [];
  for (let i = s.recent.length - 1; i >= 0 && out.length < RECENT_CAP; i--) {
    const t = s.recent[i];
    if (t === undefined) continue;
    out.push({
      is_buyer_taker: t.side === 'buy',
      price: formatUnits(t.price, s.spec.pd),
      qty: formatUnits(t.qty, s.spec.qd),
      quote_qty: fmt(notionalOf(s.spec, t.price, t.qty)),
      symbol: s.spec.symbol,
      time: iso(t.time),
    });
  }
  return { ok: true, value: out };
}

/** Records with startMs ≤ time ≤ endMs, oldest first. */
export function fundingRates(ctx: Ctx, symbol: string, startMs: number, endMs: number): Result<FundingRate[]> {
  const r = lookup(ctx, symbol);
  if (!r.ok) return r;
  return {
    ok: true,
    value: r.value.fundingRecords.filter((f) => f.time >= startMs && f.time <= endMs).map((f) => renderFundingRate(ctx, f)),
  };
}

export function klineHistory(
  ctx: Ctx, symbol: string, fromSec: number, toSec: number, resolution: string, countback?: number,
): Result<KlineHistory> {
  const r = lookup(ctx, symbol);
  if (!r.ok) return r;
  if (!(RESOLUTIONS as readonly string[]).includes(resolution)) {
    return { ok: false, code: 400, message: `invalid resolution: ${resolution} (one of ${RESOLUTIONS.join(', ')})` };
  }
  if (!Number.isFinite(fromSec) || !Number.isFinite(toSec)) return { ok: false, code: 400, message: 'from and to must be Unix seconds' };
  return {
    ok: true,
    value: queryKlines(r.value.klines, r.value.spec, resolution as Resolution, fromSec, toSec, countback, Math.floor(ctx.time / 1000)),
  };
}
