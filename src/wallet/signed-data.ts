import { signedDataPayload, type Jwks, type SignedDataPayload } from '../api/schemas';
import { base64UrlToBytes } from '../lib/base64';

/** Why the app refused to ask the wallet to sign: the challenge is not what it must be. */
export class SignInRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInRefused';
  }
}

export interface ChallengeExpectations {
  requestId: string;
  address: string;
  chain: 'bsc' | 'solana';
  domain: string;
  uri: string;
  nowSeconds: number;
}

export interface VerifiedChallenge {
  payload: SignedDataPayload;
  /** Every claim exactly as issued (the Solana login echoes them as `input`). */
  claims: Record<string, unknown>;
}

const decodeJson = (part: string): unknown => JSON.parse(new TextDecoder().decode(base64UrlToBytes(part)));

/**
 * decisions.md "Sign-in": verify signedData (ES256) with the JWKS key whose `kid` matches, then check
 * exp, requestId, address, domain and uri before the wallet is asked for anything. `chainId` is not
 * compared with the configured EVM chain: a bsc challenge says 56 (the public chain) on the devnet
 * too, whose local EVM (31337) is the withdraw chain, not the sign-in one.
 */
export async function verifySignedData(signedData: string, jwks: Jwks, expect: ChallengeExpectations): Promise<VerifiedChallenge> {
  const parts = signedData.split('.');
  if (parts.length !== 3) throw new SignInRefused('The sign-in challenge is not a JWT.');
  const [h, p, s] = parts as [string, string, string];
  let header: { alg?: unknown; kid?: unknown };
  let claims: Record<string, unknown>;
  try {
    header = decodeJson(h) as typeof header;
    claims = decodeJson(p) as Record<string, unknown>;
  } catch {
    throw new SignInRefused('The sign-in challenge cannot be decoded.');
  }
  if (header.alg !== 'ES256') throw new SignInRefused(`The sign-in challenge uses ${String(header.alg)}, not ES256.`);
  const jwk = jwks.keys.find((k) => k.kid === header.kid);
  if (!jwk) throw new SignInRefused('The sign-in challenge is signed with a key the service does not publish.');
  const key = await crypto.subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const valid = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    base64UrlToBytes(s) as BufferSource,
    new TextEncoder().encode(`${h}.${p}`) as BufferSource,
  );
  if (!valid) throw new SignInRefused('The sign-in challenge signature is not the service’s.');
  const parsed = signedDataPayload.safeParse(claims);
  if (!parsed.success) throw new SignInRefused(`The sign-in challenge lacks ${parsed.error.issues[0]?.path.join('.') ?? 'fields'}.`);
  const payload = parsed.data;
  if (payload.exp <= expect.nowSeconds) throw new SignInRefused('The sign-in challenge has expired. Try again.');
  if (payload.requestId !== expect.requestId) throw new SignInRefused('The sign-in challenge is for another session key.');
  const sameAddress =
    expect.chain === 'bsc' ? payload.address.toLowerCase() === expect.address.toLowerCase() : payload.address === expect.address;
  if (!sameAddress) throw new SignInRefused('The sign-in challenge names another wallet address.');
  if (payload.domain !== expect.domain) throw new SignInRefused(`The sign-in challenge is for ${payload.domain}, not ${expect.domain}.`);
  if (payload.uri !== expect.uri) throw new SignInRefused(`The sign-in challenge points to ${payload.uri}, not ${expect.uri}.`);
  if (!payload.message.includes(payload.address) || !payload.message.includes(payload.nonce)) {
    throw new SignInRefused('The message to sign does not match the challenge.');
  }
  return { payload, claims };
}
