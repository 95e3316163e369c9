import { useEffect } from 'react';
import type { Side } from '../../api/schemas';
import { shortcutBlocked } from '../../lib/typing-target';
import { useTradeSettings } from '../../stores/trade-settings';

/** `B` buys, `S` sells — unless the trader is typing in a field or switched shortcuts off. */
export function useSideHotkeys(onSide: (side: Side) => void) {
  const on = useTradeSettings((s) => s.shortcuts);
  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => {
      if (shortcutBlocked(e)) return;
      const k = e.key.toLowerCase();
      if (k === 'b') onSide('buy');
      else if (k === 's') onSide('sell');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onSide, on]);
}
