import { useTradeSettings } from '../../stores/trade-settings';
import { Modal } from '../../ui/modal';
import { SHORTCUT_GROUPS } from './shortcuts';

function Key({ k }: { k: string }) {
  return <kbd className="num inline-block min-w-[22px] rounded border border-line bg-bg px-1.5 py-0.5 text-center text-[11px] text-text">{k}</kbd>;
}

/** The help overlay `?` opens: every shortcut, and whether the switchable ones are on. */
export function ShortcutsOverlay({ onClose }: { onClose: () => void }) {
  const on = useTradeSettings((s) => s.shortcuts);
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose} testId="shortcuts-overlay" width="max-w-[520px]">
      {!on && <p className="mb-2 rounded border border-warn/60 bg-warn/10 px-2 py-1 text-warn">Shortcuts are off in settings: only the always-on keys work.</p>}
      <div className="space-y-3">
        {SHORTCUT_GROUPS.map((g) => (
          <section key={g.title} aria-label={g.title}>
            <h3 className="mb-1 text-[11px] uppercase tracking-wide text-muted">{g.title}</h3>
            <table className="w-full">
              <tbody>
                {g.shortcuts.map((s) => (
                  <tr key={s.keys.join('+') + s.does} className={g.switchable && !on ? 'opacity-50' : ''}>
                    <td className="w-[150px] py-0.5 pr-2">
                      <span className="flex flex-wrap gap-1">
                        {s.keys.map((k) => (
                          <Key key={k} k={k} />
                        ))}
                      </span>
                    </td>
                    <td className="py-0.5">{s.does}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
      <p className="mt-3 text-[11px] text-muted">Esc closes this list.</p>
    </Modal>
  );
}
