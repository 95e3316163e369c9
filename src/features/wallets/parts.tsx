import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useId, type ComponentProps, type ReactNode, type Ref } from 'react';
import { errorWords } from '../../trading/wallet-words';
import { Button as KitButton } from '../../ui/button';

export function Card({ title, children, testId, aside }: { title: string; children: ReactNode; testId?: string; aside?: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 rounded border border-line bg-panel p-3" data-testid={testId} aria-label={title}>
      <header className="flex items-center">
        <h2 className="text-[11px] font-semibold uppercase tracking-wide text-muted">{title}</h2>
        {aside && <div className="ml-auto">{aside}</div>}
      </header>
      {children}
    </section>
  );
}

export function AmountInput({
  label,
  value,
  onChange,
  onMax,
  error,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onMax?: (() => void) | undefined;
  /** Why the amount is refused: said under the field, announced, and tied to it (aria-describedby). */
  error?: string | null | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const errorId = `${useId()}-error`;
  return (
    <label className="flex flex-col gap-1">
      <span className="text-muted">{label}</span>
      <span className={`flex items-center rounded border bg-bg ${error ? 'border-error' : 'border-line'} focus-within:border-accent`}>
        <input
          ref={inputRef}
          inputMode="decimal"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="num min-w-0 flex-1 bg-transparent px-2 py-1 outline-none"
          placeholder="0.00"
        />
        <span className="px-1 text-muted">DUSD</span>
        {onMax && (
          <button type="button" onClick={onMax} className="px-2 text-accent hover:underline">
            <Trans>Max</Trans>
          </button>
        )}
      </span>
      {error && (
        <span id={errorId} role="alert" className="text-error">
          {error}
        </span>
      )}
    </label>
  );
}

/** The card's main action (the kit's primary button at card size). */
export function Button({ children, ...props }: Omit<ComponentProps<typeof KitButton>, 'variant' | 'size'>) {
  return (
    <KitButton variant="primary" size="md" {...props}>
      {children}
    </KitButton>
  );
}

/** A quieter action beside it (copy, retry, test funds). */
export function GhostButton({ children, ...props }: Omit<ComponentProps<typeof KitButton>, 'variant' | 'size'>) {
  return (
    <KitButton variant="ghost" size="sm" {...props}>
      {children}
    </KitButton>
  );
}

/** What an error says, in the current language (a wallet problem in words, the exchange's text as written). */
export function useErrorText(): (e: unknown) => string {
  const { i18n } = useLingui();
  return useCallback((e: unknown) => errorWords(e, i18n), [i18n]);
}
