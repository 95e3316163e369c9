import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PriceAlert } from '../lib/price-alert';

/** At most this many alerts in this browser (armed and fired together). */
export const MAX_ALERTS = 50;

/** What this browser stored, alert by alert: one with a field of the wrong type is left out. */
export function readStoredAlerts(stored: unknown): PriceAlert[] {
  const list = stored && typeof stored === 'object' && Array.isArray((stored as { alerts?: unknown }).alerts) ? (stored as { alerts: unknown[] }).alerts : [];
  return list
    .filter((x): x is PriceAlert => {
      if (!x || typeof x !== 'object') return false;
      const a = x as Partial<PriceAlert>;
      return (
        typeof a.id === 'string' &&
        typeof a.symbol === 'string' &&
        (a.source === 'mark' || a.source === 'last') &&
        (a.direction === 'above' || a.direction === 'below') &&
        typeof a.price === 'string' &&
        /^\d+(\.\d+)?$/.test(a.price) &&
        typeof a.createdAt === 'number'
      );
    })
    .slice(0, MAX_ALERTS);
}

interface PriceAlertsState {
  alerts: PriceAlert[];
  /** The Price alerts dialog, open for a market (and a price to start from, e.g. from the chart). */
  dialog: { symbol: string; price?: string } | null;
  open: (symbol: string, price?: string) => void;
  close: () => void;
  add: (a: Omit<PriceAlert, 'id' | 'createdAt'>) => string | null;
  /** A new level (and the direction it now takes): armed again. */
  edit: (id: string, patch: Pick<PriceAlert, 'price' | 'direction' | 'source'>) => void;
  remove: (id: string) => void;
  /** Alerts that fired, each once (price-alert.ts fireAt). */
  fired: (list: readonly PriceAlert[]) => void;
}

/** The trader's price alerts, kept in this browser across reloads (`perps.price-alerts`). */
export const usePriceAlerts = create<PriceAlertsState>()(
  persist(
    (set, get) => ({
      alerts: [],
      dialog: null,
      open: (symbol, price) => set({ dialog: price === undefined ? { symbol } : { symbol, price } }),
      close: () => set({ dialog: null }),
      add: (a) => {
        if (get().alerts.length >= MAX_ALERTS) return null;
        const id = `alert-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
        set((s) => ({ alerts: [...s.alerts, { ...a, id, createdAt: Date.now() }] }));
        return id;
      },
      edit: (id, patch) =>
        set((s) => ({
          alerts: s.alerts.map((a) => {
            if (a.id !== id) return a;
            const { firedAt: _f, firedPrice: _p, ...armed } = a;
            return { ...armed, ...patch, createdAt: Date.now() };
          }),
        })),
      remove: (id) => set((s) => ({ alerts: s.alerts.filter((a) => a.id !== id) })),
      fired: (list) => set((s) => ({ alerts: s.alerts.map((a) => list.find((f) => f.id === a.id) ?? a) })),
    }),
    {
      name: 'perps.price-alerts',
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: ({ alerts }) => ({ alerts }),
      merge: (stored, current) => ({ ...current, alerts: readStoredAlerts(stored) }),
    },
  ),
);
