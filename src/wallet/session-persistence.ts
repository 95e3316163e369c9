import type { Chain } from '../api/schemas';

/** What survives a reload: the opaque WebCrypto key handle and the token, in IndexedDB only. */
export interface StoredSession {
  chain: Chain;
  address: string;
  token: string;
  expiresAt: number;
  keyPair: CryptoKeyPair;
}

const DB = 'perps-session';
const STORE = 'session';
const KEY = 'current';

function open(): Promise<IDBDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
  });
}

async function run<T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const opening = open();
  if (!opening) return undefined;
  const db = await opening;
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = op(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

export const sessionPersistence = {
  load: () => run<StoredSession | undefined>('readonly', (s) => s.get(KEY) as IDBRequest<StoredSession | undefined>),
  save: (session: StoredSession) => run('readwrite', (s) => s.put(session, KEY)).then(() => undefined),
  clear: () => run('readwrite', (s) => s.delete(KEY)).then(() => undefined),
};
