import type { InputHTMLAttributes, ReactNode } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  suffix?: ReactNode;
}

/** A labelled numeric input; the reason it is wrong sits right under it, and the typed text stays. */
export function Field({ label, value, onChange, error, suffix, id, ...rest }: Props) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className={`flex items-center rounded border bg-bg pl-2 ${error ? 'border-down' : 'border-line focus-within:border-accent'}`}>
        <span className="shrink-0 text-muted">{label}</span>
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="num min-w-0 flex-1 bg-transparent px-2 py-1.5 text-right outline-none"
          {...rest}
        />
        {suffix && <span className="shrink-0 pr-2 text-muted">{suffix}</span>}
      </label>
      {error && (
        <p id={errorId} role="alert" className="mt-0.5 text-[11px] leading-tight text-down">
          {error}
        </p>
      )}
    </div>
  );
}
