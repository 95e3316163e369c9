import { create } from 'zustand';
import type { Chain } from '../api/schemas';
import type { Credentials } from '../api/transport';
import { sessionKeyFromCryptoKeyPair, type SessionKey } from './session-key';
import { sessionPersistence } from './session-persistence';

export interface SignedInSession {
  chain: Chain;
  address: string;
  token: string;
  /** ms since epoch */
  expiresAt: number;
  key: SessionKey;
}

/**
 * What this browser's storage failed to do with the session, and the browser's own reason: keep it
 * (a reload will need a new sign-in), forget it (a reload may sign back in), read it back (sign in
 * again), or remove an expired one. The shell says it in words (src/features/session/session-words.ts).
 */
export interface StorageProblem {
  code: 'keep' | 'forget' | 'read' | 'remove-expired';
  reason: string;
}

interface SessionState {
  session: SignedInSession | null;
  /** A vault `cv_…` the trader acts as, or null for the account itself. */
  vault: string | null;
  restored: boolean;
  /**
   * Why this browser could not keep (or forget, or read back) the session, if it could not: the
   * session still works for this page, but a reload will not restore it (or may restore it after a
   * sign-out). Shown by the shell; null when storage did its job.
   */
  storageProblem: StorageProblem | null;
  signIn: (s: SignedInSession) => Promise<void>;
  signOut: () => Promise<void>;
  selectVault: (vault: string | null) => void;
  restore: () => Promise<void>;
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** One store for the session key, the token and its expiry. */
export const useSessionStore = create<SessionState>((set, get) => ({
  session: null,
  vault: null,
  restored: false,
  storageProblem: null,
  signIn: async (session) => {
    set({ session, vault: null, storageProblem: null });
    if (session.key.cryptoKeyPair) {
      const { chain, address, token, expiresAt } = session;
      await sessionPersistence
        .save({ chain, address, token, expiresAt, keyPair: session.key.cryptoKeyPair })
        .catch((e: unknown) => set({ storageProblem: { code: 'keep', reason: reason(e) } }));
    }
  },
  signOut: async () => {
    set({ session: null, vault: null, storageProblem: null });
    await sessionPersistence
      .clear()
      .catch((e: unknown) => set({ storageProblem: { code: 'forget', reason: reason(e) } }));
  },
  selectVault: (vault) => set({ vault }),
  restore: async () => {
    if (get().restored) return;
    const stored = await sessionPersistence.load().catch((e: unknown) => {
      set({ storageProblem: { code: 'read', reason: reason(e) } });
      return undefined;
    });
    if (stored && stored.expiresAt > Date.now()) {
      const key = await sessionKeyFromCryptoKeyPair(stored.keyPair);
      set({ session: { chain: stored.chain, address: stored.address, token: stored.token, expiresAt: stored.expiresAt, key } });
    } else if (stored) {
      // Expired: nothing to restore; a failure to delete it only leaves an unusable record behind.
      await sessionPersistence.clear().catch((e: unknown) => set({ storageProblem: { code: 'remove-expired', reason: reason(e) } }));
    }
    set({ restored: true });
  },
}));

export function isSessionLive(s: SignedInSession | null, now = Date.now()): s is SignedInSession {
  return s !== null && s.expiresAt > now;
}

/** Credentials for the API transport, or null when signed out or expired. */
export function currentCredentials(): Credentials | null {
  const { session } = useSessionStore.getState();
  return isSessionLive(session) ? { token: session.token, signer: session.key } : null;
}

/** The account id requests act as: the vault when one is selected, else `<chain>_<address>`. */
export function actingAccount(state: Pick<SessionState, 'session' | 'vault'>): string | null {
  if (!state.session) return null;
  return state.vault ?? `${state.session.chain}_${state.session.address}`;
}
