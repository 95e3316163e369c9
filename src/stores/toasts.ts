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
  /** While the trader points at or focuses a toast it stays; `release` gives it its time again. */
  hold: (id: number) => void;
  release: (id: number) => void;
}

let nextId = 1;
// The viewport shows the newest few; this bounds what waits behind its "+N more".
const MAX_TOASTS = 20;
// Each toast's time on screen and its running timer (none while held).
const ttls = new Map<number, number>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const held = new Set<number>();

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
    if (ttlMs > 0) {
      ttls.set(id, ttlMs);
      timers.set(id, setTimeout(() => get().dismiss(id), ttlMs));
    }
    return id;
  },
  dismiss: (id) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    ttls.delete(id);
    held.delete(id);
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
  hold: (id) => {
    held.add(id);
    clearTimeout(timers.get(id));
    timers.delete(id);
  },
  release: (id) => {
    if (!held.delete(id)) return;
    const ttl = ttls.get(id);
    if (ttl !== undefined) timers.set(id, setTimeout(() => get().dismiss(id), ttl));
  },
}));

/** Shorthand usable outside React (stream handlers). */
export function toast(t: Omit<Toast, 'id'>, ttlMs?: number): number {
  return useToasts.getState().push(t, ttlMs);
}
