import { useEffect } from 'react';
import type { Side } from '../../api/schemas';

const TEXT_INPUTS = new Set(['text', 'search', 'number', 'email', 'password', 'tel', 'url', '']);

/** True when keys typed now go into a text field (and must not trigger shortcuts). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type);
}

/** `B` buys, `S` sells — unless the trader is typing in a field. */
export function useSideHotkeys(onSide: (side: Side) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || isTypingTarget(e.target)) return;
      const k = e.key.toLowerCase();
      if (k === 'b') onSide('buy');
      else if (k === 's') onSide('sell');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onSide]);
}
