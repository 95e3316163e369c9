import { Trans, useLingui } from '@lingui/react/macro';
import type { CSSProperties, RefObject } from 'react';
import { useToasts, type Toast, type ToastKind } from '../../stores/toasts';
import { useMediaQuery } from '../../ui/use-media-query';
import { useDockBox } from './use-dock-box';

const TONE: Record<ToastKind, string> = {
  success: 'border-ok/60',
  error: 'border-error/70',
  info: 'border-line',
  warn: 'border-warn/70',
};
const DOT: Record<ToastKind, string> = { success: 'bg-ok', error: 'bg-error', info: 'bg-accent', warn: 'bg-warn' };

/** The newest toasts shown; older ones wait behind "+N more" so the stack never grows over the page. */
export const VISIBLE_TOASTS = 3;
/** On a phone without the dock in view the newest one only, over the header, clear of the panel tabs. */
const VISIBLE_ON_PHONE = 1;
const GAP = 8;

interface Props {
  /**
   * The panel the stack sits in, at its bottom-left corner: one with no buttons under that corner
   * (the chart: its toolbars are at the top, its price scale and the order and position line
   * labels on the right), so a toast never lands on a control the trader is about to click. Without one,
   * or while it is hidden (a phone tab), the stack takes the top of the screen on a phone (one
   * toast, over the header, so the panel tabs stay free) and the bottom-right corner elsewhere.
   */
  dock?: RefObject<HTMLElement | null>;
}

/**
 * Fills, rejections, cancels and liquidations: the newest three. Each is a live region a screen
 * reader announces (status, alert for an error) with a Dismiss button; a click anywhere on one
 * dismisses it too. A toast stays while pointed at or focused.
 */
export function ToastViewport({ dock }: Props) {
  const { t } = useLingui();
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  const box = useDockBox(dock);
  const phone = useMediaQuery('(width < 48rem)');
  const visible = !box && phone ? VISIBLE_ON_PHONE : VISIBLE_TOASTS;
  const shown = toasts.slice(-visible);
  const hidden = toasts.slice(0, -visible);
  const more = hidden.length;
  const style: CSSProperties | undefined = box
    ? { left: box.left + GAP, bottom: box.bottom + GAP, width: Math.min(320, box.width - 2 * GAP), maxHeight: box.height - 2 * GAP }
    : undefined;
  const cornerClassName = box ? 'flex-col' : 'top-1 right-2 left-2 flex-col-reverse md:left-auto md:top-auto md:bottom-3 md:right-3 md:w-[320px] md:flex-col';
  return (
    <div style={style} className={`pointer-events-none fixed z-50 flex gap-1.5 overflow-hidden ${cornerClassName}`} data-testid="toasts">
      {hidden.length > 0 && (
        <button
          type="button"
          onClick={() => hidden.forEach((h) => dismiss(h.id))}
          title={t`Dismiss the older notices`}
          className="pointer-events-auto self-start rounded border border-line bg-panel-2 px-2 py-0.5 text-muted shadow-lg shadow-black/40 hover:text-text"
          data-testid="toasts-more"
        >
          <Trans>+{more} more · dismiss</Trans>
        </button>
      )}
      {shown.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
      ))}
    </div>
  );
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const { t } = useLingui();
  const hold = useToasts((s) => s.hold);
  const release = useToasts((s) => s.release);
  return (
    // A click anywhere on the card dismisses it (the mouse's shortcut); the keyboard's is the button.
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      onClick={onDismiss}
      onMouseEnter={() => hold(toast.id)}
      onMouseLeave={() => release(toast.id)}
      onFocus={() => hold(toast.id)}
      onBlur={() => release(toast.id)}
      className={`pointer-events-auto flex shrink-0 cursor-pointer items-start gap-2 rounded border bg-panel-2 py-1.5 pl-3 pr-1 text-left shadow-lg shadow-black/40 ${TONE[toast.kind]}`}
    >
      <span className={`mt-1 h-2 w-2 shrink-0 rounded-full ${DOT[toast.kind]}`} />
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{toast.title}</span>
        {toast.body && <span className="block break-words text-muted">{toast.body}</span>}
      </span>
      {/* The ✕ is drawn by CSS: the toast's text stays its message. */}
      <button
        type="button"
        aria-label={t`Dismiss`}
        title={t`Dismiss`}
        onClick={(e) => {
          e.stopPropagation();
          onDismiss();
        }}
        className="shrink-0 rounded px-1.5 text-muted before:content-['✕'] hover:text-text"
      />
    </div>
  );
}
