import { useEffect, useRef, type RefObject } from 'react';

/** What Tab can reach: enabled, not hidden, not taken out of the order. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector
const TABBABLE = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';

export function tabbables(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => {
    if (el.tabIndex < 0) return false;
    if ((el as HTMLButtonElement).disabled) return false;
    if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
    if (el.closest('[hidden], [inert]')) return false;
    // Laid out (jsdom lays out nothing: there every element counts as shown).
    return isJsdom() || el.getClientRects().length > 0;
  });
}

function isJsdom(): boolean {
  return typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom');
}

/** Can take the focus now: in the page, enabled, shown. */
function focusable(el: Element | null): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected) return false;
  if ((el as HTMLButtonElement).disabled || el.closest('[hidden], [inert]')) return false;
  return isJsdom() || el.getClientRects().length > 0;
}

export interface DialogFocusOptions {
  /** False while the element is not acting as a dialog (the phone order sheet on a wide screen). Default true. */
  active?: boolean;
  /**
   * Escape: close. Only the topmost open dialog hears it, and not when something inside has taken
   * it (preventDefault). Returning false leaves the key to the page (it was not a close).
   */
  onEscape?: (e: KeyboardEvent) => void | false;
  /**
   * Where the focus goes on open: `container` (the dialog itself, named by its title; the default),
   * `first` (its first control), or a function picking one. A control inside that already has the
   * focus (autoFocus) keeps it.
   */
  initialFocus?: 'container' | 'first' | (() => HTMLElement | null);
  /** Where the focus goes on close when the control that opened the dialog is gone or disabled. */
  fallbackFocus?: () => HTMLElement | null;
}

// The last two focused elements: a dialog whose content takes the focus itself (autoFocus, before
// any effect runs) was opened from the one focused before.
const recent: (Element | null)[] = [null, null];
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (e) => {
    if (e.target === recent[1]) return;
    recent[0] = recent[1] ?? null;
    recent[1] = e.target instanceof Element ? e.target : null;
  });
}

function openerOf(box: HTMLElement): HTMLElement | null {
  const now = document.activeElement;
  if (now instanceof HTMLElement && now !== document.body && !box.contains(now)) return now;
  const before = [recent[1], recent[0]].find((el) => el instanceof HTMLElement && el !== document.body && !box.contains(el));
  return (before as HTMLElement | undefined) ?? null;
}

// A box whose effect was just cleaned up while it stays in the page (React's StrictMode runs every
// effect twice in development): the next mount takes its opener and its focus back from here.
const remounts = new WeakMap<HTMLElement, { opener: HTMLElement | null; inner: Element | null }>();

/** The opener, on mount; after a StrictMode clean-up the earlier one, and the focus goes back inside. */
function openerOnMount(box: HTMLElement): HTMLElement | null {
  const again = remounts.get(box);
  if (!again) return openerOf(box);
  remounts.delete(box);
  if (again.inner instanceof HTMLElement && box.contains(again.inner)) again.inner.focus();
  return again.opener;
}

/** On clean-up: the focus back where it belongs, and what a StrictMode re-mount needs. */
function onCleanUp(box: HTMLElement, opener: HTMLElement | null, fallback: () => HTMLElement | null): void {
  const now = document.activeElement;
  if (box.isConnected) {
    remounts.set(box, { opener, inner: now && box.contains(now) ? now : null });
    setTimeout(() => remounts.delete(box), 0);
  }
  giveFocusBack(box, opener, fallback);
}

// The open dialogs, innermost last: only the last one traps Tab and hears Escape.
const stack: object[] = [];

/**
 * A dialog's or sheet's keyboard focus: taken on open, kept inside (Tab and Shift+Tab cycle through
 * its controls), Escape closes it, and on close the focus goes back to the control that opened it
 * (or `fallbackFocus` when that is gone), never to `<body>`.
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, options: DialogFocusOptions = {}): void {
  const { active = true } = options;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!active) return;
    const box = ref.current;
    if (!box) return;
    const token = {};
    stack.push(token);
    const opener = openerOnMount(box);

    const { initialFocus = 'container' } = latest.current;
    if (!box.contains(document.activeElement)) {
      const picked = typeof initialFocus === 'function' ? initialFocus() : initialFocus === 'first' ? (tabbables(box)[0] ?? null) : null;
      if (picked) picked.focus();
      else {
        if (!box.hasAttribute('tabindex')) box.setAttribute('tabindex', '-1');
        box.focus();
      }
    }

    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token) return;
      if (e.key === 'Escape') {
        const close = latest.current.onEscape;
        if (close && !e.defaultPrevented && close(e) !== false) e.preventDefault();
        return;
      }
      if (e.key !== 'Tab') return;
      const stops = tabbables(box);
      const now = document.activeElement;
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (!first || !last) {
        e.preventDefault();
        box.focus();
        return;
      }
      const inside = now instanceof Node && box.contains(now);
      if (!inside) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      } else if (e.shiftKey && (now === first || now === box)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && now === last) {
        e.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKey);

    return () => {
      window.removeEventListener('keydown', onKey);
      const at = stack.indexOf(token);
      if (at >= 0) stack.splice(at, 1);
      onCleanUp(box, opener, () => latest.current.fallbackFocus?.() ?? null);
    };
  }, [active, ref]);
}

/**
 * On close: the focus back to `opener`, or to `fallback` when that is gone or disabled, unless the
 * trader has moved it elsewhere meanwhile. Never left on `<body>`.
 */
function giveFocusBack(box: HTMLElement, opener: HTMLElement | null, fallback: () => HTMLElement | null): void {
  const now = document.activeElement;
  // The trader moved on to something else (clicked outside): the focus stays there.
  const lost = !now || now === document.body || box.contains(now) || !now.isConnected;
  if (!lost) return;
  const back = () => {
    if (focusable(opener)) return opener;
    const other = fallback();
    return focusable(other) ? other : null;
  };
  const target = back();
  if (target) return target.focus();
  // The control to return to may be drawn by the same change that closed the dialog.
  setTimeout(() => {
    const later = back();
    if (later && (document.activeElement === document.body || !document.activeElement)) later.focus();
  }, 0);
}

/**
 * For a panel opened in place (an editor under a table row) that does not hold the focus like a
 * dialog: when it closes (Esc, Cancel, Save), the focus goes back to the control that opened it, or to
 * `fallback` when that is gone.
 */
export function useReturnFocus(ref: RefObject<HTMLElement | null>, fallback?: () => HTMLElement | null): void {
  const latest = useRef(fallback);
  useEffect(() => {
    latest.current = fallback;
  });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const opener = openerOnMount(box);
    return () => onCleanUp(box, opener, () => latest.current?.() ?? null);
  }, [ref]);
}
