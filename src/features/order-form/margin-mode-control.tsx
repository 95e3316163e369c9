import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/query-keys';
import { useApi } from '../../api/react';
import type { MarginMode } from '../../api/schemas';
import { toast } from '../../stores/toasts';

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
  const api = useApi();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const reason = !account ? 'Sign in to change the margin mode' : lockedReason;

  const change = async (next: MarginMode) => {
    if (!account || next === mode || reason) return;
    setBusy(true);
    try {
      await api.trade.changeMarginMode({ symbol, margin_mode: next });
      await qc.invalidateQueries({ queryKey: queryKeys.user.positionConfig(account, symbol) });
      toast({ kind: 'success', title: `${symbol} margin mode: ${next}` });
    } catch (e) {
      toast({ kind: 'error', title: 'Margin mode not changed', body: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
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
            onClick={() => void change(m.value)}
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
