import { bytesToBase64 } from '../lib/base64';

/** A connected wallet as sign-in needs it: one per chain kind. */
export interface EvmWalletSigner {
  chain: 'bsc';
  address: string;
  personalSign(message: string): Promise<string>;
}
export interface SolanaWalletSigner {
  chain: 'solana';
  address: string;
  publicKey: Uint8Array;
  signBytes(message: Uint8Array): Promise<Uint8Array>;
}
export type WalletSigner = EvmWalletSigner | SolanaWalletSigner;

/**
 * The login `signature` (spec §5.1.4): BSC, the personal_sign hex; Solana, base64 of
 * JSON {input: <decoded payload>, output: {signedMessage, signature, account: {publicKey}}} as byte arrays.
 */
export async function loginSignature(wallet: WalletSigner, message: string, claims: Record<string, unknown>): Promise<string> {
  if (wallet.chain === 'bsc') return wallet.personalSign(message);
  const signedMessage = new TextEncoder().encode(message);
  const signature = await wallet.signBytes(signedMessage);
  const json = JSON.stringify({
    input: claims,
    output: {
      signedMessage: Array.from(signedMessage),
      signature: Array.from(signature),
      account: { publicKey: Array.from(wallet.publicKey) },
    },
  });
  return bytesToBase64(new TextEncoder().encode(json));
}
