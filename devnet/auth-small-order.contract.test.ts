import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client';
import { createSessionKey } from '../src/wallet/session-key';
import { loginSignature, type SolanaWalletSigner } from '../src/wallet/wallet-signer';
import type { Devnet } from './devnet';
import { expectAudit, signedInTrader, startTestDevnet } from './test-support/harness';
import { walletSignatureProblem } from './auth/wallet-signature';

ed.hashes.sha512 = sha512;

/**
 * Every encoding of the 8 points of small order (libsodium's blocklist): the canonical ones first,
 * then the non-canonical ones (x = 0 with the sign bit set, y ≥ p).
 */
const SMALL_ORDER_HEX = [
  '0100000000000000000000000000000000000000000000000000000000000000', // identity (order 1)
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // order 2
  '0000000000000000000000000000000000000000000000000000000000000000', // order 4 (base58 "1111…1")
  '0000000000000000000000000000000000000000000000000000000000000080', // order 4
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a', // order 8
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa', // order 8
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05', // order 8
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85', // order 8
  '0100000000000000000000000000000000000000000000000000000000000080', // identity, x = 0 with sign bit
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', // order 2, x = 0 with sign bit
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // y = p + 1 (identity)
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', // y = p + 1, sign bit
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // y = p (order 4)
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', // y = p, other sign
];
const smallOrderKeys = SMALL_ORDER_HEX.map((h) => ed.etc.hexToBytes(h));
const IDENTITY = smallOrderKeys[0]!;
/** R = the identity point, S = 0: under a cofactored check this "signs" anything for a small-order key. */
const FORGED = new Uint8Array(64).fill(0).map((_, i) => IDENTITY[i] ?? 0);

function forgedWallet(publicKey: Uint8Array): SolanaWalletSigner {
  return { chain: 'solana', address: bs58.encode(publicKey), publicKey, signBytes: async () => FORGED };
}

function solanaWallet(): SolanaWalletSigner {
  const kp = nacl.sign.keyPair();
  return { chain: 'solana', address: bs58.encode(kp.publicKey), publicKey: kp.publicKey, signBytes: async (m) => nacl.sign.detached(m, kp.secretKey) };
}

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(() => devnet.close());
afterEach(() => expectAudit(devnet));

describe('Solana sign-in with a small-order public key (issue #13 item 5)', () => {
  it('the list holds all 8 small-order points, each a valid (lenient) encoding', () => {
    const points = smallOrderKeys.map((k) => ed.Point.fromBytes(k, true));
    for (const p of points) expect(p.isSmallOrder()).toBe(true);
    expect(new Set(points.map((p) => p.toHex())).size).toBe(8);
    expect(bs58.encode(smallOrderKeys[2]!)).toBe('11111111111111111111111111111111');
  });

  it('prepare-signin refuses every small-order key with 400 and login with R = identity, S = 0 issues no token', async () => {
    const api = createApiClient({ urls: devnet.urls });
    const key = await createSessionKey();
    for (const pub of smallOrderKeys) {
      const address = bs58.encode(pub);
      const res = await fetch(`${devnet.urls.authUrl}/v1/offchain/prepare-signin?chain=solana`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address, requestId: key.requestId }),
      });
      const answer = (await res.json()) as { signedData?: string; code?: number; message?: string };
      let token: string | undefined;
      if (answer.signedData) {
        // The service handed out a challenge: the attacker signs it without any key.
        const claims = JSON.parse(Buffer.from(answer.signedData.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
        const signature = await loginSignature(forgedWallet(pub), String(claims.message), claims);
        const login = await api.auth.login('solana', { signature, signedData: answer.signedData }).catch((e: unknown) => e);
        token = (login as { token?: string }).token;
      }
      expect(token, `a token was issued for small-order key ${address}`).toBeUndefined();
      expect(res.status, address).toBe(400);
      expect(answer).toMatchObject({ code: 400, message: expect.stringMatching(/small-order/) });
    }
  });

  it('a real Solana key still signs in', async () => {
    const t = await signedInTrader(devnet, solanaWallet());
    expect(t.session.chain).toBe('solana');
    await expect(t.api.user.queryPositions()).resolves.toEqual([]);
  });
});

describe('the login signature check is strict (RFC 8032, non-cofactored)', () => {
  const message = 'devnet.local wants you to sign in with your Solana account:\n…';
  const payloadFor = (address: string) => ({ address, message }) as Parameters<typeof walletSignatureProblem>[1];
  const signatureJson = (claims: Record<string, unknown>, pub: Uint8Array, sig: Uint8Array) =>
    Buffer.from(
      JSON.stringify({
        input: claims,
        output: { signedMessage: Array.from(new TextEncoder().encode(message)), signature: Array.from(sig), account: { publicKey: Array.from(pub) } },
      }),
    ).toString('base64');

  it('refuses R = identity, S = 0 for every small-order key at login', async () => {
    for (const pub of smallOrderKeys) {
      const claims = { address: bs58.encode(pub), message };
      const problem = await walletSignatureProblem('solana', payloadFor(claims.address), signatureJson(claims, pub, FORGED), claims);
      expect(problem, ed.etc.bytesToHex(pub)).toMatch(/small-order/);
    }
  });

  it('refuses a real key signature whose R is shifted by a small-order point (passes only a cofactored check)', async () => {
    const secret = ed.utils.randomSecretKey();
    const { scalar, pointBytes: pub } = ed.utils.getExtendedPublicKey(secret);
    const msg = new TextEncoder().encode(message);
    const N = ed.Point.CURVE().n;
    const le = (b: Uint8Array) => BigInt(`0x${ed.etc.bytesToHex(Uint8Array.from(b).reverse()) || '0'}`);
    const toLe = (n: bigint) => Uint8Array.from(ed.etc.hexToBytes(n.toString(16).padStart(64, '0')).reverse());
    const r = 123456789n;
    const torsion = ed.Point.fromBytes(smallOrderKeys[4]!); // order 8
    const R = ed.Point.BASE.multiply(r).add(torsion).toBytes();
    const k = ed.etc.mod(le(sha512(ed.etc.concatBytes(R, pub, msg))), N);
    const S = ed.etc.mod(r + k * scalar, N);
    const sig = ed.etc.concatBytes(R, toLe(S));
    // The library's own strict mode still uses the cofactored equation and accepts this.
    expect(ed.verify(sig, msg, pub, { zip215: false })).toBe(true);
    const claims = { address: bs58.encode(pub), message };
    expect(await walletSignatureProblem('solana', payloadFor(claims.address), signatureJson(claims, pub, sig), claims)).toMatch(/does not match/);
    // … while the honest signature of the same key still verifies.
    const honest = ed.sign(msg, secret);
    expect(await walletSignatureProblem('solana', payloadFor(claims.address), signatureJson(claims, pub, honest), claims)).toBeNull();
  });
});
