import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { readDrawing, type Drawing } from '../lib/chart-drawing';

/** At most this many drawings on one market: a chart past that is unreadable anyway. */
export const MAX_DRAWINGS = 40;

/** What this browser stored, market by market: a drawing that does not read back whole is left out, never thrown on. */
export function readStoredDrawings(stored: unknown): Record<string, Drawing[]> {
  const byMarket = stored && typeof stored === 'object' ? (stored as { byMarket?: unknown }).byMarket : undefined;
  const out: Record<string, Drawing[]> = {};
  if (!byMarket || typeof byMarket !== 'object' || Array.isArray(byMarket)) return out;
  for (const [symbol, list] of Object.entries(byMarket as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    const seen = new Set<string>();
    const drawings: Drawing[] = [];
    for (const item of list) {
      const d = readDrawing(item);
      if (!d || seen.has(d.id)) continue;
      seen.add(d.id);
      drawings.push(d);
    }
    if (drawings.length > 0) out[symbol] = drawings.slice(0, MAX_DRAWINGS);
  }
  return out;
}

interface ChartDrawingsState {
  byMarket: Record<string, Drawing[]>;
  /** False (nothing added) at the cap. */
  add: (symbol: string, d: Drawing) => boolean;
  change: (symbol: string, d: Drawing) => void;
  remove: (symbol: string, id: string) => void;
}

const NONE: Drawing[] = [];

/** A market's drawings (the same empty list when there are none, so a selector is stable). */
export function drawingsOf(s: Pick<ChartDrawingsState, 'byMarket'>, symbol: string): Drawing[] {
  return s.byMarket[symbol] ?? NONE;
}

function put(s: ChartDrawingsState, symbol: string, list: Drawing[]) {
  const byMarket = { ...s.byMarket };
  if (list.length === 0) delete byMarket[symbol];
  else byMarket[symbol] = list;
  return { byMarket };
}

/** The trader's chart drawings, per market, kept in this browser across reloads (`perps.chart-drawings`). */
export const useChartDrawings = create<ChartDrawingsState>()(
  persist(
    (set, get) => ({
      byMarket: {},
      add: (symbol, d) => {
        if (drawingsOf(get(), symbol).length >= MAX_DRAWINGS) return false;
        set((s) => put(s, symbol, [...drawingsOf(s, symbol), d]));
        return true;
      },
      change: (symbol, d) => set((s) => put(s, symbol, drawingsOf(s, symbol).map((x) => (x.id === d.id ? d : x)))),
      remove: (symbol, id) => set((s) => put(s, symbol, drawingsOf(s, symbol).filter((x) => x.id !== id))),
    }),
    {
      name: 'perps.chart-drawings',
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: ({ byMarket }) => ({ byMarket }),
      merge: (stored, current) => ({ ...current, byMarket: readStoredDrawings(stored) }),
    },
  ),
);
