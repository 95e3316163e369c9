import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { jwtVerify, SignJWT } from 'jose';
import { loginBody, prepareSigninBody, signedDataPayload, type Chain, type SignedDataPayload } from '../../src/api/schemas';
import { badRequest, unauthorized } from '../http/errors';
import { parseBody, parseValue } from '../http/parse';
import { json, Router } from '../http/server';
import { issueAccessToken } from './access-token';
import type { AuthKeys } from './keys';
import { signinMessage } from './signin-message';
import { UsedChallenges } from './used-challenges';
import { isSmallOrderPublicKey, walletSignatureProblem } from './wallet-signature';

export interface AuthServiceOptions {
  keys: AuthKeys;
  /** domain and uri the challenge names; the app checks them before asking the wallet to sign. */
  domain: string;
  uri: string;
  /**
   * `Chain ID` of a bsc challenge (message and payload): the public chain, 56, whatever chain the
   * devnet's local EVM runs (decisions.md "Sign-in"); withdrawals alone name the local chain.
   */
  bscSigninChainId?: number;
  challengeSeconds?: number;
  now: () => number;
  /** Called on every successful login (the devnet opens accounts and seeds a vault). */
  onLogin?: (account: string) => void;
  /** Spent challenges, kept until they expire (durable in the devnet, so a login cannot be replayed after a restart). */
  usedChallenges?: UsedChallenges;
}

export const DEFAULT_TOKEN_SECONDS = 604_800;
export const MAX_TOKEN_SECONDS = 604_800;
/** Solana challenges carry chainId 0: the spec's payload needs an int and Solana has no EVM chain id. */
export const SOLANA_CHAIN_ID = 0;
/** bsc challenges name BNB Smart Chain mainnet, as the public service's do (decisions.md "Sign-in"). */
export const BSC_SIGNIN_CHAIN_ID = 56;

const chainOf = (q: URLSearchParams): Chain => {
  const c = q.get('chain');
  if (c !== 'bsc' && c !== 'solana') throw badRequest('query parameter "chain" must be bsc or solana');
  return c;
};

function checkAddress(chain: Chain, address: string): string {
  if (chain === 'bsc') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw badRequest('address must be a 0x-prefixed 20-byte EVM address');
    return address;
  }
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(address);
  } catch {
    throw badRequest('address must be a base58 Solana public key');
  }
  if (bytes.length !== 32) throw badRequest('address must be a 32-byte Solana public key');
  if (isSmallOrderPublicKey(bytes)) throw badRequest('address is a small-order ed25519 point, not a public key anyone holds the secret of: refused');
  return address;
}

/** `<chain>_<address>`: EVM addresses lower-cased so checksum casing never splits an account. */
export function accountId(chain: Chain, address: string): string {
  return `${chain}_${chain === 'bsc' ? address.toLowerCase() : address}`;
}

/** Spec §5.1: prepare-signin, certs, login. */
export function authRoutes(o: AuthServiceOptions): Router {
  const ttl = o.challengeSeconds ?? 180;
  const nowSec = () => Math.floor(o.now() / 1000);
  const usedChallenges = o.usedChallenges ?? new UsedChallenges(nowSec);

  return new Router()
    .get('/v1/offchain/certs', () => json({ keys: [o.keys.publicJwk] }))
    .post('/v1/offchain/prepare-signin', async (req) => {
      const chain = chainOf(req.query);
      const body = parseBody(req.body, prepareSigninBody);
      const address = checkAddress(chain, body.address);
      let requestKey: Uint8Array;
      try {
        requestKey = bs58.decode(body.requestId);
      } catch {
        throw badRequest('requestId must be the base58 ed25519 public key of the session');
      }
      if (requestKey.length !== 32) throw badRequest('requestId must be a 32-byte ed25519 public key in base58');
      const iat = nowSec();
      const fields = {
        domain: o.domain,
        uri: o.uri,
        statement: 'Sign in to trade perpetual futures. This request will not trigger a blockchain transaction or cost any gas fees.',
        version: '1',
        chainId: chain === 'bsc' ? (o.bscSigninChainId ?? BSC_SIGNIN_CHAIN_ID) : SOLANA_CHAIN_ID,
        nonce: randomBytes(12).toString('hex'),
        address,
        requestId: body.requestId,
        issuedAt: new Date(iat * 1000).toISOString(),
      };
      const payload: Omit<SignedDataPayload, 'exp' | 'iat'> = { ...fields, message: signinMessage(chain, fields) };
      const signedData = await new SignJWT({ ...payload, chain })
        .setProtectedHeader({ alg: 'ES256', kid: o.keys.kid, typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttl)
        .sign(o.keys.privateKey);
      return json({ success: true, signedData });
    })
    .post('/v1/offchain/login', async (req) => {
      const chain = chainOf(req.query);
      const body = parseBody(req.body, loginBody);
      if (body.expiresSeconds !== undefined && body.expiresSeconds > MAX_TOKEN_SECONDS) {
        throw badRequest(`expiresSeconds must be at most ${MAX_TOKEN_SECONDS}`);
      }
      let claims: Record<string, unknown>;
      try {
        const verified = await jwtVerify(body.signedData, o.keys.publicKey, { algorithms: ['ES256'], currentDate: new Date(o.now()) });
        claims = verified.payload as Record<string, unknown>;
      } catch (e) {
        const expired = e instanceof Error && (e as { code?: string }).code === 'ERR_JWT_EXPIRED';
        throw unauthorized(expired ? 'sign-in challenge expired: request a new one' : 'signedData is not a challenge issued by this service');
      }
      if (claims.chain !== chain) throw unauthorized(`challenge was issued for chain ${String(claims.chain)}, not ${chain}`);
      const { chain: _c, ...rest } = claims;
      const payload = parseValue(rest, signedDataPayload, 'signedData');
      const now = nowSec();
      // Claimed before the first await, so two logins racing with one challenge cannot both pass;
      // released again when the signature does not verify (the challenge stays usable by its owner),
      // and on disk before the token is issued (a captured login stays refused after a restart).
      if (!usedChallenges.claim(payload.nonce, payload.exp)) throw unauthorized('sign-in challenge already used: request a new one');
      const problem = await walletSignatureProblem(chain, payload, body.signature, claims).catch(() => 'signature could not be verified');
      if (problem) {
        usedChallenges.release(payload.nonce);
        throw unauthorized(problem);
      }
      usedChallenges.commit(payload.nonce, payload.exp);
      const account = accountId(chain, payload.address);
      const token = await issueAccessToken(
        o.keys.tokenSecret,
        { account, chain, address: payload.address, sessionKey: payload.requestId },
        body.expiresSeconds ?? DEFAULT_TOKEN_SECONDS,
        now,
      );
      o.onLogin?.(account);
      return json({ token, address: payload.address, alias: `${payload.address.slice(0, 6)}…${payload.address.slice(-4)}`, chain, perpsAlpha: true });
    });
}
