import type { MarginMode } from '../../api/schemas';
import { useChangeMarginMode } from '../../trading/use-account-commands';

interface Props {
  symbol: string;
  mode: MarginMode;
  account: string | null;
  /** Why switching is not possible now (a position or an open order in the symbol), or null. */
  lockedReason: string | null;
}

const MODES: { value: MarginMode; label: string; title: string }[] = [
  { value: 'cross', label: 'Cross', title: 'Cross: the whole perps balance backs every cross position' },
  { value: 'isolated', label: 'Isolated', title: 'Isolated: only the margin you put into this position is at risk' },
];

/** Cross / isolated per symbol (change_margin_mode), locked with the reason while positions or orders exist. */
export function MarginModeControl({ symbol, mode, account, lockedReason }: Props) {
  const changeMode = useChangeMarginMode();
  const busy = changeMode.isPending;
  const reason = !account ? 'Sign in to change the margin mode' : lockedReason;

  const change = (next: MarginMode) => {
    if (!account || next === mode || reason) return;
    changeMode.mutate({ symbol, mode: next });
  };

  return (
    <div>
      <div role="radiogroup" aria-label="Margin mode" className="grid grid-cols-2 gap-1" title={reason ?? undefined}>
        {MODES.map((m) => (
          <button
            key={m.value}
            type="button"
            role="radio"
            aria-checked={mode === m.value}
            disabled={busy || (reason !== null && mode !== m.value)}
            onClick={() => change(m.value)}
            title={reason ?? m.title}
            className={`rounded border py-1 ${mode === m.value ? 'border-accent text-accent' : 'border-line text-muted hover:text-text'} disabled:cursor-not-allowed disabled:opacity-60`}
          >
            {m.label}
          </button>
        ))}
      </div>
      {reason && account && <p className="mt-0.5 text-[11px] leading-tight text-muted">{reason}</p>}
    </div>
  );
}
