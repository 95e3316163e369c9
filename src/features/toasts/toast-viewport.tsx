import { useToasts, type ToastKind } from '../../stores/toasts';

const TONE: Record<ToastKind, string> = {
  success: 'border-up/60',
  error: 'border-down/70',
  info: 'border-line',
  warn: 'border-warn/70',
};
const DOT: Record<ToastKind, string> = { success: 'bg-up', error: 'bg-down', info: 'bg-accent', warn: 'bg-warn' };

/** Fills, rejections, cancels and liquidations, stacked bottom-right; click to dismiss. */
export function ToastViewport() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div aria-live="polite" className="pointer-events-none fixed bottom-3 right-3 z-50 flex w-[320px] max-w-[calc(100vw-24px)] flex-col gap-2" data-testid="toasts">
      {toasts.map((t) => (
        <button
          key={t.id}
          type="button"
          onClick={() => dismiss(t.id)}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto rounded border bg-panel-2 px-3 py-2 text-left shadow-lg shadow-black/40 ${TONE[t.kind]}`}
        >
          <span className="flex items-start gap-2">
            <span className={`mt-1 h-2 w-2 shrink-0 rounded-full ${DOT[t.kind]}`} />
            <span className="min-w-0">
              <span className="block font-medium">{t.title}</span>
              {t.body && <span className="block break-words text-muted">{t.body}</span>}
            </span>
          </span>
        </button>
      ))}
    </div>
  );
}
