import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Modal } from '../../ui/modal';
import { useHelpKey } from './use-help-key';
import { withPanelWords } from '../../i18n/activate';

// Opened by a click or `?`, never before the first paint: loaded then, not with the page.
const SettingsPanel = lazy(() => withPanelWords(import('./settings-panel')).then((m) => ({ default: m.SettingsPanel })));
const ShortcutsOverlay = lazy(() => withPanelWords(import('./shortcuts-overlay')).then((m) => ({ default: m.ShortcutsOverlay })));
type Open = 'settings' | 'shortcuts' | null;

/** The header's gear: the settings panel, and the shortcuts list (`?` or from the panel). */
export function SettingsMenu({ playSound }: { playSound: () => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  useHelpKey(useCallback(() => setOpen('shortcuts'), []));
  return (
    <>
      <button
        type="button"
        aria-label={t`Settings`}
        title={t`Settings`}
        data-testid="settings-button"
        onClick={() => setOpen('settings')}
        className="rounded px-1.5 py-0.5 text-[15px] leading-none text-muted hover:text-text"
      >
        ⚙
      </button>
      {open === 'settings' && (
        <Modal title={t`Settings`} onClose={close} testId="settings-dialog">
          <Suspense fallback={<p className="text-muted"><Trans>Loading settings…</Trans></p>}>
            <SettingsPanel playSound={playSound} onShowShortcuts={() => setOpen('shortcuts')} />
          </Suspense>
        </Modal>
      )}
      {open === 'shortcuts' && (
        <Suspense fallback={null}>
          <ShortcutsOverlay onClose={close} />
        </Suspense>
      )}
    </>
  );
}
