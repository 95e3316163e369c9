import type { InputHTMLAttributes } from 'react';
import { parseTypedDecimal, type TypedDecimal } from '../lib/parse-decimal-input';
import { useFieldControl } from './field';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode'> {
  /** The text as the trader typed it; the input shows exactly this. */
  value: string;
  /** Every keystroke: the new text, untouched, and what it reads as (a decimal or why not). */
  onChange: (text: string, read: TypedDecimal) => void;
  /** The amount's precision: more fraction digits read as an error, not as a rounded number. */
  maxDecimals?: number | undefined;
}

/**
 * A text box for an amount. It reads "1,234.5" as the app shows amounts, and never rewrites what
 * was typed: a wrong character stays on screen with the reason beside it (the field's error), so
 * nothing the trader typed is lost. The value it reports is a decimal, never a float.
 */
export function NumericInput({ value, onChange, maxDecimals, className, id, ...rest }: Props) {
  const field = useFieldControl();
  const options = maxDecimals === undefined ? {} : { maxDecimals };
  // Inside a field it takes the field's padding; alone, the caller's className sizes it.
  const padClassName = !field ? '' : field.dense ? 'w-28 flex-none px-1.5 py-0.5' : 'flex-1 px-2 py-1.5';
  return (
    <input
      id={id ?? field?.id}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.target.value, parseTypedDecimal(e.target.value, options))}
      aria-invalid={field?.invalid || undefined}
      aria-describedby={field?.describedBy}
      className={`num min-w-0 bg-transparent text-right outline-none ${padClassName} ${className ?? ''}`}
      {...rest}
    />
  );
}
