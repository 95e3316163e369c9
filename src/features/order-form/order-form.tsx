import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderType, Side, SymbolInfo } from '../../api/schemas';
import { show } from '../../lib/display';
import { Button } from '../../ui/button';
import { Segmented, type Choice } from '../../ui/segmented';
import { LeverageControl } from './leverage-control';
import { MarginModeControl } from './margin-mode-control';
import { OrderConfirm } from './order-form-confirm';
import { OrderOptions } from './order-form-options';
import { OrderPriceAndSize } from './order-form-size';
import { OrderSummary } from './order-summary';
import { useOrderForm } from './use-order-form';

const ORDER_TYPES: { value: OrderType; label: MessageDescriptor }[] = [
  { value: 'limit', label: msg`Limit` },
  { value: 'market', label: msg`Market` },
];
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
  const buy = draft.side === 'buy';
  const positionQty = ctx.positionQty;
  const orderTypes: Choice<OrderType>[] = ORDER_TYPES.map((c) => ({ value: c.value, label: i18n._(c.label) }));
  const sides: Choice<Side>[] = SIDES.map((c) => ({ value: c.value, label: i18n._(c.label), tone: c.tone }));
  const positionShown = show(positionQty, info.qty_tick_decimals);
  const formError = s.errors.form && i18n._(s.errors.form);

  return (
    <form aria-label={t`Order form`} data-testid="order-form" onSubmit={f.submit} onKeyDown={f.onKeyDown} className="flex flex-col gap-2 p-2" noValidate>
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
        choices={orderTypes}
        value={draft.type}
        onChange={(orderType) => f.act({ type: 'order-type', orderType })}
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
    </form>
  );
}
