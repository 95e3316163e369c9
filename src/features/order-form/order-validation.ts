import type { SymbolInfo } from '../../api/schemas';
import { D, dec, fitsDecimals, type Dec } from '../../lib/decimal';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';
import { formatFixed } from '../../lib/format';
import { estimateMarketFill, slippageCapPrice, type BookLevel, type MarketFillEstimate } from '../../lib/market-fill-estimate';
import { marketFillMargin } from '../../lib/market-order-margin';
import { orderLock } from '../../lib/order-lock';
import { signedQty } from '../../lib/perp-math';
import { reducingSide } from '../../lib/reduce-only';
import { stepOf } from '../../lib/ticks';
import type { OrderDraft } from './order-draft';
import { qtyFromQuote } from './order-math';

export type OrderField = 'price' | 'size' | 'tp' | 'sl' | 'leverage' | 'slippage' | 'fill' | 'form';

/** What the form knows besides what was typed. */
export interface OrderContext {
  info: SymbolInfo;
  mark: Dec | null;
  /** Signed position qty in this symbol (0 when none). */
  positionQty: Dec;
  /** Spec §4.1 headroom for reduce-only orders (lib/reduce-only). */
  reduceHeadroom: Dec;
  /** The margin an order may use (max-order-qty availableMargin: cross_available, or for isolated its cash-backed part); null when signed out. */
  available: Dec | null;
  leverage: number;
  /** The book's levels on the side a market order of the draft's side takes (best first); null before the book arrives. */
  bookLevels: readonly BookLevel[] | null;
  /** The trader's slippage cap for market orders, in percent, as typed. */
  slippagePct: string;
}

export interface ValidatedOrder {
  errors: Partial<Record<OrderField, string>>;
  /** Base quantity, when the size could be read. */
  qty: Dec | null;
  /** The price the order is valued at: its limit price, or the mark for a market order. */
  price: Dec | null;
  /** The limit price to send (null for market orders). */
  limitPrice: Dec | null;
  /** A market order's price limit: the slippage cap from the mark, within the exchange's band. */
  marketLimit: Dec | null;
  /** What the book would fill of a market order, up to its limit. */
  fill: MarketFillEstimate | null;
  tp: Dec | null;
  sl: Dec | null;
}

/** Fee rate the order will most likely pay: maker for post-only (alo), else taker. */
export function feeRateOf(draft: Pick<OrderDraft, 'type' | 'tif'>, info: SymbolInfo): Dec {
  return dec(draft.type === 'limit' && draft.tif === 'alo' ? info.maker_fee : info.taker_fee);
}

function readPrice(text: string, decimals: number, label: string): { value: Dec | null; error?: string } {
  if (text.trim() === '') return { value: null, error: `Enter ${label}` };
  const read = readTyped(text, label);
  if ('error' in read) return { value: null, error: read.error };
  const value = read.value;
  if (value.lte(0)) return { value: null, error: `${capital(label)} must be above 0` };
  if (!fitsDecimals(value, decimals)) return { value: null, error: `Price moves in steps of ${stepOf(decimals).toFixed()}` };
  return { value };
}

/** The slippage as a ratio (1 % → 0.01), or why the text is not a usable percentage. */
function readSlippage(text: string): { ratio: Dec | null; error?: string } {
  const r = parseTypedDecimal(text, { maxDecimals: 2 });
  if (!r.ok) return { ratio: null, error: r.reason === 'empty' ? 'Enter a slippage in %' : r.message };
  if (r.value.lte(0)) return { ratio: null, error: 'Slippage must be above 0 %' };
  return { ratio: r.value.div(100) };
}

/**
 * A market order's price limit: the slippage cap from the mark (mark × (1 ± slippage), on the tick
 * towards the mark), never beyond the exchange's own band (mark × (1 + price_cap_ratio) for a buy,
 * × (1 − price_floor_ratio) for a sell), which the exchange would apply instead.
 */
function marketLimitOf(side: OrderDraft['side'], mark: Dec, slippage: Dec, info: SymbolInfo): Dec {
  const dp = info.price_tick_decimals;
  const cap = slippageCapPrice(mark, side, slippage, dp);
  const band = slippageCapPrice(mark, side, dec(side === 'buy' ? info.price_cap_ratio : info.price_floor_ratio), dp);
  return side === 'buy' ? D.min(cap, band) : D.max(cap, band);
}

/** The typed decimal, or the parser's reason (a minus: "<Label> must be positive"). */
function readTyped(text: string, label: string): { value: Dec } | { error: string } {
  const r = parseTypedDecimal(text);
  if (r.ok) return { value: r.value };
  return { error: r.reason === 'negative' ? `${capital(label)} must be positive` : r.message };
}

