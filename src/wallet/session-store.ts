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

interface SessionState {
  session: SignedInSession | null;
  /** A vault `cv_…` the trader acts as, or null for the account itself. */
  vault: string | null;
  restored: boolean;
  signIn: (s: SignedInSession) => Promise<void>;
  signOut: () => Promise<void>;
  selectVault: (vault: string | null) => void;
  restore: () => Promise<void>;
}

/** One store for the session key, the token and its expiry. */
export const useSessionStore = create<SessionState>((set, get) => ({
  session: null,
  vault: null,
  restored: false,
  signIn: async (session) => {
    set({ session, vault: null });
    if (session.key.cryptoKeyPair) {
      const { chain, address, token, expiresAt } = session;
      await sessionPersistence.save({ chain, address, token, expiresAt, keyPair: session.key.cryptoKeyPair }).catch(() => undefined);
    }
  },
  signOut: async () => {
    set({ session: null, vault: null });
    await sessionPersistence.clear().catch(() => undefined);
  },
  selectVault: (vault) => set({ vault }),
  restore: async () => {
    if (get().restored) return;
    const stored = await sessionPersistence.load().catch(() => undefined);
    if (stored && stored.expiresAt > Date.now()) {
      const key = await sessionKeyFromCryptoKeyPair(stored.keyPair);
      set({ session: { chain: stored.chain, address: stored.address, token: stored.token, expiresAt: stored.expiresAt, key } });
    } else if (stored) {
      await sessionPersistence.clear().catch(() => undefined);
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
