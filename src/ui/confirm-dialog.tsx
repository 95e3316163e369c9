import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';

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
  /** Nothing to confirm (a choice in the question left nothing to act on). */
  confirmDisabled?: boolean;
  /** Where the focus goes on close when the button that asked is gone or disabled (Cancel all, once nothing is left). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * A modal question before a command that acts on much at once: one click confirms, Escape, the ✕,
 * Cancel or a click outside keep everything as it is. The confirm button has the focus, so Enter
 * confirms too.
 */
export function ConfirmDialog({ title, children, confirmLabel, confirmVariant = 'primary', onConfirm, onCancel, busy = false, confirmDisabled = false, fallbackFocus }: Props) {
  const { t } = useLingui();
  return (
    <Modal title={title} onClose={onCancel} width="max-w-[420px]" keepFocus {...(fallbackFocus ? { fallbackFocus } : {})}>
      <div className="mb-3">{children}</div>
      <div className="flex justify-end gap-2">
        <Button size="md" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button autoFocus size="md" variant={confirmVariant} onClick={onConfirm} busy={busy} busyLabel={t`Sending…`} disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
