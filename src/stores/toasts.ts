import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'info' | 'warn';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  body?: string;
  /** Same key replaces the earlier toast instead of stacking a duplicate. */
  key?: string;
  /**
   * With a key: a toast does not replace one of higher rank (a late "accepted" never hides the
   * "filled" that overtook it). Default 0.
   */
  rank?: number;
}

interface ToastState {
  toasts: Toast[];
  push: (t: Omit<Toast, 'id'>, ttlMs?: number) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;
// The viewport shows the newest few; this bounds what waits behind its "+N more".
const MAX_TOASTS = 20;

/** A tiny toast queue: fills, rejections, cancels, liquidations. */
export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push: (t, ttlMs = t.kind === 'error' ? 8_000 : 4_000) => {
    const id = nextId++;
    const rival = t.key ? get().toasts.find((x) => x.key === t.key) : undefined;
    if (rival && (rival.rank ?? 0) > (t.rank ?? 0)) return rival.id;
    set((s) => {
      const kept = t.key ? s.toasts.filter((x) => x.key !== t.key) : s.toasts;
      return { toasts: [...kept, { ...t, id }].slice(-MAX_TOASTS) };
    });
    if (ttlMs > 0) setTimeout(() => get().dismiss(id), ttlMs);
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Shorthand usable outside React (stream handlers). */
export function toast(t: Omit<Toast, 'id'>, ttlMs?: number): number {
  return useToasts.getState().push(t, ttlMs);
}
