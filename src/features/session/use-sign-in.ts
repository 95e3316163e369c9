import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi, useServiceConfig } from '../../api/react';
import { signIn, DEFAULT_TOKEN_LIFETIME_SECONDS } from '../../wallet/sign-in';
import { useSessionStore } from '../../wallet/session-store';
import type { WalletSigner } from '../../wallet/wallet-signer';

/** Signs a wallet in (spec §5.1) and stores the session; exposes the message being signed. */
export function useSignIn() {
  const api = useApi();
  const config = useServiceConfig();
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ wallet, lifetimeSeconds }: { wallet: WalletSigner; lifetimeSeconds?: number }) => {
      setMessage(null);
      const session = await signIn(api, wallet, {
        expected: { domain: config.signinDomain, uri: config.signinUri },
        expiresSeconds: lifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
        now: api.transport.now.bind(api.transport),
        onMessage: setMessage,
      });
      await useSessionStore.getState().signIn(session);
      return session;
    },
  });
  return { ...mutation, message };
}
