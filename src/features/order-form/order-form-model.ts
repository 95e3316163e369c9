import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Balance, DepthBook, Order, Position, PositionConfig, SymbolInfo } from '../../api/schemas';
import { D, dec, type Dec } from '../../lib/decimal';
import type { LeverageChangePreview } from '../../lib/leverage-change';
import { takingLevels, type BookLevel } from '../../lib/market-fill-estimate';
import { maxMarketQty } from '../../lib/market-order-margin';
import { availableMargin, maxOrderQty } from '../../lib/max-order-qty';
import { defaultMmr } from '../../lib/perp-math';
import { reducingSide } from '../../lib/reduce-only';
import { stepOf } from '../../lib/ticks';
import { leverageChangeOf, leverageRefusalWords } from './leverage-preview';
import { readLeverage } from './leverage-text';
import type { FormDraft } from './order-draft';
import { previewOrder, type OrderPreview } from './order-math';
import { asksToType, problemsByField, type OrderField, type OrderProblem } from './order-problem';
import { feeRateOf, validateOrder, type ValidatedOrder } from './order-validation';

/**
 * The order form as data: what was typed (order-draft.ts), the market and the account in, what the
 * form shows out — the leverage read, the checks and the errors to show, the preview, the locked
 * margin mode's reason, the % buttons. Pure: tested without React (order-form-model.test.ts).
 */

export interface FormMarket {
  symbol: string;
  info: SymbolInfo;
  mark: Dec | null;
}

/** What the signed-in trader holds in the symbol (use-order-context.ts); all empty when signed out. */
export interface FormAccount {
  account: string | null;
  position: Position | undefined;
  positions: readonly Position[];
  balance: Balance | undefined;
  positionQty: Dec;
  ordersInSymbol: readonly Order[];
  reduceHeadroom: Dec;
  available: Dec | null;
  config: PositionConfig | undefined;
}

export interface FormSummary {
  maxLeverage: number;
  /** The position's leverage (or the symbol's default). */
  currentLeverage: number;
  leverageText: string;
  leverageRead: ReturnType<typeof readLeverage>;
  /** NaN while the leverage box is refused. */
  leverage: number;
  leverageChanged: boolean;
  mode: 'cross' | 'isolated';
  feeRate: Dec;
  /** What an order may use: cross_available, or for an isolated position its cash-backed part; null signed out. */
  marginAvailable: Dec | null;
  /** The book's side the order takes from, best first; null without the book. */
  bookLevels: readonly BookLevel[] | null;
  validated: ValidatedOrder;
  /** The problems to show, each with its field: "Enter a …" only after a send was attempted; the slippage's always. */
  problems: OrderProblem[];
  /** The first of them by field, as the form shows them. */
  errors: Partial<Record<OrderField, OrderProblem>>;
  /** With an open position, what a leverage change does to it. */
  positionChange: LeverageChangePreview | null;
  /** Why the leverage change would be refused. */
  refusal: MessageDescriptor | null;
  preview: OrderPreview | null;
  /** Why the margin mode cannot be switched now. */
  lockedReason: MessageDescriptor | null;
  /** Whether the % buttons can size an order. */
  percentEnabled: boolean;
}

/** The margin mode in force: the position config's, cross before it is known. */
export function modeOf(account: Pick<FormAccount, 'config'>): 'cross' | 'isolated' {
  return account.config?.margin_mode ?? 'cross';
}

/** The margin an order may use (null signed out). */
export function marginAvailableOf(account: Pick<FormAccount, 'balance' | 'config'>): Dec | null {
  return account.balance ? availableMargin(account.balance, modeOf(account)) : null;
}

/** Whether the form reads the book: a market order walks it, and a signed-in trader's limit may price through it. */
export function usesBook(draft: Pick<FormDraft, 'type'>, account: Pick<FormAccount, 'balance'>): boolean {
  return draft.type === 'market' || account.balance !== undefined;
}

function lockedReasonOf(symbol: string, a: FormAccount): MessageDescriptor | null {
  const orders = a.ordersInSymbol.length > 0;
  if (a.position && orders) return msg`Close your ${symbol} position and cancel its open orders to switch margin mode`;
  if (a.position) return msg`Close your ${symbol} position to switch margin mode`;
  if (orders) return msg`Cancel your open ${symbol} orders to switch margin mode`;
  return null;
}

