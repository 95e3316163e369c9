import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { defaultParams, INDICATOR_KINDS, paramProblem, type IndicatorKind, type IndicatorSettings } from '../lib/indicator-catalog';

/** At most this many indicators at once: more would leave the candles no room. */
export const MAX_INDICATORS = 8;

const KINDS = Object.keys(INDICATOR_KINDS) as IndicatorKind[];

/** What this browser stored, indicator by indicator: one of an unknown kind or with refused parameters is left out. */
export function readStoredIndicators(stored: unknown): IndicatorSettings[] {
  const list = stored && typeof stored === 'object' && Array.isArray((stored as { list?: unknown }).list) ? (stored as { list: unknown[] }).list : [];
  const out: IndicatorSettings[] = [];
  for (const item of list) {
    const s = item as Partial<IndicatorSettings>;
    if (typeof s.id !== 'string' || !KINDS.includes(s.kind as IndicatorKind) || !Array.isArray(s.params)) continue;
    const kind = s.kind as IndicatorKind;
    const params = s.params.map(Number);
    if (params.length !== INDICATOR_KINDS[kind].params.length || params.some((v, i) => paramProblem(kind, i, v, params) !== null)) continue;
    out.push({ id: s.id, kind, params, color: typeof s.color === 'string' ? s.color : '#f59e0b', visible: s.visible !== false });
  }
  return out.slice(0, MAX_INDICATORS);
}

interface ChartIndicatorsState {
  list: IndicatorSettings[];
  add: (kind: IndicatorKind, color: string) => string | null;
  remove: (id: string) => void;
  change: (id: string, patch: Partial<Pick<IndicatorSettings, 'params' | 'color' | 'visible'>>) => void;
}

/** The chart's indicators, kept in this browser across reloads and markets (the same on every market). */
export const useChartIndicators = create<ChartIndicatorsState>()(
  persist(
    (set, get) => ({
      list: [],
      add: (kind, color) => {
        if (get().list.length >= MAX_INDICATORS) return null;
        const id = `${kind}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
        set((s) => ({ list: [...s.list, { id, kind, params: defaultParams(kind), color, visible: true }] }));
        return id;
      },
      remove: (id) => set((s) => ({ list: s.list.filter((i) => i.id !== id) })),
      change: (id, patch) => set((s) => ({ list: s.list.map((i) => (i.id === id ? { ...i, ...patch } : i)) })),
    }),
    {
      name: 'perps.chart-indicators',
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: ({ list }) => ({ list }),
      merge: (stored, current) => ({ ...current, list: readStoredIndicators(stored) }),
    },
  ),
);
