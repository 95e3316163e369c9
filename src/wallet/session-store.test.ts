import { afterEach, describe, expect, it } from 'vitest';
import { createSessionKey } from './session-key';
import { useSessionStore } from './session-store';

/** A browser whose IndexedDB refuses to open (Firefox private windows, blocked site data). */
function refusingIndexedDb() {
  (globalThis as { indexedDB?: unknown }).indexedDB = {
    open: () => {
      const req: { error?: DOMException; onerror?: () => void } = {};
      setTimeout(() => {
        req.error = new DOMException('The operation is insecure.', 'SecurityError');
        req.onerror?.();
      });
      return req;
    },
  };
}

afterEach(() => {
  delete (globalThis as { indexedDB?: unknown }).indexedDB;
  useSessionStore.setState({ session: null, vault: null, storageProblem: null, restored: false });
});

describe('the session store tells when this browser cannot keep the session', () => {
  it('signed in, but the session cannot be saved: it works now, and says a reload will ask again', async () => {
    refusingIndexedDb();
    const key = await createSessionKey();
    await useSessionStore.getState().signIn({ chain: 'bsc', address: '0xabc', token: 't', expiresAt: Date.now() + 60_000, key });
    expect(useSessionStore.getState().session?.token).toBe('t');
    expect(useSessionStore.getState().storageProblem).toEqual({ code: 'keep', reason: 'The operation is insecure.' });
  });

  it('signing out when the stored session cannot be deleted says a reload may sign back in', async () => {
    refusingIndexedDb();
    await useSessionStore.getState().signOut();
    expect(useSessionStore.getState().session).toBeNull();
    expect(useSessionStore.getState().storageProblem).toMatchObject({ code: 'forget' });
  });

  it('a saved session that cannot be read says so instead of silently signing out', async () => {
    refusingIndexedDb();
    await useSessionStore.getState().restore();
    expect(useSessionStore.getState().restored).toBe(true);
    expect(useSessionStore.getState().storageProblem).toMatchObject({ code: 'read' });
  });
});
