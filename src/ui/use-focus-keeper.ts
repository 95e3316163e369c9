import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the focus in a list whose rows leave under it (an order canceled, a position closed): when
 * the focused control's row is gone and the focus has fallen to `<body>`, it goes to the same
 * control (`data-focus-key`) of the row now in its place (the next one, or the last), else to
 * `fallback` (the list's tab). Rows carry `data-focus-row`. A keyed control outside the rows (Cancel
 * all, Close all) that leaves or turns disabled with the focus — the list it acted on is empty —
 * hands it to `fallback` too.
 */
export function useFocusKeeper(ref: RefObject<HTMLElement | null>, fallback: () => HTMLElement | null): void {
  const last = useRef<{ el: HTMLElement; key: string; row: number } | null>(null);
  const latest = useRef(fallback);
  useEffect(() => {
    latest.current = fallback;
  });

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const onFocus = (e: FocusEvent) => {
      const el = e.target instanceof HTMLElement ? e.target : null;
      const key = el?.dataset.focusKey;
      const row = el?.closest<HTMLElement>('[data-focus-row]');
      last.current = el && key ? { el, key, row: row ? [...box.querySelectorAll('[data-focus-row]')].indexOf(row) : -1 } : null;
    };
    box.addEventListener('focusin', onFocus);
    return () => box.removeEventListener('focusin', onFocus);
  }, [ref]);

  // After every render: did the focused control's row just leave?
  useEffect(() => {
    const was = last.current;
    const box = ref.current;
    if (!was || !box) return;
    const off = was.row < 0 && (was.el as HTMLButtonElement).disabled;
    if (was.el.isConnected && !off) return;
    const now = document.activeElement;
    // A disabled control drops the focus in a browser; jsdom leaves it there.
    if (now && now !== document.body && now !== was.el) return;
    last.current = null;
    if (was.row < 0) return void latest.current()?.focus();
    const rows = [...box.querySelectorAll<HTMLElement>('[data-focus-row]')];
    const row = rows[Math.min(was.row, rows.length - 1)];
    const same = row?.querySelector<HTMLElement>(`[data-focus-key="${was.key}"]`);
    const target = same && !(same as HTMLButtonElement).disabled ? same : latest.current();
    target?.focus();
  });
}

/** The chosen tab of the account tabs around `el`: where the focus goes when its list empties. */
export function chosenTabAround(el: HTMLElement | null): HTMLElement | null {
  return el?.closest('[data-testid=account-tabs]')?.querySelector<HTMLElement>('[role=tab][aria-selected=true]') ?? null;
}

/** The chosen account tab on the page, wherever the focus was (a closed editor's fallback). */
export function chosenAccountTab(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-testid=account-tabs] [role=tab][aria-selected=true]');
}
