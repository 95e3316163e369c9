import { useEffect, useId, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';

interface Props {
  title: string;
  /** What will happen, in the trader's words (the positions and sizes a close-all sends). */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's look: `sell` for something that closes or cannot be undone. */
  confirmVariant?: ButtonVariant;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed command runs: the confirm button says so and cannot be pressed twice. */
  busy?: boolean;
}

/**
 * A modal question before a command that acts on much at once: one click confirms, Escape, the ✕,
 * Cancel or a click outside keep everything as it is. The confirm button has the focus, so Enter
 * confirms too.
 */
export function ConfirmDialog({ title, children, confirmLabel, confirmVariant = 'primary', onConfirm, onCancel, busy = false }: Props) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-black/60 px-3 pt-[12vh]" onMouseDown={(e) => e.target === e.currentTarget && onCancel()}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="w-full max-w-[420px] rounded-md border border-line bg-panel p-4 shadow-2xl">
        <div className="mb-2 flex items-center">
          <h2 id={titleId} className="text-sm font-semibold">
            {title}
          </h2>
          <button type="button" aria-label="Close" className="ml-auto px-1 text-muted hover:text-text" onClick={onCancel}>
            ✕
          </button>
        </div>
        <div className="mb-3">{children}</div>
        <div className="flex justify-end gap-2">
          <Button size="md" onClick={onCancel}>
            Cancel
          </Button>
          <Button autoFocus size="md" variant={confirmVariant} onClick={onConfirm} busy={busy} busyLabel="Sending…">
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
