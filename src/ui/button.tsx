import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

/**
 * `primary`: the one main action (accent); `buy` / `sell`: an order's side colour; `soft`: a
 * secondary action that still stands out (Apply); `ghost`: bordered, quiet (table actions);
 * `danger`: a quiet button that turns red when pointed at (disconnect, remove).
 */
export type ButtonVariant = 'primary' | 'buy' | 'sell' | 'soft' | 'ghost' | 'danger';
/** `xs` fits a table row, `sm` a toolbar, `md` a card, `lg` a form's submit. */
export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg';

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class tables, not words */
const VARIANT: Record<ButtonVariant, string> = {
  primary: 'bg-accent font-semibold text-bg hover:bg-accent/90',
  buy: 'bg-up font-semibold text-bg hover:bg-up/90',
  sell: 'bg-down font-semibold text-bg hover:bg-down/90',
  soft: 'bg-accent/20 text-accent hover:bg-accent/30',
  ghost: 'border border-line hover:border-accent hover:text-accent',
  danger: 'border border-line text-muted hover:border-error hover:text-error',
};
const SIZE: Record<ButtonSize, string> = { xs: 'px-1.5 py-0.5', sm: 'px-2 py-1', md: 'px-3 py-1.5', lg: 'px-3 py-2' };
const DISABLED: Record<ButtonVariant, string> = {
  primary: 'disabled:cursor-not-allowed disabled:opacity-60',
  buy: 'disabled:cursor-not-allowed disabled:opacity-60',
  sell: 'disabled:cursor-not-allowed disabled:opacity-60',
  soft: 'disabled:cursor-not-allowed disabled:opacity-50',
  ghost: 'disabled:cursor-not-allowed disabled:opacity-40',
  danger: 'disabled:cursor-not-allowed disabled:opacity-40',
};
/* eslint-enable lingui/no-unlocalized-strings */

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While its request runs the button is disabled and says so (`busyLabel`, "…" by default). */
  busy?: boolean;
  busyLabel?: ReactNode;
  /**
   * While busy: announced unavailable (aria-disabled) and deaf to clicks, but not disabled, so a
   * focused button keeps the focus instead of dropping it to the page. A `type="submit"` one still
   * submits its form (Enter in a field): the form's onSubmit must ignore it while busy.
   */
  keepFocusWhileBusy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button in one of the app's looks; type="button" unless told otherwise, so it never submits by accident. */
export function Button({ variant = 'ghost', size = 'xs', busy = false, busyLabel = '…', keepFocusWhileBusy = false, disabled, className = '', children, type = 'button', onClick, ...rest }: Props) {
  const focusableBusy = busy && keepFocusWhileBusy;
  return (
    <button
      type={type}
      disabled={disabled || (busy && !keepFocusWhileBusy)}
      aria-busy={busy || undefined}
      aria-disabled={focusableBusy || undefined}
      onClick={focusableBusy ? undefined : onClick}
      className={`rounded ${SIZE[size]} ${VARIANT[variant]} ${DISABLED[variant]} ${focusableBusy ? 'cursor-not-allowed opacity-60' : ''} ${className}`}
      {...rest}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
