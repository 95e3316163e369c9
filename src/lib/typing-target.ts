const TEXT_INPUTS = new Set(['text', 'search', 'number', 'email', 'password', 'tel', 'url', '']);

/** True when keys typed now go into a text field (and must not trigger shortcuts). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type);
}

/**
 * True when a single-key shortcut must not act on this key press: a modifier is held (Shift aside:
 * `?` needs it), it repeats, it goes into a text field, or a modal dialog has the focus.
 */
export function shortcutBlocked(e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'repeat' | 'target'>): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || isTypingTarget(e.target)) return true;
  return e.target instanceof Element && e.target.closest('[aria-modal="true"]') !== null;
}
