import { useLingui } from '@lingui/react/macro';
import type { SymbolInfo } from '../../api/schemas';
import { show } from '../../lib/display';
import { ConfirmPanel } from '../../ui/confirm-panel';
import { LeverageChangeSummary } from './leverage-change-summary';
import type { OrderFormModel } from './use-order-form';

/** The question before sending, when there is one (order-confirm-machine.ts): the position's new leverage, or a market order's yes. */
export function OrderConfirm({ f, symbol, info }: { f: OrderFormModel; symbol: string; info: SymbolInfo }) {
  const { t, i18n } = useLingui();
  const { draft, summary: s, confirm } = f;
  const { validated, positionChange, leverage, currentLeverage } = s;
  const priceDp = info.price_tick_decimals;
  const base = info.base_asset;
  if (confirm === 'leverage' && positionChange) {
    return (
      <ConfirmPanel
        data-testid="leverage-confirm"
        title={t`This order sets your ${symbol} position to ${leverage}× (now ${currentLeverage}×)`}
        confirmLabel={t`Set ${leverage}× and send`}
        blockedReason={s.refusal && i18n._(s.refusal)}
        busy={f.submitting}
        onConfirm={f.confirmSend}
        onCancel={f.cancelConfirm}
      >
        <LeverageChangeSummary preview={positionChange} priceDecimals={priceDp} />
      </ConfirmPanel>
    );
  }
  if (confirm !== 'market' || positionChange || draft.type !== 'market' || !validated.qty) return null;
  const buy = draft.side === 'buy';
  const marketQty = validated.qty.toFixed();
  const slippageText = draft.slippage;
  const averageShown = validated.fill?.averagePrice ? show(validated.fill.averagePrice, priceDp) : null;
  const limitShown = validated.marketLimit ? show(validated.marketLimit, priceDp) : null;
  return (
    <ConfirmPanel
      data-testid="market-confirm"
      title={buy ? t`Buy ${marketQty} ${base} at market?` : t`Sell ${marketQty} ${base} at market?`}
      confirmLabel={buy ? t`Buy at market` : t`Sell at market`}
      busy={f.submitting}
      onConfirm={f.confirmSend}
      onCancel={f.cancelConfirm}
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
  );
}
