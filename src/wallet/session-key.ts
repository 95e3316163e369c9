import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import bs58 from 'bs58';
import type { BodySigner } from '../api/signing';

ed.hashes.sha512 = sha512;

/**
 * The temporary ed25519 key of a sign-in (spec §5.1): its base58 public key is the `requestId`,
 * and it signs every command body. Where WebCrypto has Ed25519 the private key is non-extractable,
 * so no page script can ever read it.
 */
export interface SessionKey extends BodySigner {
  requestId: string;
  publicKey: Uint8Array;
  /** True when the private key lives in WebCrypto and cannot be exported. */
  nonExtractable: boolean;
  /** The WebCrypto pair, kept so it can be stored in IndexedDB as an opaque handle. */
  cryptoKeyPair?: CryptoKeyPair;
}

async function fromCryptoKeyPair(pair: CryptoKeyPair): Promise<SessionKey> {
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return {
    requestId: bs58.encode(publicKey),
    publicKey,
    nonExtractable: !pair.privateKey.extractable,
    cryptoKeyPair: pair,
    sign: async (message) => new Uint8Array(await crypto.subtle.sign('Ed25519', pair.privateKey, message as BufferSource)),
  };
}

export function sessionKeyFromSecret(secret: Uint8Array): SessionKey {
  const publicKey = ed.getPublicKey(secret);
  return {
    requestId: bs58.encode(publicKey),
    publicKey,
    nonExtractable: false,
    sign: async (message) => ed.sign(message, secret),
  };
}

export async function createSessionKey(): Promise<SessionKey> {
  try {
    const pair = (await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair;
    return await fromCryptoKeyPair(pair);
  } catch {
    // No Ed25519 in this browser's WebCrypto: a key held in memory only, never persisted.
    return sessionKeyFromSecret(ed.utils.randomSecretKey());
  }
}

export { fromCryptoKeyPair as sessionKeyFromCryptoKeyPair };
