import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

/** The auth service's keys: ES256 for signedData (published as JWKS) and the HS256 token secret. */
export interface AuthKeys {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  tokenSecret: Uint8Array;
}

interface StoredKeys {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
  tokenSecret: string;
}

async function fromStored(s: StoredKeys): Promise<AuthKeys> {
  return {
    kid: s.kid,
    publicJwk: s.publicJwk,
    privateKey: (await importJWK(s.privateJwk, 'ES256')) as CryptoKey,
    publicKey: (await importJWK(s.publicJwk, 'ES256')) as CryptoKey,
    tokenSecret: Buffer.from(s.tokenSecret, 'base64'),
  };
}

/** Loads the keys from `file`, or makes and saves new ones, so tokens survive a devnet restart. */
export async function loadOrCreateAuthKeys(file: string | null): Promise<AuthKeys> {
  if (file && existsSync(file)) return fromStored(JSON.parse(readFileSync(file, 'utf8')) as StoredKeys);
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  const stored: StoredKeys = {
    kid,
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'ES256' },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
    tokenSecret: randomBytes(32).toString('base64'),
  };
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return fromStored(stored);
}
