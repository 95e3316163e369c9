import type { ApiClient } from '../api/client';
import { createSessionKey } from './session-key';
import type { SignedInSession } from './session-store';
import { verifySignedData } from './signed-data';
import { loginSignature, type WalletSigner } from './wallet-signer';

/** The app asks for 24 h tokens by default (decisions.md: shorter than the service's 7 days). */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 86_400;

export interface SignInOptions {
  expected: { domain: string; uri: string };
  expiresSeconds?: number;
  /** Server-aligned clock (ms). */
  now?: () => number;
  /** Shown to the trader before the wallet prompt: what they sign and why. */
  onMessage?: (message: string) => void;
}

/**
 * Spec §5.1: a fresh ed25519 session key, prepare-signin, verify the challenge against the JWKS,
 * the wallet signs the message, login. Returns the session; stores nothing itself.
 */
export async function signIn(api: ApiClient, wallet: WalletSigner, o: SignInOptions): Promise<SignedInSession> {
  const now = o.now ?? Date.now;
  const key = await createSessionKey();
  const [prepared, jwks] = await Promise.all([
    api.auth.prepareSignin(wallet.chain, { address: wallet.address, requestId: key.requestId }),
    api.auth.certs(),
  ]);
  const { payload, claims } = await verifySignedData(prepared.signedData, jwks, {
    requestId: key.requestId,
    address: wallet.address,
    chain: wallet.chain,
    domain: o.expected.domain,
    uri: o.expected.uri,
    nowSeconds: Math.floor(now() / 1000),
  });
  o.onMessage?.(payload.message);
  const signature = await loginSignature(wallet, payload.message, claims);
  const expiresSeconds = o.expiresSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
  const login = await api.auth.login(wallet.chain, { signature, signedData: prepared.signedData, expiresSeconds });
  return { chain: wallet.chain, address: login.address, token: login.token, expiresAt: now() + expiresSeconds * 1000, key };
}
