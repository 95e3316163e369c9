import { createContext, useContext, useId, type ReactNode } from 'react';

/** What the control inside a field needs to be named and described by it. */
export interface FieldControl {
  id: string;
  invalid: boolean;
  describedBy: string | undefined;
  dense: boolean;
}

const FieldContext = createContext<FieldControl | null>(null);

/** The field around a control, when there is one (NumericInput reads its id and error from it). */
export function useFieldControl(): FieldControl | null {
  return useContext(FieldContext);
}

interface Props {
  /** The control's id; its error is `<id>-error`, its hint `<id>-hint`. Generated when left out. */
  id?: string | undefined;
  label: ReactNode;
  /** A quiet line under the field (what the amount means, a limit), hidden while there is an error. */
  hint?: ReactNode;
  /** Why what was typed is refused; shown right under the field, the typed text stays. */
  error?: string | null | undefined;
  /** After the control, inside the box: a unit, a "Max" or "Mark" button. */
  suffix?: ReactNode;
  /** `inline`: the label inside the box (order form); `stacked`: the label above it (cards). */
  layout?: 'inline' | 'stacked';
  /** Smaller, for editors inside a table row. */
  dense?: boolean;
  className?: string | undefined;
  children: ReactNode;
}

/** A labelled input box with its hint or error beside it, so a trader sees what is wrong where they typed it. */
export function Field({ id: givenId, label, hint, error, suffix, layout = 'inline', dense = false, className, children }: Props) {
  const generated = useId();
  const id = givenId ?? generated;
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const control: FieldControl = { id, invalid: !!error, describedBy: errorId ?? hintId, dense };
  const borderClassName = error ? 'border-error' : 'border-line focus-within:border-accent';
  const boxClassName = `flex items-center rounded border bg-bg ${borderClassName}`;
  const noteClassName = 'mt-0.5 text-[11px] leading-tight';
  return (
    <FieldContext.Provider value={control}>
      <div className={className}>
        {layout === 'inline' ? (
          <label htmlFor={id} className={`${boxClassName} ${dense ? 'pl-1.5' : 'pl-2'}`}>
            <span className="shrink-0 text-muted">{label}</span>
            {children}
            {suffix && <span className={`shrink-0 text-muted ${dense ? 'pr-1.5' : 'pr-2'}`}>{suffix}</span>}
          </label>
        ) : (
          <>
            <label htmlFor={id} className="mb-1 block text-muted">
              {label}
            </label>
            <div className={boxClassName}>
              {children}
              {suffix && <span className="shrink-0 px-2 text-muted">{suffix}</span>}
            </div>
          </>
        )}
        {hintId && (
          <p id={hintId} className={`${noteClassName} text-muted`}>
            {hint}
          </p>
        )}
        {errorId && (
          <p id={errorId} role="alert" className={`${noteClassName} text-error`}>
            {error}
          </p>
        )}
      </div>
    </FieldContext.Provider>
  );
}
