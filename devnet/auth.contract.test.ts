import bs58 from 'bs58';
import { SignJWT } from 'jose';
import nacl from 'tweetnacl';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client';
import type { ApiError } from '../src/api/errors';
import { createSessionKey } from '../src/wallet/session-key';
import { signIn } from '../src/wallet/sign-in';
import { SignInRefused, verifySignedData } from '../src/wallet/signed-data';
import { loginSignature, type WalletSigner } from '../src/wallet/wallet-signer';
import type { Devnet } from './devnet';
import { DEVNET_SIGNIN } from './devnet';
import { evmWallet, expectAudit, signedInTrader, startTestDevnet } from './test-support/harness';

let devnet: Devnet;
let clockOffset = 0;
const clock = () => Date.now() + clockOffset;

beforeAll(async () => {
  devnet = await startTestDevnet({ clock });
});
afterAll(() => devnet.close());
afterEach(() => expectAudit(devnet));

const bare = () => createApiClient({ urls: devnet.urls });

function solanaWallet(): WalletSigner {
  const kp = nacl.sign.keyPair();
  return {
    chain: 'solana',
    address: bs58.encode(kp.publicKey),
    publicKey: kp.publicKey,
    signBytes: async (m) => nacl.sign.detached(m, kp.secretKey),
  };
}

describe('auth service (spec §5.1)', () => {
  it('publishes an ES256 JWKS', async () => {
    const jwks = await bare().auth.certs();
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
  });

  it('signs in a BSC wallet with personal_sign and serves its balance', async () => {
    const t = await signedInTrader(devnet, evmWallet());
    expect(t.session.token.split('.')).toHaveLength(3);
    const bal = await t.api.user.queryBalance();
    expect(bal.equity).toMatch(/^\d/);
  });

  it('signs in a Solana wallet with the base64 JSON signature', async () => {
    const t = await signedInTrader(devnet, solanaWallet());
    expect(t.session.chain).toBe('solana');
    await expect(t.api.user.queryPositions()).resolves.toEqual([]);
  });

  it('the challenge carries the spec payload and a SIWE-style message', async () => {
    const key = await createSessionKey();
    const w = evmWallet();
    const prepared = await bare().auth.prepareSignin('bsc', { address: w.address, requestId: key.requestId });
    const { payload } = await verifySignedData(prepared.signedData, await bare().auth.certs(), {
      ...DEVNET_SIGNIN,
      requestId: key.requestId,
      address: w.address,
      chain: 'bsc',
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    expect(payload.message.startsWith(`${DEVNET_SIGNIN.domain} wants you to sign in with your Ethereum account:\n${w.address}`)).toBe(true);
    expect(payload.exp - payload.iat).toBe(180);
  });

  it('refuses a challenge for another domain before the wallet is asked', async () => {
    let asked = 0;
    const w = evmWallet();
    const counting: WalletSigner = { chain: 'bsc', address: w.address, personalSign: async (m) => (asked++, w.personalSign(m)) };
    const err = await signIn(bare(), counting, { expected: { domain: 'evil.example', uri: DEVNET_SIGNIN.uri } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignInRefused);
    expect(asked).toBe(0);
  });

  it('refuses a login signed by another address, a reused challenge and an expired one', async () => {
    const api = bare();
    const w = evmWallet();
    const other = evmWallet();
    const key = await createSessionKey();
    const prep = await api.auth.prepareSignin('bsc', { address: w.address, requestId: key.requestId });
    const claims = JSON.parse(Buffer.from(prep.signedData.split('.')[1]!, 'base64url').toString()) as { message: string };
    const wrong = await api.auth.login('bsc', { signature: await other.personalSign(claims.message), signedData: prep.signedData }).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ status: 401 });
    const good = await w.personalSign(claims.message);
    await expect(api.auth.login('bsc', { signature: good, signedData: prep.signedData })).resolves.toMatchObject({ chain: 'bsc' });
    const again = await api.auth.login('bsc', { signature: good, signedData: prep.signedData }).catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 401, message: expect.stringMatching(/already used/) });

    const prep2 = await api.auth.prepareSignin('bsc', { address: w.address, requestId: key.requestId });
    const claims2 = JSON.parse(Buffer.from(prep2.signedData.split('.')[1]!, 'base64url').toString()) as { message: string };
    clockOffset = 181_000;
    try {
      const late = await api.auth.login('bsc', { signature: await w.personalSign(claims2.message), signedData: prep2.signedData }).catch((e: unknown) => e);
      expect(late).toMatchObject({ status: 401, message: expect.stringMatching(/expired/) });
    } finally {
      clockOffset = 0;
    }
  });

  it('refuses a Solana signature whose input is not the challenge', async () => {
    const api = bare();
    const w = solanaWallet();
    const key = await createSessionKey();
    const prep = await api.auth.prepareSignin('solana', { address: w.address, requestId: key.requestId });
    const claims = JSON.parse(Buffer.from(prep.signedData.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const sig = await loginSignature(w, String(claims.message), { ...claims, nonce: 'other' });
    await expect(api.auth.login('solana', { signature: sig, signedData: prep.signedData })).rejects.toMatchObject({ status: 401 });
  });

  it('answers bad input with 400 and a reason', async () => {
    const api = bare();
    await expect(api.auth.prepareSignin('bsc', { address: 'not-an-address', requestId: 'x' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/address/) });
    const res = await fetch(`${devnet.urls.authUrl}/v1/offchain/prepare-signin?chain=tron`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, message: expect.stringMatching(/chain/) });
  });

  it('refuses an expired token, a token with alg none and one signed with another secret', async () => {
    const t = await signedInTrader(devnet);
    clockOffset = 8 * 86_400_000;
    try {
      await expect(t.api.user.queryBalance()).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/expired/) });
    } finally {
      clockOffset = 0;
    }
    const [, payload] = t.session.token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    t.setCredentials({ token: none, signer: t.session.key });
    await expect(t.api.user.queryBalance()).rejects.toMatchObject({ status: 401 });
    const forged = await new SignJWT(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-!!'));
    t.setCredentials({ token: forged, signer: t.session.key });
    const err = (await t.api.user.queryBalance().catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
  });
});
