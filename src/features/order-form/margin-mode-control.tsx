import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MarginMode } from '../../api/schemas';
import { useChangeMarginMode } from '../../trading/use-account-commands';
import { Segmented, type Choice } from '../../ui/segmented';

interface Props {
  symbol: string;
  mode: MarginMode;
  account: string | null;
  /** Why switching is not possible now (a position or an open order in the symbol), or null. */
  lockedReason: string | null;
}

const MODES: { value: MarginMode; label: MessageDescriptor; title: MessageDescriptor }[] = [
  { value: 'cross', label: msg`Cross`, title: msg`Cross: the whole perps balance backs every cross position` },
  { value: 'isolated', label: msg`Isolated`, title: msg`Isolated: only the margin you put into this position is at risk` },
];

/** Cross / isolated per symbol (change_margin_mode), locked with the reason while positions or orders exist. */
export function MarginModeControl({ symbol, mode, account, lockedReason }: Props) {
  const { t, i18n } = useLingui();
  const changeMode = useChangeMarginMode();
  const busy = changeMode.isPending;
  const reason = !account ? t`Sign in to change the margin mode` : lockedReason;
  const choices: Choice<MarginMode>[] = MODES.map((m) => ({
    value: m.value,
    label: i18n._(m.label),
    title: reason ?? i18n._(m.title),
    disabled: busy || (reason !== null && mode !== m.value),
  }));

  const change = (next: MarginMode) => {
    if (!account || next === mode || reason) return;
    changeMode.mutate({ symbol, mode: next });
  };

  return (
    <div>
      <Segmented
        kind="choice"
        label={t`Margin mode`}
        look="block"
        choices={choices}
        value={mode}
        onChange={change}
        className="grid grid-cols-2 gap-1"
        title={reason ?? undefined}
        // Choosing sends change_margin_mode: arrows only move, Space / Enter choose.
        arrowsChoose={false}
      />
      {reason && account && <p className="mt-0.5 text-[11px] leading-tight text-muted">{reason}</p>}
    </div>
  );
}
