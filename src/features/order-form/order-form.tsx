import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { OrderType, Side, SymbolInfo } from '../../api/schemas';
import { show } from '../../lib/display';
import { Button } from '../../ui/button';
import { Segmented, type Choice } from '../../ui/segmented';
import { LeverageControl } from './leverage-control';
import { MarginModeControl } from './margin-mode-control';
import { OrderConfirm } from './order-form-confirm';
import { OrderOptions } from './order-form-options';
import { OrderPriceAndSize } from './order-form-size';
import { orderProblemWords } from './order-problem-words';
import { OrderSummary } from './order-summary';
import { useOrderForm, type OrderFormModel } from './use-order-form';

/**
 * The form's tabs: a limit or market order (the draft's order type), or a tool that sends several
 * (its own model and view beside this one, given the shared side, leverage and account).
 */
type FormKind = OrderType | 'scale' | 'twap';
const FORM_KINDS: { value: FormKind; label: MessageDescriptor }[] = [
  { value: 'limit', label: msg`Limit` },
  { value: 'market', label: msg`Market` },
  { value: 'scale', label: msg`Scale` },
  { value: 'twap', label: msg`TWAP` },
];
// Each tool's code loads only when its tab is chosen.
const ScaleOrderForm = lazy(() => import('./scale-order-form').then((m) => ({ default: m.ScaleOrderForm })));
const TwapOrderForm = lazy(() => import('./twap-order-form').then((m) => ({ default: m.TwapOrderForm })));
const isOrderType = (k: FormKind): k is OrderType => k === 'limit' || k === 'market';
const SIDES: { value: Side; label: MessageDescriptor; tone: Side }[] = [
  { value: 'buy', label: msg`Buy / Long`, tone: 'buy' },
  { value: 'sell', label: msg`Sell / Short`, tone: 'sell' },
];

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

/** The view over useOrderForm (the model: order-draft.ts, order-form-model.ts, order-confirm-machine.ts). */
function OrderFormBody({ symbol, info }: Props & { info: SymbolInfo }) {
  const { t, i18n } = useLingui();
  const f = useOrderForm(symbol, info);
  const { ctx, draft, summary: s } = f;
  const positionQty = ctx.positionQty;
  // A tool tab (scale, TWAP) over the draft's order type; the draft keeps its own for when it is back.
  const [tool, setTool] = useState<Exclude<FormKind, OrderType> | null>(null);
  const kind: FormKind = tool ?? draft.type;
  const kinds: Choice<FormKind>[] = FORM_KINDS.map((c) => ({ value: c.value, label: i18n._(c.label) }));
  const chooseKind = (k: FormKind) => {
    if (isOrderType(k)) {
      setTool(null);
      f.act({ type: 'order-type', orderType: k });
    } else setTool(k);
  };
  // A tool's fields send with their own Enter; the form's submit is the limit or market order's.
  const onSubmit = (e: FormEvent) => (tool ? e.preventDefault() : f.submit(e));
  const sides: Choice<Side>[] = SIDES.map((c) => ({ value: c.value, label: i18n._(c.label), tone: c.tone }));
  const positionShown = show(positionQty, info.qty_tick_decimals);

  return (
    <form aria-label={t`Order form`} data-testid="order-form" onSubmit={onSubmit} onKeyDown={tool ? undefined : f.onKeyDown} className="flex flex-col gap-2 p-2" noValidate>
      <MarginModeControl symbol={symbol} mode={s.mode} account={ctx.account} lockedReason={s.lockedReason && i18n._(s.lockedReason)} />
      <LeverageControl
        symbol={symbol}
        current={s.currentLeverage}
        max={s.maxLeverage}
        account={ctx.account}
        draft={s.leverageText}
        onDraft={(text) => f.act({ type: 'text', field: 'leverage', text })}
        read={s.leverageRead}
        positionChange={s.positionChange}
        priceDecimals={info.price_tick_decimals}
      />

      <Segmented
        kind="tabs"
        label={t`Order type`}
        look="underline"
        choices={kinds}
        value={kind}
        onChange={chooseKind}
        className="flex gap-3 border-b border-line"
        itemClassName="px-1 pb-1"
      />
      <Segmented
        kind="choice"
        label={t`Side`}
        look="block"
        choices={sides}
        value={draft.side}
        onChange={(side) => f.act({ type: 'side', side })}
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
            {positionShown} {info.base_asset}
          </span>
        </div>
      </div>

      {tool === null && <LimitOrMarketFields f={f} symbol={symbol} info={info} />}
      {tool === 'scale' && (
        <Suspense fallback={null}>
          <ScaleOrderForm f={f} symbol={symbol} info={info} />
        </Suspense>
      )}
      {tool === 'twap' && (
        <Suspense fallback={null}>
          <TwapOrderForm f={f} symbol={symbol} info={info} />
        </Suspense>
      )}
    </form>
  );
}

/** A limit or market order's fields, its checks, its confirmation, the send button and what it would do. */
function LimitOrMarketFields({ f, symbol, info }: Props & { info: SymbolInfo; f: OrderFormModel }) {
  const { t, i18n } = useLingui();
  const { ctx, draft, summary: s } = f;
  const buy = draft.side === 'buy';
  const formError = s.errors.form && i18n._(orderProblemWords(s.errors.form));
  return (
    <>
        <OrderPriceAndSize f={f} info={info} />
        <OrderOptions f={f} info={info} />

        {formError && (
          <p role="alert" className="text-[11px] text-error">
            {formError}
          </p>
        )}

        <OrderConfirm f={f} symbol={symbol} info={info} />

        {ctx.account ? (
          <Button type="submit" variant={buy ? 'buy' : 'sell'} size="lg" busy={f.submitting} busyLabel={t`Sending…`} data-testid="submit-order">
            {buy ? t`Buy / Long ${symbol}` : t`Sell / Short ${symbol}`}
          </Button>
        ) : (
          <Button type="submit" variant="primary" size="lg" data-testid="submit-order">
            <Trans>Sign in to trade</Trans>
          </Button>
        )}
        <OrderSummary preview={s.preview} priceDecimals={info.price_tick_decimals} feeRate={s.feeRate} leverage={Number.isFinite(s.leverage) ? s.leverage : s.currentLeverage} />
        <p className="keyboard-hint text-[11px] text-muted" data-testid="order-form-keys">
          {f.shortcuts ? t`Enter sends · Esc clears · B / S switch side · P / O positions, open orders · ? all shortcuts` : t`Keyboard shortcuts are off (settings ⚙)`}
        </p>
    </>
  );
}
