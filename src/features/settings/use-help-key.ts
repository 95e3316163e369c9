import { useEffect } from 'react';
import { shortcutBlocked } from '../../lib/typing-target';
import { useTradeSettings } from '../../stores/trade-settings';

/** `?` (outside text fields, shortcuts on) opens the shortcuts list. */
export function useHelpKey(open: () => void) {
  const on = useTradeSettings((s) => s.shortcuts);
  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || shortcutBlocked(e)) return;
      e.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on, open]);
}
