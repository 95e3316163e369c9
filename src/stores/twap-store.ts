import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Twap } from '../lib/twap-record';

/** Finished TWAPs kept per account for the trader to read (the newest); older ones are dropped. */
const KEEP_FINISHED = 5;

interface TwapStoreState {
  /** Every account's TWAPs, newest first. */
  byAccount: Record<string, Twap[]>;
  /**
   * The ids read from this browser's storage when the page loaded: the runner tells the machine
   * they were reloaded (a running one then asks before it goes on). Not stored.
   */
  restored: string[];
  add: (t: Twap) => void;
  /** Applies `change` to one TWAP (the machine's next); returns the TWAP after it. */
  update: (account: string, id: string, change: (t: Twap) => Twap) => Twap | undefined;
  /** Removes a finished TWAP from the list. */
  dismiss: (account: string, id: string) => void;
  takeRestored: () => string[];
}

const isOver = (t: Twap) => t.status === 'done' || t.status === 'canceled';

/** Keeps every TWAP still going and the last few finished. */
function trimmed(list: Twap[]): Twap[] {
  let finished = 0;
  return list.filter((t) => !isOver(t) || ++finished <= KEEP_FINISHED);
}

/** Reads what was stored, dropping anything that is not a list of TWAPs per account. */
function readStored(stored: unknown): Record<string, Twap[]> {
  const s = stored && typeof stored === 'object' ? (stored as { byAccount?: unknown }).byAccount : undefined;
  if (!s || typeof s !== 'object') return {};
  const out: Record<string, Twap[]> = {};
  for (const [account, list] of Object.entries(s as Record<string, unknown>)) {
    if (Array.isArray(list)) out[account] = list.filter((t): t is Twap => !!t && typeof t === 'object' && typeof (t as Twap).id === 'string' && Array.isArray((t as Twap).slices));
  }
  return out;
}

/**
 * The TWAPs this browser is running or ran, per account, kept in localStorage so a reload keeps
 * them (and their progress): a running one comes back interrupted and asks to resume.
 */
export const useTwapStore = create<TwapStoreState>()(
  persist(
    (set, get) => ({
      byAccount: {},
      restored: [],
      add: (t) => set((s) => ({ byAccount: { ...s.byAccount, [t.account]: trimmed([t, ...(s.byAccount[t.account] ?? [])]) } })),
      update: (account, id, change) => {
        // Only a change is set: the store is persisted on every set, and the runner asks four times a second.
        const list = get().byAccount[account];
        const i = list ? list.findIndex((t) => t.id === id) : -1;
        if (!list || i < 0) return undefined;
        const after = change(list[i]!);
        if (after === list[i]) return after;
        const copy = list.slice();
        copy[i] = after;
        set((s) => ({ byAccount: { ...s.byAccount, [account]: copy } }));
        return after;
      },
      dismiss: (account, id) => set((s) => ({ byAccount: { ...s.byAccount, [account]: (s.byAccount[account] ?? []).filter((t) => t.id !== id || !isOver(t)) } })),
      takeRestored: () => {
        const ids = get().restored;
        if (ids.length > 0) set({ restored: [] });
        return ids;
      },
    }),
    {
      name: 'perps.twaps',
      storage: createJSONStorage(() => localStorage),
      version: 1,
      partialize: (s) => ({ byAccount: s.byAccount }),
      merge: (stored, current) => {
        const byAccount = readStored(stored);
        return { ...current, byAccount, restored: Object.values(byAccount).flatMap((list) => list.map((t) => t.id)) };
      },
    },
  ),
);

/**
 * One TWAP as storage holds it now: another tab of this browser may have written it since this page
 * read it (the tab that ran it until it closed).
 */
export function readStoredTwap(account: string, id: string): Twap | undefined {
  try {
    const raw = localStorage.getItem('perps.twaps');
    const state = raw ? (JSON.parse(raw) as { state?: unknown }).state : undefined;
    return readStored(state)[account]?.find((t) => t.id === id);
  } catch {
    return undefined;
  }
}

/** One account's TWAPs (a stable empty list when none). */
const NONE: Twap[] = [];
export const twapsOf = (account: string | null) => (s: TwapStoreState) => (account ? (s.byAccount[account] ?? NONE) : NONE);