function capital(s: string): string {
  const t = s.replace(/^(a|an|the) /, '');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * Checks an order against the symbol's rules before it is sent (spec §2.8, §4.1, §8): tick and qty
 * decimals, min/max order qty, max position, price within mark × (1 − floor … 1 + cap), reduce-only
 * headroom, TP/SL on the right side of the price, and margin available. Every reason is worded for
 * the field it belongs to.
 */
export function validateOrder(draft: OrderDraft, ctx: OrderContext): ValidatedOrder {
  const { info } = ctx;
  const errors: ValidatedOrder['errors'] = {};
  const priceDp = info.price_tick_decimals;
  const qtyDp = info.qty_tick_decimals;
  const base = info.base_asset;
  const maxLeverage = dec(info.max_leverage).floor().toNumber();

  if (!Number.isInteger(ctx.leverage) || ctx.leverage < 1 || ctx.leverage > maxLeverage) {
    errors.leverage = `Leverage must be a whole number from 1 to ${maxLeverage}`;
  }

  // Price: the limit price, or the mark for a market order.
  let price: Dec | null = null;
  let limitPrice: Dec | null = null;
  if (draft.type === 'limit') {
    const r = readPrice(draft.price, priceDp, 'a price');
    if (r.error) errors.price = r.error;
    limitPrice = r.value;
    price = r.value;
    if (price && ctx.mark) {
      const upper = ctx.mark.mul(dec(1).plus(info.price_cap_ratio));
      const lower = ctx.mark.mul(dec(1).minus(info.price_floor_ratio));
      if (price.gt(upper)) errors.price = `Price must be at most ${formatFixed(upper.toDecimalPlaces(priceDp, D.ROUND_DOWN), priceDp)} (mark + ${dec(info.price_cap_ratio).mul(100).toFixed()}%)`;
      else if (price.lt(lower)) errors.price = `Price must be at least ${formatFixed(lower.toDecimalPlaces(priceDp, D.ROUND_UP), priceDp)} (mark − ${dec(info.price_floor_ratio).mul(100).toFixed()}%)`;
    }
  } else {
    price = ctx.mark;
    if (!price) errors.form = 'No mark price yet: wait for market data';
  }
  let slippage: Dec | null = null;
  if (draft.type === 'market') {
    const r = readSlippage(ctx.slippagePct);
    if (r.error) errors.slippage = r.error;
    slippage = r.ratio;
  }
  const marketLimit = draft.type === 'market' && price && slippage ? marketLimitOf(draft.side, price, slippage, info) : null;

  // Size, in base or converted from quote.
  let qty: Dec | null = null;
  const typed = draft.size.trim();
  if (typed === '') errors.size = 'Enter a size';
  else {
    const read = readTyped(typed, 'size');
    const value = 'value' in read ? read.value : null;
    if (!value) errors.size = 'error' in read ? read.error : 'Enter a size';
    else if (draft.sizeUnit === 'base') {
      if (!fitsDecimals(value, qtyDp)) errors.size = `Size moves in steps of ${stepOf(qtyDp).toFixed()} ${base}`;
      else qty = value;
    } else if (price) qty = qtyFromQuote(value, price, qtyDp);
    else if (!errors.price) errors.size = 'Enter a price first to size in USD';
  }
  if (qty && !errors.size) {
    if (qty.lte(0) || qty.lt(info.min_order_qty)) errors.size = `Minimum size is ${info.min_order_qty} ${base}`;
    else if (qty.gt(info.max_order_qty)) errors.size = `Maximum size per order is ${info.max_order_qty} ${base}`;
  }

  if (qty && !errors.size) {
    if (draft.reduceOnly) {
      const side = reducingSide(ctx.positionQty);
      if (side === null) errors.size = `Reduce-only needs a position in ${info.symbol}`;
      else if (side !== draft.side) errors.size = `Reduce-only must ${side} to reduce your ${side === 'sell' ? 'long' : 'short'}`;
      else if (qty.gt(ctx.reduceHeadroom)) {
        const pending = ctx.positionQty.abs().minus(ctx.reduceHeadroom);
        errors.size = pending.gt(0)
          ? `Reduce-only size can be at most ${ctx.reduceHeadroom.toFixed()} ${base}: position ${ctx.positionQty.abs().toFixed()} minus ${pending.toFixed()} in other reduce-only orders`
          : `Reduce-only size can be at most the position, ${ctx.reduceHeadroom.toFixed()} ${base}`;
      }
    } else {
      const after = ctx.positionQty.plus(signedQty(draft.side, qty)).abs();
      if (after.gt(info.max_position_size)) errors.size = `Position would be ${after.toFixed()} ${base}, above the maximum of ${info.max_position_size}`;
      else if (ctx.available && price && !errors.leverage) {
        // An immediate order (market, ioc) needs margin only for what opens exposure beyond
        // closing the opposite position; a resting order locks margin for all of it.
        const immediate = draft.type === 'market' || draft.tif === 'ioc';
        const closing = reducingSide(ctx.positionQty) === draft.side ? ctx.positionQty.abs() : dec(0);
        const opening = immediate ? (qty.gt(closing) ? qty.minus(closing) : dec(0)) : qty;
        // The exchange's own lock (order-lock): margin + taker fee with its safety margin, at the
        // limit price. A market order is checked at the mark, then fill by fill as it matches:
        // what its fills take from the book (market-order-margin) is what it needs. So is a limit
        // priced through the book, for the part that fills at once (the rest rests under its lock).
        const fillLimit = draft.type === 'market' ? marketLimit : price;
        const fills =
          ctx.bookLevels && fillLimit
            ? marketFillMargin({
                levels: ctx.bookLevels,
                side: draft.side,
                qty,
                limit: fillLimit,
                mark: ctx.mark ?? price,
                closingQty: closing,
                leverage: ctx.leverage,
                takerFee: info.taker_fee,
                restsUnfilled: draft.type === 'limit',
              })
            : null;
        const needed = D.max(fills ?? dec(0), orderLock({ qty: opening, price, leverage: ctx.leverage, takerFee: info.taker_fee }));
        if (needed.gt(0) && needed.gt(ctx.available)) {
          const available = ctx.available.lt(0) ? dec(0) : ctx.available;
          errors.size = `Needs ${formatFixed(needed.toDecimalPlaces(2, D.ROUND_UP), 2)} margin + fee; ${formatFixed(available.toDecimalPlaces(2, D.ROUND_DOWN), 2)} available`;
        }
      }
    }
  }

  // A market order: what the book fills up to its limit, refused before sending when not all of it.
  let fill: MarketFillEstimate | null = null;
  if (draft.type === 'market' && qty && qty.gt(0)) {
    if (!ctx.bookLevels) errors.fill = 'No order book yet: wait for market data';
    else if (marketLimit && slippage) {
      fill = estimateMarketFill(ctx.bookLevels, draft.side, qty, marketLimit);
      if (!fill.fillsCompletely) {
        // Beyond the exchange's band the band is the limit the order gets.
        const band = dec(draft.side === 'buy' ? info.price_cap_ratio : info.price_floor_ratio);
        const pct = D.min(slippage, band).mul(100).toFixed();
        errors.fill =
          `The book fills only ${fill.filledQty.toFixed(qtyDp)} of ${qty.toFixed(qtyDp)} ${base} within ${pct} % of the mark ` +
          `(up to ${formatFixed(marketLimit, priceDp)}): lower the size or raise the slippage`;
      }
    }
  }

  // TP / SL: on the profitable / protective side of the price the order is valued at.
  let tp: Dec | null = null;
  let sl: Dec | null = null;
  if (draft.tpsl && draft.reduceOnly) {
    errors.tp = 'TP/SL cannot be attached to a reduce-only order';
  } else if (draft.tpsl) {
    const long = draft.side === 'buy';
    if (draft.tp.trim() !== '') {
      const r = readPrice(draft.tp, priceDp, 'a take-profit price');
      if (r.error) errors.tp = r.error;
      else if (price && (long ? r.value!.lte(price) : r.value!.gte(price))) {
        errors.tp = `Take profit must be ${long ? 'above' : 'below'} ${formatFixed(price, priceDp)} for a ${long ? 'buy' : 'sell'}`;
      } else tp = r.value;
    }
    if (draft.sl.trim() !== '') {
      const r = readPrice(draft.sl, priceDp, 'a stop-loss price');
      if (r.error) errors.sl = r.error;
      else if (price && (long ? r.value!.gte(price) : r.value!.lte(price))) {
        errors.sl = `Stop loss must be ${long ? 'below' : 'above'} ${formatFixed(price, priceDp)} for a ${long ? 'buy' : 'sell'}`;
      } else sl = r.value;
    }
    if (!errors.tp && !errors.sl && tp === null && sl === null) errors.tp = 'Enter a take-profit or stop-loss price, or turn TP/SL off';
  }

  return { errors, qty, price, limitPrice, marketLimit, fill, tp, sl };
}

/** Errors that say "you have not typed this yet": shown only after a submit attempt. */
export function isMissingValueError(message: string | undefined): boolean {
  return message !== undefined && message.startsWith('Enter ');
}
