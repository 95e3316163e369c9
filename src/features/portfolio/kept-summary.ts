// The last figures computed for an account, kept in this browser (IndexedDB) so a visit of the
// Portfolio draws them at once — said to be as of their time — while this visit's figures are computed
// from the whole history (issue 32: 100,000 trades cached, figures drawn ≤ 300 ms; the computation
// alone takes about that). Only figures of a whole history are kept. Anything missing, old or damaged
// reads as nothing: the page then waits for the fresh figures, as without this.
import type { PortfolioSummary } from '../../lib/portfolio/portfolio-summary';
import { isWireSummary, packSummary, unpackSummary, type WireSummary } from '../../lib/portfolio/summary-wire';

export const KEPT_SUMMARY_DB = 'portfolio-summary';
const STORE = 'summary';
/** Bumped whenever PortfolioSummary's shape changes: a summary of another version is not shown (2: packed curves). */
export const KEPT_SUMMARY_VERSION = 2;

export interface KeptSummary {
  /** Epoch ms the figures were computed at (the summary's `now`). */
  asOf: number;
  summary: PortfolioSummary;
}

/** Kept packed (summary-wire.ts): reading ~16,000 point objects back held the page ~40 ms. */
interface Record_ {
  key: string;
  v: number;
  summary: WireSummary;
}

let opened: Promise<IDBDatabase> | null = null;

function open(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<IDBDatabase> {
  if (factory === undefined) return Promise.reject(new Error('IndexedDB is not available'));
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open(KEPT_SUMMARY_DB, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    req.onsuccess = () => {
      req.result.onversionchange = () => req.result.close();
      resolve(req.result);
    };
    req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
  }).catch((e: unknown) => {
    opened = null;
    throw e;
  });
  return opened;
}

/** The figures kept for the history `key` (history-store's historyKey), or null. Never rejects. */
export async function readKeptSummary(key: string, factory?: IDBFactory): Promise<KeptSummary | null> {
  try {
    const db = await open(factory);
    const rec = await new Promise<unknown>((resolve, reject) => {
      const get = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error ?? new Error('IndexedDB read failed'));
    });
    const r = rec as Partial<Record_> | undefined;
    return r?.v === KEPT_SUMMARY_VERSION && isWireSummary(r.summary) ? { asOf: r.summary.now, summary: unpackSummary(r.summary) } : null;
  } catch {
    return null;
  }
}

/** Keeps `summary` (of the whole history) for the next visit. Best effort: a failure only costs that visit its head start. */
export async function keepSummary(key: string, summary: PortfolioSummary, factory?: IDBFactory): Promise<void> {
  try {
    const db = await open(factory);
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put({ key, v: KEPT_SUMMARY_VERSION, summary: packSummary(summary) } satisfies Record_);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
    });
  } catch {
    // quota, private mode: nothing kept
  }
}

/** Forgets the shared connection (tests delete the database between cases). */
export function closeKeptSummaries(): void {
  void opened?.then((db) => db.close()).catch(() => undefined);
  opened = null;
}
