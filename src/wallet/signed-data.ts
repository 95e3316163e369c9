import type * as Jose from 'jose';
import { signedDataPayload, type Jwks, type SignedDataPayload } from '../api/schemas';

/**
 * Why the challenge is not what it must be, as data: the sign-in dialog says it in the trader's
 * language (src/features/session/session-words.ts). The values are the service's own (a claim name,
 * an algorithm, a domain), shown as they are.
 */
export type SignInProblem =
  | { code: 'bad-signature' }
  | { code: 'expired' }
  | { code: 'unknown-key' }
  | { code: 'invalid-claim'; claim: string }
  | { code: 'undecodable' }
  | { code: 'not-a-jwt' }
  | { code: 'algorithm'; alg: string }
  | { code: 'missing-field'; field: string }
  | { code: 'other-session' }
  | { code: 'other-address' }
  | { code: 'other-domain'; domain: string; expected: string }
  | { code: 'other-uri'; uri: string; expected: string }
  | { code: 'message-mismatch' };

/**
 * Why the app refused to ask the wallet to sign: the challenge is not what it must be. `message` is
 * an English diagnostic (logs, the devnet's tests); the screen shows `problem` in words.
 */
export class SignInRefused extends Error {
  readonly problem: SignInProblem;
  constructor(problem: SignInProblem, message: string) {
    super(message);
    this.name = 'SignInRefused';
    this.problem = problem;
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

/** jose's refusals in the trader's words; anything else it throws means the token is malformed. */
function refusal(errors: typeof Jose.errors, e: unknown): SignInRefused {
  if (e instanceof errors.JWSSignatureVerificationFailed) return new SignInRefused({ code: 'bad-signature' }, 'The sign-in challenge signature is not the service’s.');
  if (e instanceof errors.JWTExpired) return new SignInRefused({ code: 'expired' }, 'The sign-in challenge has expired. Try again.');
  if (e instanceof errors.JWKSNoMatchingKey || e instanceof errors.JWKSMultipleMatchingKeys) {
    return new SignInRefused({ code: 'unknown-key' }, 'The sign-in challenge is signed with a key the service does not publish.');
  }
  if (e instanceof errors.JWTClaimValidationFailed) return new SignInRefused({ code: 'invalid-claim', claim: e.claim }, `The sign-in challenge lacks a valid ${e.claim}.`);
  return new SignInRefused({ code: 'undecodable' }, 'The sign-in challenge cannot be decoded.');
}

/**
 * decisions.md "Sign-in": verify signedData (ES256) with the JWKS key whose `kid` matches, then check
 * exp, requestId, address, domain and uri before the wallet is asked for anything. `exp` is read on
 * the server-aligned clock (`nowSeconds`), not the browser's. `chainId` is not compared with the
 * configured EVM chain: a bsc challenge says 56 (the public chain) on the devnet too, whose local EVM
 * (31337) is the withdraw chain, not the sign-in one.
 */
export async function verifySignedData(signedData: string, jwks: Jwks, expect: ChallengeExpectations): Promise<VerifiedChallenge> {
  if (signedData.split('.').length !== 3) throw new SignInRefused({ code: 'not-a-jwt' }, 'The sign-in challenge is not a JWT.');
  // jose loads only when someone signs in, not with the first page.
  const { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify } = await import('jose');
  let header: Jose.ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(signedData);
  } catch {
    throw new SignInRefused({ code: 'undecodable' }, 'The sign-in challenge cannot be decoded.');
  }
  // Named before jose's own refusal, which would not say which algorithm was offered.
  if (header.alg !== 'ES256') throw new SignInRefused({ code: 'algorithm', alg: String(header.alg) }, `The sign-in challenge uses ${String(header.alg)}, not ES256.`);
  // A challenge without a kid is refused, even though jose would try the only key the JWKS holds.
  if (typeof header.kid !== 'string') throw new SignInRefused({ code: 'unknown-key' }, 'The sign-in challenge is signed with a key the service does not publish.');
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(signedData, createLocalJWKSet(jwks as Jose.JSONWebKeySet), {
      algorithms: ['ES256'],
      currentDate: new Date(expect.nowSeconds * 1000),
    }));
  } catch (e) {
    throw refusal(errors, e);
  }
  const parsed = signedDataPayload.safeParse(claims);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? 'fields';
    throw new SignInRefused({ code: 'missing-field', field }, `The sign-in challenge lacks ${field}.`);
  }
  const payload = parsed.data;
  // jose checks exp only when the claim is there; the challenge must carry one.
  if (payload.exp <= expect.nowSeconds) throw new SignInRefused({ code: 'expired' }, 'The sign-in challenge has expired. Try again.');
  if (payload.requestId !== expect.requestId) throw new SignInRefused({ code: 'other-session' }, 'The sign-in challenge is for another session key.');
  const sameAddress =
    expect.chain === 'bsc' ? payload.address.toLowerCase() === expect.address.toLowerCase() : payload.address === expect.address;
  if (!sameAddress) throw new SignInRefused({ code: 'other-address' }, 'The sign-in challenge names another wallet address.');
  if (payload.domain !== expect.domain) throw new SignInRefused({ code: 'other-domain', domain: payload.domain, expected: expect.domain }, `The sign-in challenge is for ${payload.domain}, not ${expect.domain}.`);
  if (payload.uri !== expect.uri) throw new SignInRefused({ code: 'other-uri', uri: payload.uri, expected: expect.uri }, `The sign-in challenge points to ${payload.uri}, not ${expect.uri}.`);
  if (!payload.message.includes(payload.address) || !payload.message.includes(payload.nonce)) {
    throw new SignInRefused({ code: 'message-mismatch' }, 'The message to sign does not match the challenge.');
  }
  return { payload, claims };
}
