import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi, useServiceConfig } from '../../api/react';
import { signIn, DEFAULT_TOKEN_LIFETIME_SECONDS } from '../../wallet/sign-in';
import { useSessionStore } from '../../wallet/session-store';
import type { WalletSigner } from '../../wallet/wallet-signer';

let stopWatching: (() => void) | null = null;

/**
 * Sign out when the wallet switches to another account (EIP-1193 accountsChanged, which wagmi
 * turns into a connection change): the session key was authorized for the old one only.
 */
export function watchWalletAccount(watch: (onChange: (address: string | null) => void) => () => void) {
  stopWatching?.();
  stopWatching = watch((address) => {
    const session = useSessionStore.getState().session;
    if (session && session.address.toLowerCase() !== (address ?? '').toLowerCase()) {
      stopWatching?.();
      stopWatching = null;
      void useSessionStore.getState().signOut();
    }
  });
}

/** Signs a wallet in (spec §5.1) and stores the session; exposes the message being signed. */
export function useSignIn() {
  const api = useApi();
  const config = useServiceConfig();
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ wallet, lifetimeSeconds }: { wallet: WalletSigner; lifetimeSeconds?: number }) => {
      setMessage(null);
      const before = useSessionStore.getState();
      const session = await signIn(api, wallet, {
        expected: { domain: config.signinDomain, uri: config.signinUri },
        expiresSeconds: lifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
        now: api.transport.now.bind(api.transport),
        onMessage: setMessage,
      });
      const store = useSessionStore.getState();
      await store.signIn(session);
      // Re-sign-in of the same account keeps acting as the vault it was acting as.
      const sameAccount = before.session && before.session.address.toLowerCase() === session.address.toLowerCase();
      if (sameAccount && before.vault) store.selectVault(before.vault);
      return session;
    },
  });
  return { ...mutation, message };
}
