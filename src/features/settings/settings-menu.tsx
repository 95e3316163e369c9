import { useCallback, useState } from 'react';
import { Modal } from '../../ui/modal';
import { SettingsPanel } from './settings-panel';
import { ShortcutsOverlay } from './shortcuts-overlay';
import { useHelpKey } from './use-help-key';

type Open = 'settings' | 'shortcuts' | null;

/** The header's gear: the settings panel, and the shortcuts list (`?` or from the panel). */
export function SettingsMenu({ playSound }: { playSound: () => void }) {
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  useHelpKey(useCallback(() => setOpen('shortcuts'), []));
  return (
    <>
      <button
        type="button"
        aria-label="Settings"
        title="Settings"
        data-testid="settings-button"
        onClick={() => setOpen('settings')}
        className="rounded px-1.5 py-0.5 text-[15px] leading-none text-muted hover:text-text"
      >
        ⚙
      </button>
      {open === 'settings' && (
        <Modal title="Settings" onClose={close} testId="settings-dialog">
          <SettingsPanel playSound={playSound} onShowShortcuts={() => setOpen('shortcuts')} />
        </Modal>
      )}
      {open === 'shortcuts' && <ShortcutsOverlay onClose={close} />}
    </>
  );
}
