import type { ApiClient } from '../client';
import { AccountHistorySync, type SyncDeps } from './history-sync';
import { historyKey, type HistoryStore } from './history-store';
import { idbHistoryStore, openHistoryDb } from './idb-history-store';
import { Pacer } from './pacer';
import { browserTabs, type TabCoordination } from './tab-coordination';

/** One pacer for every history walk of this tab, so two accounts' walks do not add up. */
let pacer: Pacer | null = null;
let tabs: TabCoordination | null = null;
let store: Promise<HistoryStore> | null = null;

const openStore = () => (store ??= openHistoryDb().then(idbHistoryStore)).catch((e: unknown) => {
  store = null; // a later visit tries again (private mode may have ended, quota freed)
  throw e;
});

/** A page left and come back to (or React's strict double mount) keeps its rows this long; the walk resumes. */
const LINGER_MS = 10_000;

interface Entry {
  sync: AccountHistorySync;
  users: number;
  linger: ReturnType<typeof setTimeout> | null;
}
const live = new Map<string, Entry>();

/** The live sync of an account, if any component holds it (no walk is started by looking). */
export function peekAccountHistory(api: ApiClient, account: string): AccountHistorySync | undefined {
  return live.get(historyKey(api.transport.urls.baseUrl, account))?.sync;
}

/**
 * The tab's sync of one account, shared by every component that shows it (one walk, not one per
 * component); disposed when the last lets go. The walk starts on first use.
 */
export function holdAccountHistory(api: ApiClient, account: string, deps?: Partial<SyncDeps>): { sync: AccountHistorySync; release: () => void } {
  const key = historyKey(api.transport.urls.baseUrl, account);
  let entry = live.get(key);
  if (!entry) {
    const sync = new AccountHistorySync(key, {
      user: api.user,
      openStore,
      pacer: (pacer ??= new Pacer()),
      tabs: (tabs ??= browserTabs()),
      ...deps,
    });
    entry = { sync, users: 0, linger: null };
    live.set(key, entry);
    void sync.start();
  }
  entry.users++;
  if (entry.linger) {
    clearTimeout(entry.linger);
    entry.linger = null;
    void entry.sync.resume();
  }
  const held = entry;
  let released = false;
  return {
    sync: held.sync,
    release: () => {
      if (released) return;
      released = true;
      if (--held.users > 0) return;
      // No request goes out for a page nobody looks at (or under an account being switched away from).
      held.sync.pause();
      held.linger = setTimeout(() => {
        if (held.users > 0) return;
        held.sync.dispose();
        if (live.get(key) === held) live.delete(key);
      }, LINGER_MS);
    },
  };
}
