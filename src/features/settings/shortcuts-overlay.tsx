import { Trans, useLingui } from '@lingui/react/macro';
import { useTradeSettings } from '../../stores/trade-settings';
import { Modal } from '../../ui/modal';
import { SHORTCUT_GROUPS } from './shortcuts';

function Key({ k }: { k: string }) {
  return <kbd className="num inline-block min-w-[22px] rounded border border-line bg-bg px-1.5 py-0.5 text-center text-[11px] text-text">{k}</kbd>;
}

/** The help overlay `?` opens: every shortcut, and whether the switchable ones are on. */
export function ShortcutsOverlay({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const on = useTradeSettings((s) => s.shortcuts);
  return (
    <Modal title={t`Keyboard shortcuts`} onClose={onClose} testId="shortcuts-overlay" width="max-w-[520px]">
      {!on && <p className="mb-2 rounded border border-warn/60 bg-warn/10 px-2 py-1 text-warn"><Trans>Shortcuts are off in settings: only the always-on keys work.</Trans></p>}
      <div className="space-y-3">
        {SHORTCUT_GROUPS.map((g, gi) => (
          <section key={gi} aria-label={i18n._(g.title)}>
            <h3 className="mb-1 text-[11px] uppercase tracking-wide text-muted">{i18n._(g.title)}</h3>
            <table className="w-full">
              <tbody>
                {g.shortcuts.map((s, si) => (
                  <tr key={si} className={g.switchable && !on ? 'opacity-50' : ''}>
                    <td className="w-[150px] py-0.5 pr-2">
                      <span className="flex flex-wrap gap-1">
                        {s.keys.map((k) => (
                          <Key key={k} k={k} />
                        ))}
                      </span>
                    </td>
                    <td className="py-0.5">{i18n._(s.does)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
      <p className="mt-3 text-[11px] text-muted">
        <Trans>Esc closes this list.</Trans>
      </p>
    </Modal>
  );
}
