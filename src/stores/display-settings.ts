import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Dark, light, or whichever the system prefers (prefers-color-scheme, followed live). */
export type ThemeSetting = 'dark' | 'light' | 'system';
/** Green up (the default), red up (the mainland-China convention), or blue up / orange down. */
export type UpDown = 'green-up' | 'red-up' | 'colour-blind';
export type Side = 'left' | 'right';
export type Density = 'comfortable' | 'compact';

/** How the app looks: remembered in this browser. */
export interface DisplaySettings {
  theme: ThemeSetting;
  upDown: UpDown;
  /** Where the order book and recent trades sit: left or right of the chart (desktop). */
  book: Side;
  /** Where the order form sits: at the left or the right edge (desktop). */
  form: Side;
  density: Density;
}

export const DEFAULT_DISPLAY_SETTINGS: DisplaySettings = {
  theme: 'dark',
  upDown: 'green-up',
  book: 'right',
  form: 'right',
  density: 'comfortable',
};

/** Every value each setting may take (the first is the default). */
export const DISPLAY_VALUES = {
  theme: ['dark', 'light', 'system'],
  upDown: ['green-up', 'red-up', 'colour-blind'],
  book: ['right', 'left'],
  form: ['right', 'left'],
  density: ['comfortable', 'compact'],
} as const satisfies { [K in keyof DisplaySettings]: readonly DisplaySettings[K][] };

/** The localStorage key (read before the first paint too: src/app/display-attributes.ts). */
export const DISPLAY_STORAGE_KEY = 'perps.display-settings';

/**
 * Reads what this browser stored, field by field: a field missing (an older version) or not one of
 * its values keeps its default. `stored` is the persisted state (zustand's `{ state, version }`'s state).
 */
export function readStoredDisplay(stored: unknown): DisplaySettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const out: DisplaySettings = { ...DEFAULT_DISPLAY_SETTINGS };
  for (const key of Object.keys(DISPLAY_VALUES) as (keyof DisplaySettings)[]) {
    const allowed: readonly string[] = DISPLAY_VALUES[key];
    const v = s[key];
    if (typeof v === 'string' && allowed.includes(v)) (out as unknown as Record<string, string>)[key] = v;
  }
  return out;
}

interface DisplaySettingsState extends DisplaySettings {
  change: (patch: Partial<DisplaySettings>) => void;
}

/** The trader's display preferences: theme, colour convention, layout and density. */
export const useDisplaySettings = create<DisplaySettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_DISPLAY_SETTINGS,
      change: (patch) => set(patch),
    }),
    {
      name: DISPLAY_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: ({ change: _c, ...settings }) => settings,
      merge: (stored, current) => ({ ...current, ...readStoredDisplay(stored) }),
    },
  ),
);
