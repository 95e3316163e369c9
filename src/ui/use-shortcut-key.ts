import { useEffect, useRef } from 'react';
import { shortcutBlocked } from '../lib/typing-target';
import { useTradeSettings } from '../stores/trade-settings';

/**
 * A single-key shortcut (`key`, lower case; with or without Caps Lock, never with Shift or another
 * modifier): `act` runs unless the trader is typing in a field, a modal dialog has the focus, or the
 * settings switched shortcuts off. Every one is listed in `SHORTCUT_GROUPS` (the `?` list) and the README.
 */
export function useShortcutKey(key: string, act: () => void, enabled = true): void {
  const on = useTradeSettings((s) => s.shortcuts);
  const latest = useRef(act);
  useEffect(() => {
    latest.current = act;
  });
  useEffect(() => {
    if (!on || !enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.shiftKey || e.key.toLowerCase() !== key || shortcutBlocked(e)) return;
      e.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on, enabled, key]);
}
