import { useLingui } from '@lingui/react/macro';
import { useId, useRef, type ReactNode } from 'react';
import { useDialogFocus } from './use-dialog-focus';

interface Props {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  /** Tailwind max-width (and max-height / scrolling) of the panel. */
  width?: string;
  /** Keep the focus where the content puts it (a confirm button with autoFocus). */
  keepFocus?: boolean;
  /** Where the focus goes on close when the control that opened it is gone (see useDialogFocus). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * A modal panel: Escape, the ✕ or a click outside close it. It takes the focus (itself, named by its
 * title, unless the content puts it on a control), keeps it (Tab cycles inside) and gives it back to
 * the control that opened it on close.
 */
export function Modal({ title, onClose, children, testId, width = 'max-w-[460px]', keepFocus = false, fallbackFocus }: Props) {
  const { t } = useLingui();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useDialogFocus(box, { onEscape: onClose, initialFocus: keepFocus ? 'first' : 'container', ...(fallbackFocus ? { fallbackFocus } : {}) });
  // Taller than the screen (Settings on a laptop), the dialog scrolls within it: nothing below the fold
  // is out of reach.
  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-black/60 px-3 pt-[8vh]" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} tabIndex={-1} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId} className={`max-h-[calc(92dvh-1rem)] w-full overflow-y-auto ${width} rounded-md border border-line bg-panel p-4 shadow-2xl outline-none`}>
        <div className="mb-3 flex items-center">
          <h2 id={titleId} className="text-sm font-semibold">
            {title}
          </h2>
          <button type="button" aria-label={t`Close`} className="ml-auto px-1 text-muted hover:text-text" onClick={onClose}>
            ✕
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
