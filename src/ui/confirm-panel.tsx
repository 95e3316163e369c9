import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './button';

interface Props {
  /** What is about to happen, as a question the trader answers ("Change BTC-USD leverage to 20×?"). */
  title: string;
  children?: ReactNode;
  /** The confirming button's words: the action itself ("Set 20×"), not "OK". */
  confirmLabel: string;
  /** The way back, saying what stays ("Keep 10×"); "Cancel" when left out. */
  cancelLabel?: string;
  /** Why the action cannot go ahead; the confirm button is disabled and this is said instead. */
  blockedReason?: string | null | undefined;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  className?: string;
  /**
   * Take the focus when it appears (its confirming button, or the panel itself while blocked): for a
   * panel that replaces the button that asked for it, so the focus does not fall to the page.
   */
  takeFocus?: boolean;
  'data-testid'?: string;
}

/**
 * A confirmation in place, inside a form or a panel, for a step whose consequences the trader should
 * read before it is sent. Nothing is sent until Confirm; Cancel leaves everything as it was.
 */
export function ConfirmPanel({ title, children, confirmLabel, cancelLabel, blockedReason, busy = false, onConfirm, onCancel, className = '', takeFocus = false, ...rest }: Props) {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    if (confirm.current && !confirm.current.disabled) confirm.current.focus();
    else box.current?.focus();
    // Once, when the panel appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={box} tabIndex={takeFocus ? -1 : undefined} role="group" aria-label={title} className={`rounded border outline-none border-warn/60 bg-warn/10 p-2 ${className}`} data-testid={rest['data-testid']}>
      <p className="mb-1 font-medium text-text">{title}</p>
      {children}
      {blockedReason && (
        <p role="alert" className="mt-1 text-[11px] text-error">
          {blockedReason}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-2">
        <Button size="sm" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t`Cancel`}
        </Button>
        <Button ref={confirm} size="sm" variant="primary" onClick={onConfirm} disabled={!!blockedReason} busy={busy} busyLabel={t`Sending…`}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}
