import type { SymbolInfo } from '../../api/schemas';
import { D, dec, type Dec } from '../../lib/decimal';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';
import { formatFixed } from '../../lib/format';
import { estimateMarketFill, marketLimitPrice, type BookLevel, type MarketFillEstimate } from '../../lib/market-fill-estimate';
import { marketFillMargin } from '../../lib/market-order-margin';
import { orderLock } from '../../lib/order-lock';
import { marginError, maxPositionError, priceBandError, priceStepError, readAmount, reduceOnlyError, sizeLimitError, sizeStepError, type AmountKind } from '../../lib/order-rules';
import { reducingSide } from '../../lib/reduce-only';
import type { OrderDraft } from './order-draft';
import { qtyFromQuote } from './order-math';
import { problemsByField, type OrderField, type OrderProblem, type OrderProblemCode } from './order-problem';

export type { OrderField, OrderProblem } from './order-problem';

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
  /** Every problem found, each with its field, in the order the checks ran. */
  problems: OrderProblem[];
  /** The first problem of each field. */
  errors: Partial<Record<OrderField, OrderProblem>>;
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

function readPrice(text: string, decimals: number, what: AmountKind): { value: Dec | null; error?: OrderProblemCode } {
  const read = readAmount(text, what);
  if ('error' in read) return { value: null, error: read.error };
  const error = priceStepError(read.value, decimals);
  return error ? { value: null, error } : { value: read.value };
}

/** The slippage as a ratio (1 % → 0.01), or why the text is not a usable percentage. */
function readSlippage(text: string): { ratio: Dec | null; error?: OrderProblemCode } {
  const r = parseTypedDecimal(text, { maxDecimals: 2 });
  if (!r.ok) return { ratio: null, error: r.reason === 'empty' ? { code: 'slippage-empty' } : { code: 'slippage-unreadable', read: r } };
  if (r.value.lte(0)) return { ratio: null, error: { code: 'slippage-not-positive' } };
  return { ratio: r.value.div(100) };
}

/**
 * Checks an order against the symbol's rules before it is sent (spec §2.8, §4.1, §8): tick and qty
 * decimals, min/max order qty, max position, price within mark × (1 − floor … 1 + cap), reduce-only
 * headroom, TP/SL on the right side of the price, and margin available. Every reason is a code with
 * the field it belongs to (order-problem.ts); the view words it (order-problem-words.ts).
 */
