import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { SliceStatus, Twap } from '../lib/twap-record';

const KEY = 'perps.twaps';

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

/** How far a slice's outcome is in: it only moves forward (sent, then unknown after a reload, then known). */
const SETTLED: Record<SliceStatus, number> = { sending: 0, unknown: 1, filled: 2, refused: 2 };

/**
 * How far a TWAP has gone, by what only grows whichever tab moves it: the slices sent (each is
 * recorded before it leaves, and only the tab holding its lock sends), then how many outcomes are
 * in, then whether it is over.
 */
function reach(t: Twap): [number, number, number] {
  return [t.slices.length, t.slices.reduce((n, s) => n + (SETTLED[s.status] ?? 0), 0), isOver(t) ? 1 : 0];
}

/** `a` has gone further than `b` (another tab ran it on): `a` is the record to keep. */
export function isAhead(a: Twap, b: Twap): boolean {
  const [x, y] = [reach(a), reach(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return false;
}

/**
 * What this tab writes, merged with what storage holds now (another tab of this browser may have
 * written since): per TWAP the one that has gone further, and the TWAPs this tab never knew (another
 * tab's) kept. A TWAP this tab knew and no longer holds (dismissed, or trimmed) stays gone.
 */
function mergeStored(mine: Record<string, Twap[]>, theirs: Record<string, Twap[]>, known: ReadonlySet<string>): Record<string, Twap[]> {
  const out: Record<string, Twap[]> = {};
  for (const account of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
    const own = mine[account] ?? [];
    const stored = new Map((theirs[account] ?? []).map((t) => [t.id, t]));
    const list = own.map((t) => {
      const o = stored.get(t.id);
      return o && isAhead(o, t) ? o : t;
    });
    const ids = new Set(own.map((t) => t.id));
    const others = (theirs[account] ?? []).filter((t) => !ids.has(t.id) && !known.has(t.id));
    // Newest first across both tabs' TWAPs (a stable sort: one tab's own order stays as it is).
    out[account] = others.length === 0 ? list : trimmed([...list, ...others].sort((a, b) => b.startedAt - a.startedAt));
  }
  return out;
}

/** The TWAPs stored under `name` in `storage` now ({} when none or unreadable). */
function storedIn(storage: Pick<Storage, 'getItem'>, name: string): Record<string, Twap[]> {
  try {
    const raw = storage.getItem(name);
    return raw ? readStored((JSON.parse(raw) as { state?: unknown }).state) : {};
  } catch {
    return {};
  }
}

/** localStorage as the persist middleware writes it, every write merged with what is there (mergeStored): never clobbered. */
function mergingStorage(storage: Storage, known: ReadonlySet<string>): StateStorage {
  return {
    getItem: (name) => storage.getItem(name),
    setItem: (name, value) => {
      let mine: { state?: { byAccount?: unknown } };
      try {
        mine = JSON.parse(value) as typeof mine;
      } catch {
        return storage.setItem(name, value);
      }
      const byAccount = mergeStored(readStored(mine.state), storedIn(storage, name), known);
      storage.setItem(name, JSON.stringify({ ...mine, state: { ...mine.state, byAccount } }));
    },
    removeItem: (name) => storage.removeItem(name),
  };
}

/**
 * The TWAPs this browser is running or ran, per account, kept in `storage` (localStorage) so a
 * reload keeps them (and their progress): a running one comes back interrupted and asks to resume.
 * Every tab of the browser writes the same storage: a write merges with it, never clobbers it.
 * A factory so tests can run two tabs' stores on one storage.
 */
export function createTwapStore(getStorage: () => Storage) {
  /** Every TWAP id this store has held: one missing from it now was dropped here, not unknown here. */
  const known = new Set<string>();
  return create<TwapStoreState>()(
    persist(
      (set, get) => ({
        byAccount: {},
        restored: [],
        add: (t) => {
          known.add(t.id);
          set((s) => ({ byAccount: { ...s.byAccount, [t.account]: trimmed([t, ...(s.byAccount[t.account] ?? [])]) } }));
        },
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
        name: KEY,
        storage: createJSONStorage(() => mergingStorage(getStorage(), known)),
        version: 1,
        partialize: (s) => ({ byAccount: s.byAccount }),
        merge: (stored, current) => {
          const byAccount = readStored(stored);
          const ids = Object.values(byAccount).flatMap((list) => list.map((t) => t.id));
          for (const id of ids) known.add(id);
          return { ...current, byAccount, restored: ids };
        },
      },
    ),
  );
}

export const useTwapStore = createTwapStore(() => localStorage);

/**
 * One TWAP as storage holds it now: another tab of this browser may have written it since this page
 * read it (the tab that ran it until it closed).
 */
export function readStoredTwap(account: string, id: string, storage?: Pick<Storage, 'getItem'>): Twap | undefined {
  try {
    return storedIn(storage ?? localStorage, KEY)[account]?.find((t) => t.id === id);
  } catch {
    return undefined;
  }
}

/** One account's TWAPs (a stable empty list when none). */
const NONE: Twap[] = [];
export const twapsOf = (account: string | null) => (s: TwapStoreState) => (account ? (s.byAccount[account] ?? NONE) : NONE);
