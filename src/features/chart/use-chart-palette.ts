import { useSyncExternalStore } from 'react';
import { refreshPalette } from './chart-theme';

/** The <html> attributes the colours depend on (src/app/display-attributes.ts sets them). */
const COLOUR_ATTRIBUTES = ['data-theme', 'data-updown'];

function subscribe(changed: () => void): () => void {
  if (typeof MutationObserver === 'undefined' || typeof document === 'undefined') return () => undefined;
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: COLOUR_ATTRIBUTES });
  return () => observer.disconnect();
}

let seen: string | null = null;

/** The theme and convention now, e.g. "light red-up"; `palette` is refreshed the first time a key is seen. */
function snapshot(): string {
  if (typeof document === 'undefined') return '';
  const root = document.documentElement;
  const key = COLOUR_ATTRIBUTES.map((a) => root.getAttribute(a) ?? '').join(' ');
  if (key !== seen) {
    seen = key;
    refreshPalette(root);
  }
  return key;
}

/**
 * The chart's colour scheme, followed live: re-renders when the theme or the colour convention
 * changes, with `palette` (chart-theme.ts) already holding the new colours. The key it returns is
 * what effects that recolour the chart depend on.
 */
export function useChartPalette(): string {
  return useSyncExternalStore(subscribe, snapshot, () => '');
}
