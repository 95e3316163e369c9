// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DISPLAY_SETTINGS, DISPLAY_STORAGE_KEY, DISPLAY_VALUES, readStoredDisplay } from '../stores/display-settings';
import { displayAttributes } from './display-attributes';

// public/display-boot.js sets the display attributes before the first paint, outside the bundle;
// it must set exactly what the app sets once it loads, from anything this browser may have stored.
const BOOT = readFileSync('public/display-boot.js', 'utf8');

function boot(stored: string | null, prefersLight: boolean): Record<string, string | null> {
  const root = document.documentElement;
  for (const a of [...root.attributes]) root.removeAttribute(a.name);
  if (stored === null) localStorage.removeItem(DISPLAY_STORAGE_KEY);
  else localStorage.setItem(DISPLAY_STORAGE_KEY, stored);
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(prefers-color-scheme: light)' && prefersLight }));
  new Function(BOOT)();
  return Object.fromEntries([...root.attributes].map((a) => [a.name, a.value]));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const STORED: (string | null)[] = [
  null,
  'not json',
  JSON.stringify({ state: null, version: 1 }),
  JSON.stringify({ state: { theme: 'light', upDown: 'red-up', book: 'left', form: 'left', density: 'compact' }, version: 1 }),
  JSON.stringify({ state: { theme: 'system', upDown: 'colour-blind' }, version: 1 }),
  JSON.stringify({ state: { theme: 'sepia', upDown: 2, book: 'LEFT', density: ['compact'] }, version: 1 }),
];

describe('the display boot script (public/display-boot.js)', () => {
  it('has the store’s defaults as each setting’s first value', () => {
    for (const [key, values] of Object.entries(DISPLAY_VALUES)) expect(values[0]).toBe(DEFAULT_DISPLAY_SETTINGS[key as keyof typeof DEFAULT_DISPLAY_SETTINGS]);
  });

  for (const stored of STORED) {
    for (const prefersLight of [false, true]) {
      it(`sets what the app sets for ${stored ?? 'nothing stored'}${prefersLight ? ', the system preferring light' : ''}`, () => {
        let state: unknown = null;
        try {
          state = (JSON.parse(stored ?? 'null') as { state?: unknown } | null)?.state;
        } catch {
          state = null;
        }
        expect(boot(stored, prefersLight)).toEqual(displayAttributes(readStoredDisplay(state), prefersLight));
      });
    }
  }
});
