import { useDisplaySettings, type DisplaySettings } from '../stores/display-settings';

// eslint-disable-next-line lingui/no-unlocalized-strings -- a media query
const PREFERS_LIGHT = '(prefers-color-scheme: light)';

/** The theme drawn: the setting, or for "system" what the system prefers now. */
export function resolvedTheme(theme: DisplaySettings['theme'], prefersLight: boolean): 'dark' | 'light' {
  return theme === 'system' ? (prefersLight ? 'light' : 'dark') : theme;
}

/** The <html> attributes styles.css keys the display settings on. */
export function displayAttributes(s: DisplaySettings, prefersLight: boolean): Record<string, string> {
  return {
    'data-theme': resolvedTheme(s.theme, prefersLight),
    'data-theme-setting': s.theme,
    'data-updown': s.upDown,
    'data-book': s.book,
    'data-form': s.form,
    'data-density': s.density,
  };
}

function apply(root: HTMLElement, attrs: Record<string, string>) {
  for (const [name, value] of Object.entries(attrs)) if (root.getAttribute(name) !== value) root.setAttribute(name, value);
}

/*
 * public/display-boot.js sets the same attributes before the first paint: a plain script that
 * index.html runs in <head>, before the stylesheet is applied to anything, so a trader who chose the
 * light theme never sees a dark frame first. Not bundled (public/), like zod-without-eval.js: the CSP
 * allows scripts of the app's own origin only, no inline script. display-boot.test.ts keeps the two
 * in step; this module takes over once the app loads.
 */

/**
 * Sets the display settings on <html> now — main.tsx calls this before React renders anything, and
 * the store has read localStorage synchronously when its module loaded, so the first paint already
 * has the trader's theme — and again whenever they change, or the system's colour scheme does while
 * the theme follows it.
 */
export function startDisplayAttributes(root: HTMLElement = document.documentElement): () => void {
  const media = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(PREFERS_LIGHT) : null;
  const update = () => apply(root, displayAttributes(useDisplaySettings.getState(), media?.matches ?? false));
  update();
  const unsubscribe = useDisplaySettings.subscribe(update);
  media?.addEventListener('change', update);
  return () => {
    unsubscribe();
    media?.removeEventListener('change', update);
  };
}
