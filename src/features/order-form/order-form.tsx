import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useReducer, useState, type FormEvent } from 'react';
import type { OrderType, Side, SymbolInfo, TimeInForce } from '../../api/schemas';
import { D, dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { takingLevels } from '../../lib/market-fill-estimate';
import { availableMargin, maxOrderQty } from '../../lib/max-order-qty';
import { maxMarketQty } from '../../lib/market-order-margin';
import { reducingSide } from '../../lib/reduce-only';
import { stepOf } from '../../lib/ticks';
import { parseTypedDecimal } from '../../lib/parse-decimal-input';
import { useOrderTicket } from '../../stores/order-ticket';
import { useTradeSettings } from '../../stores/trade-settings';
import { defaultMmr } from '../../lib/perp-math';
import { useSignInRequest } from '../../stores/sign-in-request';
import { buildOrderBody } from './build-order-body';
import { LeverageChangeSummary } from './leverage-change-summary';
import { LeverageControl } from './leverage-control';
import { leverageChangeOf, leverageRefusalWords } from './leverage-preview';
import { readLeverage } from './leverage-text';
import { MarketEstimate } from './market-estimate';
import { MarginModeControl } from './margin-mode-control';
import { clearedDraft, emptyDraft, type OrderDraft } from './order-draft';
import { previewOrder } from './order-math';
import { OrderSummary } from './order-summary';
import { feeRateOf, isMissingValueError, validateOrder, type OrderField } from './order-validation';
import { newClientOrderId } from '../../trading/order-commands';
import { useSubmitOrder } from '../../trading/use-order-commands';
import { useLatestOrderBook, useOrderBook } from './use-order-book';
import { useOrderContext } from './use-order-context';
import { useSideHotkeys } from './use-side-hotkeys';
import { Button } from '../../ui/button';
import { ConfirmPanel } from '../../ui/confirm-panel';
import { Field } from '../../ui/field';
import { NumericInput } from '../../ui/numeric-input';
import { Segmented, type Choice } from '../../ui/segmented';

// GTC and IOC are the exchange's codes, the same in every language.
const TIFS: { value: TimeInForce; label: MessageDescriptor | string; title: MessageDescriptor }[] = [
  { value: 'gtc', label: 'GTC', title: msg`Good till canceled: rests on the book until filled or canceled` },
  { value: 'ioc', label: 'IOC', title: msg`Immediate or cancel: fills what it can now, cancels the rest` },
  { value: 'alo', label: msg`Post only`, title: msg`Add liquidity only (ALO): rejected if it would take liquidity` },
];
const PERCENTS = [10, 25, 50, 75, 100];
const ORDER_TYPES: { value: OrderType; label: MessageDescriptor }[] = [
  { value: 'limit', label: msg`Limit` },
  { value: 'market', label: msg`Market` },
];
const SIDES: { value: Side; label: MessageDescriptor; tone: Side }[] = [
  { value: 'buy', label: msg`Buy / Long`, tone: 'buy' },
  { value: 'sell', label: msg`Sell / Short`, tone: 'sell' },
];

/** The slippage field's text already says this stored value ("1.50" and "1.5" do). */
function sameDecimal(text: string, stored: string): boolean {
  const r = parseTypedDecimal(text, { maxDecimals: 2 });
  return r.ok && r.value.eq(stored);
}

interface Props {
  symbol: string;
  info: SymbolInfo | undefined;
}

/** Limit and market orders with TP/SL, reduce-only, leverage and margin mode, checked before sending. */
export function OrderForm({ symbol, info }: Props) {
  const { t } = useLingui();
  if (!info) {
    return (
      <section aria-label={t`Order form`} className="p-3 text-muted">
        <Trans>Loading market rules…</Trans>
      </section>
    );
  }
  return <OrderFormBody symbol={symbol} info={info} />;
}

function OrderFormBody({ symbol, info }: Props & { info: SymbolInfo }) {
  const { t, i18n } = useLingui();
  const ctx = useOrderContext(symbol);
  const requestSignIn = useSignInRequest((s) => s.request);
  const defaultUnit = useTradeSettings((s) => s.sizeUnit);
  const [draft, setDraft] = useState<OrderDraft>(() => ({ ...emptyDraft, sizeUnit: defaultUnit }));
  const [attempted, setAttempted] = useState(false);
  const submitOrder = useSubmitOrder();
  const submitting = submitOrder.isPending;
  const [leverageDraft, setLeverageDraft] = useState<string | null>(null);
  /** The order is ready but changes the open position's leverage: waiting for the trader to confirm. */
  const [confirmingOrder, setConfirmingOrder] = useState(false);
  /** A market order waiting for the trader's yes (settings: confirm market orders). */
  const [confirmingMarket, setConfirmingMarket] = useState(false);
  const confirmMarket = useTradeSettings((s) => s.confirmMarket);
  const shortcuts = useTradeSettings((s) => s.shortcuts);
  const savedSlippage = useTradeSettings((s) => s.slippagePct);
  const saveSlippage = useTradeSettings((s) => s.setSlippagePct);
  const [slippageText, setSlippageText] = useState(savedSlippage);
  const update = useCallback((patch: Partial<OrderDraft>) => setDraft((d) => ({ ...d, ...patch })), []);

  // The slippage or the default size unit changed in the settings panel: the form follows, keeping
  // what the trader typed (a size already typed keeps its unit).
  useEffect(
    () =>
      useTradeSettings.subscribe((s, prev) => {
        if (s.slippagePct !== prev.slippagePct) setSlippageText((t) => (sameDecimal(t, s.slippagePct) ? t : s.slippagePct));
        if (s.sizeUnit !== prev.sizeUnit) setDraft((d) => (d.size === '' ? { ...d, sizeUnit: s.sizeUnit } : d));
      }),
    [],
  );

  const maxLeverage = dec(info.max_leverage).floor().toNumber();
  const currentLeverage = ctx.config?.leverage ?? dec(info.def_leverage).toNumber();
  const leverageText = leverageDraft ?? String(currentLeverage);
  const leverageRead = readLeverage(leverageText, maxLeverage);
  const leverage = 'value' in leverageRead ? leverageRead.value : NaN;
  const leverageChanged = Number.isInteger(leverage) && leverage !== currentLeverage;
  const mode = ctx.config?.margin_mode ?? 'cross';
  const priceDp = info.price_tick_decimals;
  const base = info.base_asset;
  const feeRate = feeRateOf(draft, info);

  // A price clicked in the order book lands here.
  useEffect(
    () =>
      useOrderTicket.subscribe((s, prev) => {
        const i = s.intent;
        if (!i || i === prev.intent || i.symbol !== symbol) return;
        setDraft((d) => ({
          ...d,
          ...(i.price ? { price: i.price, type: 'limit' as const } : {}),
          ...(i.qty ? { size: i.qty, sizeUnit: 'base' as const } : {}),
          ...(i.side ? { side: i.side } : {}),
        }));
      }),
    [symbol],
  );
  useSideHotkeys(useCallback((side: Side) => update({ side }), [update]));

  // What an order may use: cross_available, or for an isolated position its cash-backed part.
  const marginAvailable = useMemo(() => (ctx.balance ? availableMargin(ctx.balance, mode) : null), [ctx.balance, mode]);

  // The side an order takes from, sorted once per book snapshot and side: a market order walks it,
  // and so does a limit priced through the book (for the margin its fills take: signed in only).
  // Otherwise the form does not follow the book at all, so a fast book never delays typing.
  const usesBook = draft.type === 'market' || marginAvailable !== null;
  const book = useOrderBook(symbol, usesBook);
  const latestBook = useLatestOrderBook(symbol, usesBook);
  // Renders the form again, reading the newest book: after an action was checked against a newer
  // book than the one shown, so the form shows what was checked.
  const [, showLatestBook] = useReducer((n: number) => n + 1, 0);
  const bookLevels = useMemo(() => (book ? takingLevels(book, draft.side) : null), [draft.side, book]);
  const validateWith = useCallback(
    (levels: typeof bookLevels) =>
      validateOrder(draft, {
        info,
        mark: ctx.mark,
        positionQty: ctx.positionQty,
        reduceHeadroom: ctx.reduceHeadroom,
        available: marginAvailable,
        leverage,
        bookLevels: levels,
        slippagePct: slippageText,
      }),
    [draft, info, ctx.mark, ctx.positionQty, ctx.reduceHeadroom, marginAvailable, leverage, slippageText],
  );
  const validated = useMemo(() => validateWith(bookLevels), [validateWith, bookLevels]);
  /** The checks and the book's levels as of now: the rendered ones unless the book moved since. */
  const checkedNow = () => {
    const now = latestBook();
    if (now === book) return { checked: validated, levels: bookLevels };
    showLatestBook();
    const levels = now ? takingLevels(now, draft.side) : null;
    return { checked: validateWith(levels), levels };
  };
  const setSlippage = (text: string) => {
    setSlippageText(text);
    const r = parseTypedDecimal(text, { maxDecimals: 2 });
    if (r.ok && r.value.gt(0)) saveSlippage(r.value.toFixed());
  };

  // With an open position, a leverage change re-leverages all of it: shown before it is confirmed.
  const positionChange = useMemo(
    () =>
      ctx.position && leverageChanged
        ? leverageChangeOf({ position: ctx.position, positions: ctx.positions, balance: ctx.balance, available: ctx.available, from: currentLeverage, to: leverage })
        : null,
    [ctx.position, ctx.positions, ctx.balance, ctx.available, leverageChanged, currentLeverage, leverage],
  );
  const errorOf = (field: OrderField) => {
    const e = validated.errors[field];
    return !e || (!attempted && isMissingValueError(e)) ? undefined : i18n._(e);
  };

  const preview = useMemo(() => {
    const { qty, price } = validated;
    if (!qty || !price || qty.lte(0) || !Number.isInteger(leverage) || leverage < 1) return null;
    const p = ctx.position;
    return previewOrder({
      side: draft.side,
      qty,
      price,
      leverage,
      feeRate,
      mode,
      mmr: p ? dec(p.mmr) : defaultMmr(info.max_leverage),
      available: ctx.available,
      position: p ? { qty: dec(p.qty), entry: dec(p.entry_price), margin: dec(p.holding_margin), mark: ctx.mark ?? dec(p.mark_price) } : null,
    });
  }, [validated, leverage, ctx.position, ctx.available, ctx.mark, draft.side, feeRate, mode, info.max_leverage]);

  /**
   * `pct` % of the largest order the exchange accepts (max-order-qty: its order lock, safety margin
   * included, within the margin available, max_order_qty and max_position_size), or of what can still
   * be reduced for a reduce-only order. A limit order without a price yet is sized at the mark.
   */
  const setPercent = (pct: number) => {
    const { checked: validated, levels: bookLevels } = checkedNow();
    const price = validated.price ?? ctx.mark;
    let qty = dec(0);
    if (draft.reduceOnly) qty = ctx.reduceHeadroom.mul(pct).div(100).toDecimalPlaces(info.qty_tick_decimals, D.ROUND_DOWN);
    else if (marginAvailable && ctx.mark && price && Number.isInteger(leverage)) {
      const max = maxOrderQty({
        side: draft.side,
        orderType: draft.type,
        timeInForce: draft.tif,
        limitPrice: price,
        markPrice: ctx.mark,
        availableMargin: marginAvailable,
        leverage,
        takerFee: info.taker_fee,
        positionQty: ctx.positionQty,
        qtyTick: stepOf(info.qty_tick_decimals),
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
              mark: ctx.mark,
              closingQty: reducingSide(ctx.positionQty) === draft.side ? ctx.positionQty.abs() : dec(0),
              leverage,
              takerFee: info.taker_fee,
              available: marginAvailable,
              upTo: max.qty,
              qtyTick: stepOf(info.qty_tick_decimals),
              restsUnfilled: draft.type === 'limit',
            })
          : max.qty;
      qty = largest.mul(pct).div(100).toDecimalPlaces(info.qty_tick_decimals, D.ROUND_DOWN);
    }
    if (draft.sizeUnit === 'quote' && price) update({ size: qty.mul(price).toDecimalPlaces(2, D.ROUND_DOWN).toFixed() });
    else update({ size: qty.toFixed() });
  };

  const lockedReason =
    ctx.position && ctx.ordersInSymbol.length > 0
      ? t`Close your ${symbol} position and cancel its open orders to switch margin mode`
      : ctx.position
        ? t`Close your ${symbol} position to switch margin mode`
        : ctx.ordersInSymbol.length > 0
          ? t`Cancel your open ${symbol} orders to switch margin mode`
          : null;

  /** Sends the order, with the pending leverage first; `confirmed` once the trader saw what it does to the position. */
  const send = async (confirmed: boolean) => {
    if (!ctx.account) {
      requestSignIn(t`Sign in to place orders`);
      return;
    }
    setAttempted(true);
    const body = buildOrderBody(symbol, draft, checkedNow().checked, newClientOrderId());
    if (!body || submitting) return;
    if (positionChange && !confirmed) {
      setConfirmingOrder(true);
      return;
    }
    if (draft.type === 'market' && confirmMarket && !confirmed) {
      setConfirmingMarket(true);
      return;
    }
    setConfirmingOrder(false);
    setConfirmingMarket(false);
    const ok = await submitOrder.mutateAsync({ body, ...(leverageChanged ? { leverage: { symbol, value: leverage } } : {}) });
    if (ok) {
      setDraft((d) => ({ ...d, size: '', tp: '', sl: '' }));
      setAttempted(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(false);
  };

  const buy = draft.side === 'buy';
  const mark = ctx.mark;
  const positionQty = ctx.positionQty;
  const orderTypes: Choice<OrderType>[] = ORDER_TYPES.map((c) => ({ value: c.value, label: i18n._(c.label) }));
  const sides: Choice<Side>[] = SIDES.map((c) => ({ value: c.value, label: i18n._(c.label), tone: c.tone }));
  const tifText = (label: MessageDescriptor | string) => (typeof label === 'string' ? label : i18n._(label));
  const tifTitle = TIFS.find((x) => x.value === draft.tif)?.title;
  const positionShown = show(positionQty, info.qty_tick_decimals);
  const markShown = show(mark, priceDp);
  const unit = draft.sizeUnit === 'base' ? base : 'USD';
  const otherUnit = draft.sizeUnit === 'base' ? 'USD' : base;
  const reducible = show(ctx.reduceHeadroom, info.qty_tick_decimals);
  const refusal = positionChange && Number.isInteger(leverage) ? leverageRefusalWords(positionChange.refusal, leverage) : null;
  const formError = errorOf('form');
  const marketQty = validated.qty?.toFixed() ?? '';
  const averageShown = validated.fill?.averagePrice ? show(validated.fill.averagePrice, priceDp) : null;
  const limitShown = validated.marketLimit ? show(validated.marketLimit, priceDp) : null;

  return (
    <form
      aria-label={t`Order form`}
      data-testid="order-form"
      onSubmit={submit}
      onKeyDown={(e) => {
        // With shortcuts off, Enter in a field does not send and Esc does not clear.
        if (!shortcuts) {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
          return;
        }
        if (e.key === 'Escape') {
          setDraft(clearedDraft);
          setAttempted(false);
          setConfirmingMarket(false);
        }
      }}
      className="flex flex-col gap-2 p-2"
      noValidate
    >
      <MarginModeControl symbol={symbol} mode={mode} account={ctx.account} lockedReason={lockedReason} />
      <LeverageControl
        symbol={symbol}
        current={currentLeverage}
        max={maxLeverage}
        account={ctx.account}
        draft={leverageText}
        onDraft={(text) => {
          setLeverageDraft(text);
          setConfirmingOrder(false); // a new leverage is a new question: asked again on the next submit
        }}
        read={leverageRead}
        positionChange={positionChange}
        priceDecimals={priceDp}
      />

      <Segmented
        kind="tabs"
        label={t`Order type`}
        look="underline"
        choices={orderTypes}
        value={draft.type}
        onChange={(type) => {
          update({ type });
          setConfirmingMarket(false);
        }}
        className="flex gap-3 border-b border-line"
        itemClassName="px-1 pb-1"
      />
      <Segmented
        kind="choice"
        label={t`Side`}
        look="block"
        choices={sides}
        value={draft.side}
        onChange={(side) => update({ side })}
        className="grid grid-cols-2 gap-1"
        title={t`Shortcut: B / S`}
      />

      <div className="space-y-0.5">
        <div className="flex justify-between" title={t`cross_available: cross balance − margin in use − order locks + unrealized PnL`}>
          <span className="text-muted">
            <Trans>Available</Trans>
          </span>
          <span className="num" data-testid="available">{ctx.available ? `${show(ctx.available, 2)} USD` : '—'}</span>
        </div>
        <div className="flex justify-between">
          <span className="text-muted">
            <Trans>Position</Trans>
          </span>
          <span className={`num ${positionQty.gt(0) ? 'text-up' : positionQty.lt(0) ? 'text-down' : ''}`}>
            {positionShown} {base}
          </span>
        </div>
      </div>

      {draft.type === 'limit' ? (
        <Field
          id="order-price"
          label={t`Price`}
          error={errorOf('price')}
          suffix={
            <button
              type="button"
              className="text-accent hover:underline"
              onClick={() => mark && update({ price: mark.toFixed(priceDp) })}
              title={t`Use the mark price`}
              tabIndex={-1}
            >
              <Trans>Mark</Trans>
            </button>
          }
        >
          {/* Named by its label alone: the Mark button inside the label box is a control of its own. */}
          <NumericInput value={draft.price} onChange={(price) => update({ price })} aria-label={t`Price`} />
        </Field>
      ) : (
        <div className="flex items-center justify-between rounded border border-line bg-bg px-2 py-1.5 text-muted">
          <span>
            <Trans>Price</Trans>
          </span>
          <span className="num">
            <Trans>Market ≈ {markShown}</Trans>
          </span>
        </div>
      )}

      <Field
        id="order-size"
        label={t`Size`}
        error={errorOf('size')}
        suffix={
          <button
            type="button"
            onClick={() => update({ sizeUnit: draft.sizeUnit === 'base' ? 'quote' : 'base', size: '' })}
            title={t`Size in the base asset or in USD`}
            className="text-text hover:text-accent"
            aria-label={t`${unit}, size unit: switch to ${otherUnit}`}
          >
            {unit} <span aria-hidden="true">⇄</span>
          </button>
        }
      >
        <NumericInput value={draft.size} onChange={(size) => update({ size })} aria-label={t`Size`} />
      </Field>
      {draft.sizeUnit === 'quote' && validated.qty && !validated.errors.size && (
        <p className="-mt-1 text-right text-[11px] text-muted num">= {show(validated.qty, info.qty_tick_decimals)} {base}</p>
      )}
      <div className="grid grid-cols-5 gap-1" aria-label={draft.reduceOnly ? t`Size as % of the reducible position` : t`Size as % of the largest order`}>
        {PERCENTS.map((p) => (
          <Button
            key={p}
            onClick={() => setPercent(p)}
            disabled={draft.reduceOnly ? ctx.reduceHeadroom.isZero() : !marginAvailable || !Number.isInteger(leverage)}
            title={draft.reduceOnly ? t`${p}% of what can still be reduced` : t`${p}% of the largest order the exchange accepts at ${leverageText}×`}
            className="text-muted"
          >
            {p}%
          </Button>
        ))}
      </div>

      {draft.type === 'market' && (
        <MarketEstimate
          validated={validated}
          priceDecimals={priceDp}
          slippage={
            <Field id="order-slippage" label={t`Slippage`} suffix="%" error={validated.errors.slippage && i18n._(validated.errors.slippage)} className="w-[118px] shrink-0">
              <NumericInput value={slippageText} onChange={setSlippage} title={t`How far from the mark a market order may fill: sent as its price limit`} />
            </Field>
          }
        />
      )}

      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label className="flex items-center gap-1.5" title={t`Only shrinks your position; never opens or grows one`}>
          <input type="checkbox" checked={draft.reduceOnly} onChange={(e) => update({ reduceOnly: e.target.checked })} className="accent-[var(--color-accent)]" />
          <Trans>Reduce only</Trans>
        </label>
        <label className="flex items-center gap-1.5" title={t`Take-profit / stop-loss orders created when this order fills`}>
          <input type="checkbox" checked={draft.tpsl} onChange={(e) => update({ tpsl: e.target.checked })} className="accent-[var(--color-accent)]" />
          <Trans>TP/SL</Trans>
        </label>
        {draft.type === 'limit' && (
          <select
            value={draft.tif}
            onChange={(e) => update({ tif: e.target.value as TimeInForce })}
            aria-label={t`Time in force`}
            title={tifTitle && i18n._(tifTitle)}
            className="ml-auto rounded border border-line bg-bg px-1 py-0.5"
          >
            {TIFS.map((x) => (
              <option key={x.value} value={x.value} title={i18n._(x.title)}>
                {tifText(x.label)}
              </option>
            ))}
          </select>
        )}
      </div>
      {draft.reduceOnly && ctx.account && (
        <p className="-mt-1 text-[11px] text-muted">
          <Trans>
            Can reduce: <span className="num">{reducible}</span> {base}
          </Trans>
        </p>
      )}

      {draft.tpsl && (
        <div className="grid grid-cols-1 gap-1">
          <Field id="order-tp" label={t`TP price`} error={errorOf('tp')}>
            <NumericInput value={draft.tp} onChange={(tp) => update({ tp })} placeholder={buy ? t`above entry` : t`below entry`} />
          </Field>
          <Field id="order-sl" label={t`SL price`} error={errorOf('sl')}>
            <NumericInput value={draft.sl} onChange={(sl) => update({ sl })} placeholder={buy ? t`below entry` : t`above entry`} />
          </Field>
          <p className="text-[11px] leading-tight text-muted">
            <Trans>Triggered by the mark price; each closes what this order filled.</Trans>
          </p>
        </div>
      )}

      {formError && (
        <p role="alert" className="text-[11px] text-error">
          {formError}
        </p>
      )}

      {confirmingOrder && positionChange && (
        <ConfirmPanel
          data-testid="leverage-confirm"
          title={t`This order sets your ${symbol} position to ${leverage}× (now ${currentLeverage}×)`}
          confirmLabel={t`Set ${leverage}× and send`}
          blockedReason={refusal && i18n._(refusal)}
          busy={submitting}
          onConfirm={() => void send(true)}
          onCancel={() => setConfirmingOrder(false)}
        >
          <LeverageChangeSummary preview={positionChange} priceDecimals={priceDp} />
        </ConfirmPanel>
      )}

      {confirmingMarket && !positionChange && draft.type === 'market' && validated.qty && (
        <ConfirmPanel
          data-testid="market-confirm"
          title={buy ? t`Buy ${marketQty} ${base} at market?` : t`Sell ${marketQty} ${base} at market?`}
          confirmLabel={buy ? t`Buy at market` : t`Sell at market`}
          busy={submitting}
          onConfirm={() => void send(true)}
          onCancel={() => setConfirmingMarket(false)}
        >
          <p className="num text-[11px] text-muted">
            {averageShown !== null && limitShown !== null
              ? t`Est. fill ≈ ${averageShown} · no worse than ${limitShown} (slippage ${slippageText} %)`
              : averageShown !== null
                ? t`Est. fill ≈ ${averageShown}`
                : limitShown !== null
                  ? t`no worse than ${limitShown} (slippage ${slippageText} %)`
                  : ''}
          </p>
        </ConfirmPanel>
      )}

      {ctx.account ? (
        <Button type="submit" variant={buy ? 'buy' : 'sell'} size="lg" busy={submitting} busyLabel={t`Sending…`} data-testid="submit-order">
          {buy ? t`Buy / Long ${symbol}` : t`Sell / Short ${symbol}`}
        </Button>
      ) : (
        <Button type="submit" variant="primary" size="lg" data-testid="submit-order">
          <Trans>Sign in to trade</Trans>
        </Button>
      )}
      <OrderSummary preview={preview} priceDecimals={priceDp} feeRate={feeRate} leverage={Number.isFinite(leverage) ? leverage : currentLeverage} />
      <p className="keyboard-hint text-[11px] text-muted" data-testid="order-form-keys">
        {shortcuts ? t`Enter sends · Esc clears · B / S switch side · P / O positions, open orders · ? all shortcuts` : t`Keyboard shortcuts are off (settings ⚙)`}
      </p>
    </form>
  );
}
