import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Jwks } from '../api/schemas';
import { SignInRefused, verifySignedData } from './signed-data';

const ADDRESS = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
const NOW = 1_800_000_000;
const expectations = { requestId: 'req-1', address: ADDRESS.toLowerCase(), chain: 'bsc' as const, domain: 'devnet.perps.local', uri: 'https://devnet.perps.local', nowSeconds: NOW };

function claims(over: Record<string, unknown> = {}) {
  return {
    domain: 'devnet.perps.local',
    uri: 'https://devnet.perps.local',
    statement: 'Sign in',
    version: '1',
    chainId: 56,
    nonce: 'n0nce',
    address: ADDRESS,
    requestId: 'req-1',
    issuedAt: new Date(NOW * 1000).toISOString(),
    message: `devnet.perps.local wants you to sign in with your Ethereum account:\n${ADDRESS}\nNonce: n0nce`,
    iat: NOW - 10,
    exp: NOW + 170,
    ...over,
  };
}

/** The service's key pair and its published JWKS, as GET /v1/offchain/certs would answer. */
async function service(kid = 'k1') {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  const jwks = { keys: [{ kty: 'EC', crv: 'P-256', alg: 'ES256', kid, x: jwk.x!, y: jwk.y! }] } as Jwks;
  const sign = (c: Record<string, unknown>, header: { alg?: string; kid?: string } = {}) =>
    new SignJWT(c).setProtectedHeader({ alg: 'ES256', kid, ...header }).sign(privateKey);
  return { jwks, sign };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(SignInRefused);
  return (e as Error).message;
}

describe('the sign-in challenge check (decisions.md "Sign-in")', () => {
  it('accepts the service’s challenge and returns every claim as issued', async () => {
    const s = await service();
    const { payload, claims: all } = await verifySignedData(await s.sign(claims()), s.jwks, expectations);
    expect(payload.nonce).toBe('n0nce');
    expect(all.iat).toBe(NOW - 10);
  });

  it('refuses a challenge signed by another key under the service’s kid', async () => {
    const s = await service();
    const forger = await service();
    expect(await refusal(verifySignedData(await forger.sign(claims()), s.jwks, expectations))).toBe('The sign-in challenge signature is not the service’s.');
  });

  it('refuses a key id the service does not publish, and a challenge without one', async () => {
    const s = await service();
    const other = await service('k2');
    expect(await refusal(verifySignedData(await other.sign(claims()), s.jwks, expectations))).toMatch(/a key the service does not publish/);
    const bare = await s.sign(claims(), { kid: undefined as unknown as string });
    expect(await refusal(verifySignedData(bare, s.jwks, expectations))).toMatch(/a key the service does not publish/);
  });

  it('refuses another algorithm, naming it', async () => {
    const s = await service();
    const [, p] = (await s.sign(claims())).split('.');
    const hs = `${Buffer.from(JSON.stringify({ alg: 'HS256', kid: 'k1' })).toString('base64url')}.${p}.c2ln`;
    expect(await refusal(verifySignedData(hs, s.jwks, expectations))).toBe('The sign-in challenge uses HS256, not ES256.');
  });

  it('reads expiry on the server clock it is given, not the browser’s', async () => {
    const s = await service();
    const jwt = await s.sign(claims({ exp: NOW }));
    expect(await refusal(verifySignedData(jwt, s.jwks, expectations))).toBe('The sign-in challenge has expired. Try again.');
    // The same challenge one second earlier on the server's clock is still good.
    await expect(verifySignedData(jwt, s.jwks, { ...expectations, nowSeconds: NOW - 1 })).resolves.toBeTruthy();
  });

  it('refuses what is not a JWT, and a challenge for another session, wallet, domain or uri', async () => {
    const s = await service();
    expect(await refusal(verifySignedData('abc', s.jwks, expectations))).toBe('The sign-in challenge is not a JWT.');
    expect(await refusal(verifySignedData('a.b.c', s.jwks, expectations))).toBe('The sign-in challenge cannot be decoded.');
    const jwt = await s.sign(claims());
    expect(await refusal(verifySignedData(jwt, s.jwks, { ...expectations, requestId: 'other' }))).toMatch(/another session key/);
    expect(await refusal(verifySignedData(jwt, s.jwks, { ...expectations, address: '0x0000000000000000000000000000000000000001' }))).toMatch(/another wallet address/);
    expect(await refusal(verifySignedData(jwt, s.jwks, { ...expectations, domain: 'app.example' }))).toBe('The sign-in challenge is for devnet.perps.local, not app.example.');
    expect(await refusal(verifySignedData(jwt, s.jwks, { ...expectations, uri: 'https://app.example' }))).toMatch(/points to https:\/\/devnet.perps.local/);
  });

  it('carries why as a problem code the sign-in dialog puts in words', async () => {
    const s = await service();
    const problem = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof SignInRefused ? e.problem : e),
      );
    expect(await problem(verifySignedData('abc', s.jwks, expectations))).toEqual({ code: 'not-a-jwt' });
    const jwt = await s.sign(claims());
    expect(await problem(verifySignedData(jwt, s.jwks, { ...expectations, domain: 'other.example' }))).toEqual({
      code: 'other-domain',
      domain: 'devnet.perps.local',
      expected: 'other.example',
    });
    expect(await problem(verifySignedData(await s.sign(claims({ exp: NOW - 1 })), s.jwks, expectations))).toEqual({ code: 'expired' });
  });
});