export function summarize(draft: FormDraft, market: FormMarket, account: FormAccount, book: DepthBook | undefined): FormSummary {
  const { info, mark } = market;
  const maxLeverage = dec(info.max_leverage).floor().toNumber();
  const currentLeverage = account.config?.leverage ?? dec(info.def_leverage).toNumber();
  const leverageText = draft.leverage ?? String(currentLeverage);
  const leverageRead = readLeverage(leverageText, maxLeverage);
  const leverage = 'value' in leverageRead ? leverageRead.value : NaN;
  const leverageChanged = Number.isInteger(leverage) && leverage !== currentLeverage;
  const mode = modeOf(account);
  const feeRate = feeRateOf(draft, info);
  const marginAvailable = marginAvailableOf(account);
  const bookLevels = book ? takingLevels(book, draft.side) : null;
  const validated = validateOrder(draft, {
    info,
    mark,
    positionQty: account.positionQty,
    reduceHeadroom: account.reduceHeadroom,
    available: marginAvailable,
    leverage,
    bookLevels,
    slippagePct: draft.slippage,
  });
  const problems = validated.problems.filter((p) => p.field === 'slippage' || draft.attempted || !asksToType(p));
  const positionChange =
    account.position && leverageChanged
      ? leverageChangeOf({ position: account.position, positions: account.positions, balance: account.balance, available: account.available, from: currentLeverage, to: leverage })
      : null;
  const refusal = positionChange && Number.isInteger(leverage) ? leverageRefusalWords(positionChange.refusal, leverage) : null;
  const { qty, price } = validated;
  const p = account.position;
  const preview =
    !qty || !price || qty.lte(0) || !Number.isInteger(leverage) || leverage < 1
      ? null
      : previewOrder({
          side: draft.side,
          qty,
          price,
          leverage,
          feeRate,
          mode,
          mmr: p ? dec(p.mmr) : defaultMmr(info.max_leverage),
          available: account.available,
          position: p ? { qty: dec(p.qty), entry: dec(p.entry_price), margin: dec(p.holding_margin), mark: mark ?? dec(p.mark_price) } : null,
        });
  const percentEnabled = draft.reduceOnly ? !account.reduceHeadroom.isZero() : marginAvailable !== null && Number.isInteger(leverage);
  return {
    maxLeverage,
    currentLeverage,
    leverageText,
    leverageRead,
    leverage,
    leverageChanged,
    mode,
    feeRate,
    marginAvailable,
    bookLevels,
    validated,
    problems,
    errors: problemsByField(problems),
    positionChange,
    refusal,
    preview,
    lockedReason: lockedReasonOf(market.symbol, account),
    percentEnabled,
  };
}

/**
 * The size text for the `pct` % button: `pct` % of the largest order the exchange accepts
 * (max-order-qty: its order lock, safety margin included, within the margin available,
 * max_order_qty and max_position_size, and the fills it takes from the book up to its limit), or of
 * what can still be reduced for a reduce-only order. A limit order without a price yet is sized at
 * the mark. `s` is the summary over the newest book.
 */
export function sizeAtPercent(draft: FormDraft, market: FormMarket, account: FormAccount, s: FormSummary, pct: number): string {
  const { info, mark } = market;
  const { validated, leverage, marginAvailable, bookLevels } = s;
  const price = validated.price ?? mark;
  const qtyTick = stepOf(info.qty_tick_decimals);
  let qty = dec(0);
  if (draft.reduceOnly) qty = account.reduceHeadroom.mul(pct).div(100).toDecimalPlaces(info.qty_tick_decimals, D.ROUND_DOWN);
  else if (marginAvailable && mark && price && Number.isInteger(leverage)) {
    const max = maxOrderQty({
      side: draft.side,
      orderType: draft.type,
      timeInForce: draft.tif,
      limitPrice: price,
      markPrice: mark,
      availableMargin: marginAvailable,
      leverage,
      takerFee: info.taker_fee,
      positionQty: account.positionQty,
      qtyTick,
      minOrderQty: info.min_order_qty,
      maxOrderQty: info.max_order_qty,
      maxPositionSize: info.max_position_size,
    });
    // An order must also afford its fills, priced from the book up to its limit: all of a market
    // order's, and the part of a limit priced through the book that fills at once (the rest rests).
    const limit = draft.type === 'market' ? validated.marketLimit : validated.price;
    const largest =
      bookLevels && limit
        ? maxMarketQty({
            levels: bookLevels,
            side: draft.side,
            limit,
            mark,
            closingQty: reducingSide(account.positionQty) === draft.side ? account.positionQty.abs() : dec(0),
            leverage,
            takerFee: info.taker_fee,
            available: marginAvailable,
            upTo: max.qty,
            qtyTick,
            restsUnfilled: draft.type === 'limit',
          })
        : max.qty;
    qty = largest.mul(pct).div(100).toDecimalPlaces(info.qty_tick_decimals, D.ROUND_DOWN);
  }
  if (draft.sizeUnit === 'quote' && price) return qty.mul(price).toDecimalPlaces(2, D.ROUND_DOWN).toFixed();
  return qty.toFixed();
}

/**
 * The draft as it is sent: a size chosen by a % button is re-sized to that % from `now` (the summary
 * over the margin and the book at the click), so the form never refuses its own 100 % after the
 * mark moved; a size the trader typed is sent as typed.
 */
export function draftToSend(draft: FormDraft, market: FormMarket, account: FormAccount, now: FormSummary): FormDraft {
  if (draft.sizePct === null) return draft;
  const size = sizeAtPercent(draft, market, account, now, draft.sizePct);
  return size === draft.size ? draft : { ...draft, size };
}