export function validateOrder(draft: OrderDraft, ctx: OrderContext): ValidatedOrder {
  const { info } = ctx;
  const problems: OrderProblem[] = [];
  // One problem a field: the first check that fails is the one the trader fixes first.
  const errors: ValidatedOrder['errors'] = {};
  const refuse = (field: OrderField, p: OrderProblemCode) => {
    if (errors[field]) return;
    const problem = { ...p, field } as OrderProblem;
    problems.push(problem);
    errors[field] = problem;
  };
  const priceDp = info.price_tick_decimals;
  const qtyDp = info.qty_tick_decimals;
  const base = info.base_asset;
  const maxLeverage = dec(info.max_leverage).floor().toNumber();

  if (!Number.isInteger(ctx.leverage) || ctx.leverage < 1 || ctx.leverage > maxLeverage) {
    refuse('leverage', { code: 'leverage-range', max: maxLeverage });
  }

  // Price: the limit price, or the mark for a market order.
  let price: Dec | null = null;
  let limitPrice: Dec | null = null;
  if (draft.type === 'limit') {
    const r = readPrice(draft.price, priceDp, 'price');
    if (r.error) refuse('price', r.error);
    limitPrice = r.value;
    price = r.value;
    const outside = price && ctx.mark ? priceBandError(price, ctx.mark, { capRatio: info.price_cap_ratio, floorRatio: info.price_floor_ratio, decimals: priceDp }) : undefined;
    if (outside) refuse('price', outside);
  } else {
    price = ctx.mark;
    if (!price) refuse('form', { code: 'no-mark' });
  }
  let slippage: Dec | null = null;
  if (draft.type === 'market') {
    const r = readSlippage(ctx.slippagePct);
    if (r.error) refuse('slippage', r.error);
    slippage = r.ratio;
  }
  const marketLimit = draft.type === 'market' && price && slippage ? marketLimitPrice(price, draft.side, slippage, { priceDecimals: info.price_tick_decimals, capRatio: info.price_cap_ratio, floorRatio: info.price_floor_ratio }) : null;

  // Size, in base or converted from quote.
  let qty: Dec | null = null;
  const read = readAmount(draft.size, 'size');
  if ('error' in read) refuse('size', read.error);
  else if (draft.sizeUnit === 'base') {
    const offStep = sizeStepError(read.value, qtyDp, base);
    if (offStep) refuse('size', offStep);
    else qty = read.value;
  } else if (price) qty = qtyFromQuote(read.value, price, qtyDp);
  else if (!errors.price) refuse('size', { code: 'price-first-for-usd' });
  const outOfLimits = qty && !errors.size ? sizeLimitError(qty, info.min_order_qty, info.max_order_qty, base, qtyDp) : undefined;
  if (outOfLimits) refuse('size', outOfLimits);

  if (qty && !errors.size) {
    const broken = draft.reduceOnly
      ? reduceOnlyError({ side: draft.side, qty, positionQty: ctx.positionQty, headroom: ctx.reduceHeadroom, symbol: info.symbol, base, qtyDecimals: qtyDp })
      : maxPositionError({ positionQty: ctx.positionQty, side: draft.side, qty, maxPositionSize: info.max_position_size, base, qtyDecimals: qtyDp });
    if (broken) refuse('size', broken);
    else if (!draft.reduceOnly && ctx.available && price && !errors.leverage) {
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
      // Compared and worded by the shared rule (order-rules marginError), as a modify's replacement is.
      const needed = D.max(fills ?? dec(0), orderLock({ qty: opening, price, leverage: ctx.leverage, takerFee: info.taker_fee }));
      const short = marginError(needed, ctx.available);
      if (short) refuse('size', short);
    }
  }

  // A market order: what the book fills up to its limit, refused before sending when not all of it.
  let fill: MarketFillEstimate | null = null;
  if (draft.type === 'market' && qty && qty.gt(0)) {
    if (!ctx.bookLevels) refuse('fill', { code: 'no-book' });
    else if (marketLimit && slippage) {
      fill = estimateMarketFill(ctx.bookLevels, draft.side, qty, marketLimit);
      if (!fill.fillsCompletely) {
        // Beyond the exchange's band the band is the limit the order gets.
        const band = dec(draft.side === 'buy' ? info.price_cap_ratio : info.price_floor_ratio);
        refuse('fill', {
          code: 'book-short',
          filled: formatFixed(fill.filledQty, qtyDp),
          size: formatFixed(qty, qtyDp),
          base,
          pct: D.min(slippage, band).mul(100).toFixed(),
          limit: formatFixed(marketLimit, priceDp),
        });
      }
    }
  }

  // TP / SL: on the profitable / protective side of the price the order is valued at.
  let tp: Dec | null = null;
  let sl: Dec | null = null;
  if (draft.tpsl && draft.reduceOnly) {
    refuse('tp', { code: 'tpsl-on-reduce-only' });
  } else if (draft.tpsl) {
    const long = draft.side === 'buy';
    const at = price ? formatFixed(price, priceDp) : '';
    if (draft.tp.trim() !== '') {
      const r = readPrice(draft.tp, priceDp, 'take-profit');
      if (r.error) refuse('tp', r.error);
      else if (price && (long ? r.value!.lte(price) : r.value!.gte(price))) refuse('tp', { code: 'tp-wrong-side', side: draft.side, at });
      else tp = r.value;
    }
    if (draft.sl.trim() !== '') {
      const r = readPrice(draft.sl, priceDp, 'stop-loss');
      if (r.error) refuse('sl', r.error);
      else if (price && (long ? r.value!.gte(price) : r.value!.lte(price))) refuse('sl', { code: 'sl-wrong-side', side: draft.side, at });
      else sl = r.value;
    }
    if (!errors.tp && !errors.sl && tp === null && sl === null) refuse('tp', { code: 'tpsl-empty' });
  }

  return { problems, errors: problemsByField(problems), qty, price, limitPrice, marketLimit, fill, tp, sl };
}
