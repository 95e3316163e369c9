import { jwtVerify, SignJWT } from 'jose';
import type { Chain } from '../../src/api/schemas';
import { unauthorized } from '../http/errors';

/** What the service knows from a valid access token. */
export interface TokenClaims {
  account: string;
  chain: Chain;
  address: string;
  /** base58 ed25519 public key of the session: every body signature must verify against it. */
  sessionKey: string;
  exp: number;
}

export async function issueAccessToken(secret: Uint8Array, c: Omit<TokenClaims, 'exp'>, lifetimeSeconds: number, nowSec: number): Promise<string> {
  return new SignJWT({ chain: c.chain, address: c.address, sk: c.sessionKey })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(c.account)
    .setIssuedAt(nowSec)
    .setExpirationTime(nowSec + lifetimeSeconds)
    .sign(secret);
}

/** Tokens already verified: their claims cannot change, only expire, so the HMAC is done once. */
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, TokenClaims>>();

/** Verifies signature, algorithm (HS256 only: `none` and others are refused) and expiry. */
export async function verifyAccessToken(secret: Uint8Array, token: string, nowSec: number): Promise<TokenClaims> {
  let verified = verifiedBySecret.get(secret);
  if (!verified) verifiedBySecret.set(secret, (verified = new Map()));
  const known = verified.get(token);
  if (known) {
    if (known.exp > nowSec) return known;
    verified.delete(token);
    throw unauthorized('access token expired: sign in again');
  }
  const claims = await verifyUncached(secret, token, nowSec);
  if (verified.size > 100_000) verified.clear();
  verified.set(token, claims);
  return claims;
}

async function verifyUncached(secret: Uint8Array, token: string, nowSec: number): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(nowSec * 1000) });
    const { sub, chain, address, sk, exp } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || (chain !== 'bsc' && chain !== 'solana') || typeof address !== 'string' || typeof sk !== 'string' || typeof exp !== 'number') {
      throw new Error('claims');
    }
    return { account: sub, chain, address, sessionKey: sk, exp };
  } catch (e) {
    const expired = e instanceof Error && 'code' in e && (e as { code?: string }).code === 'ERR_JWT_EXPIRED';
    throw unauthorized(expired ? 'access token expired: sign in again' : 'invalid access token');
  }
}

/** `Authorization: Bearer <token>` → the token, or a 401. */
export function bearerToken(header: string | string[] | undefined): string {
  if (typeof header !== 'string' || !header.startsWith('Bearer ') || header.length < 10) {
    throw unauthorized('missing Authorization: Bearer <token>');
  }
  return header.slice(7).trim();
}
