import { useChangeLeverage } from '../../trading/use-account-commands';
import { Button } from '../../ui/button';
import { NumericInput } from '../../ui/numeric-input';

interface Props {
  symbol: string;
  /** Leverage in force (position config, or the symbol default when signed out). */
  current: number;
  max: number;
  account: string | null;
  /** The leverage the trader is looking at (slider/input), reported up for previews. */
  draft: string;
  onDraft: (value: string) => void;
}

/** Leverage slider and input, applied with change_leverage; bounded by the symbol's max_leverage. */
export function LeverageControl({ symbol, current, max, account, draft, onDraft }: Props) {
  const changeLeverage = useChangeLeverage();
  const busy = changeLeverage.isPending;
  const value = Number(draft);
  const valid = Number.isInteger(value) && value >= 1 && value <= max;
  const changed = valid && value !== current;

  const apply = () => {
    if (!account || !changed) return;
    changeLeverage.mutate({ symbol, leverage: value });
  };

  return (
    <div>
      <div className="flex items-center gap-2">
        <span className="shrink-0 text-muted">Leverage</span>
        <input
          type="range"
          min={1}
          max={max}
          step={1}
          value={valid ? value : current}
          onChange={(e) => onDraft(e.target.value)}
          aria-label="Leverage slider"
          className="min-w-0 flex-1 accent-[var(--color-accent)]"
        />
        <label className={`flex w-[62px] items-center rounded border bg-bg pr-1.5 ${valid ? 'border-line focus-within:border-accent' : 'border-down'}`}>
          <NumericInput value={draft} onChange={onDraft} aria-label="Leverage" aria-invalid={valid ? undefined : true} className="w-full px-1.5 py-1" />
          <span className="text-muted">×</span>
        </label>
        {account && changed && (
          <Button variant="soft" size="sm" onClick={apply} busy={busy}>
            Apply
          </Button>
        )}
      </div>
      {!valid && <p className="mt-0.5 text-[11px] text-down" role="alert">Leverage must be a whole number from 1 to {max}</p>}
      {valid && changed && !account && <p className="mt-0.5 text-[11px] text-muted">Preview at {value}×; sign in to apply.</p>}
    </div>
  );
}
