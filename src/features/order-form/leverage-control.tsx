import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { LeverageChangePreview } from '../../lib/leverage-change';
import { useChangeLeverage } from '../../trading/use-account-commands';
import { Button } from '../../ui/button';
import { ConfirmPanel } from '../../ui/confirm-panel';
import { NumericInput } from '../../ui/numeric-input';
import { LeverageChangeSummary } from './leverage-change-summary';
import { leverageRefusalWords } from './leverage-preview';

interface Props {
  symbol: string;
  /** Leverage in force (position config, or the symbol default when signed out). */
  current: number;
  max: number;
  account: string | null;
  /** The leverage box's text, as typed (reported up for the order's checks and previews). */
  draft: string;
  onDraft: (value: string) => void;
  /** What the box reads as: a leverage, or why not (readLeverage). */
  read: { value: number } | { error: MessageDescriptor };
  /** With an open position, what the change would do to it; shown for confirmation before it is sent. */
  positionChange: LeverageChangePreview | null;
  priceDecimals: number;
}

/**
 * Leverage slider and box, applied with change_leverage; bounded by the symbol's max_leverage. With
 * an open position, Apply first shows the position's new margin and liquidation price and sends
 * only on Confirm: a leverage change re-leverages the whole position.
 */
export function LeverageControl({ symbol, current, max, account, draft, onDraft, read, positionChange, priceDecimals }: Props) {
  const { t, i18n } = useLingui();
  const changeLeverage = useChangeLeverage();
  const busy = changeLeverage.isPending;
  const [confirming, setConfirming] = useState(false);
  const value = 'value' in read ? read.value : null;
  const changed = value !== null && value !== current;

  const send = () => {
    if (!account || value === null || !changed) return;
    changeLeverage.mutate({ symbol, leverage: value }, { onSettled: () => setConfirming(false) });
  };
  const apply = () => (positionChange ? setConfirming(true) : send());
  const refusal = positionChange && value !== null ? leverageRefusalWords(positionChange.refusal, value) : null;

  return (
    <div>
      <div className="flex items-center gap-2">
        <span className="shrink-0 text-muted">
          <Trans>Leverage</Trans>
        </span>
        <input
          type="range"
          min={1}
          max={max}
          step={1}
          value={value ?? current}
          onChange={(e) => onDraft(e.target.value)}
          aria-label={t`Leverage slider`}
          className="min-w-0 flex-1 accent-[var(--color-accent)]"
        />
        <label className={`flex w-[62px] items-center rounded border bg-bg pr-1.5 ${value !== null ? 'border-line focus-within:border-accent' : 'border-error'}`}>
          <NumericInput
            value={draft}
            onChange={(text) => onDraft(text)}
            aria-label={t`Leverage`}
            aria-invalid={value === null ? true : undefined}
            aria-describedby={value === null ? 'leverage-error' : undefined}
            className="w-full px-1.5 py-1"
          />
          <span className="text-muted">×</span>
        </label>
        {account && changed && !(confirming && positionChange) && (
          <Button variant="soft" size="sm" onClick={apply} busy={busy}>
            <Trans>Apply</Trans>
          </Button>
        )}
      </div>
      {'error' in read && (
        <p id="leverage-error" className="mt-0.5 text-[11px] text-error" role="alert">
          {i18n._(read.error)}
        </p>
      )}
      {changed && !account && (
        <p className="mt-0.5 text-[11px] text-muted">
          <Trans>Preview at {value}×; sign in to apply.</Trans>
        </p>
      )}
      {account && changed && confirming && positionChange && (
        <ConfirmPanel
          className="mt-1.5"
          data-testid="leverage-confirm"
          title={t`Change your ${symbol} position to ${value}×?`}
          confirmLabel={t`Set ${value}×`}
          cancelLabel={t`Keep ${current}×`}
          blockedReason={refusal && i18n._(refusal)}
          busy={busy}
          onConfirm={send}
          onCancel={() => setConfirming(false)}
        >
          <LeverageChangeSummary preview={positionChange} priceDecimals={priceDecimals} />
        </ConfirmPanel>
      )}
    </div>
  );
}
