/**
 * Issue #14 items 8 and 9: the sign-in challenge and the Solana login answer the way the public
 * service does (decisions.md "Sign-in"). Driven with the app's own client, sign-in and verifier;
 * the Solana `signature` JSON is built by hand only where a public client builds it differently
 * from the app (an `input` with the core fields only) or where an attacker would.
 */
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client';
import type { Chain } from '../src/api/schemas';
import { createSessionKey } from '../src/wallet/session-key';
import { signIn } from '../src/wallet/sign-in';
import { verifySignedData } from '../src/wallet/signed-data';
import { loginSignature, type SolanaWalletSigner } from '../src/wallet/wallet-signer';
import { DEVNET_SIGNIN, type Devnet } from './devnet';
import { evmWallet, expectAudit, signedInTrader, startTestDevnet } from './test-support/harness';

const LOCAL_EVM_CHAIN_ID = 31337;

let devnet: Devnet;
beforeAll(async () => {
  // The local EVM chain id is what withdrawals are signed for; sign-in must not follow it.
  devnet = await startTestDevnet({ evmChainId: LOCAL_EVM_CHAIN_ID });
});
afterAll(() => devnet.close());
afterEach(() => expectAudit(devnet));

const bare = () => createApiClient({ urls: devnet.urls });

function solanaWallet(): SolanaWalletSigner & { secretKey: Uint8Array } {
  const kp = nacl.sign.keyPair();
  return {
    chain: 'solana',
    address: bs58.encode(kp.publicKey),
    publicKey: kp.publicKey,
    secretKey: kp.secretKey,
    signBytes: async (m) => nacl.sign.detached(m, kp.secretKey),
  };
}

/** A fresh challenge for `address`, verified by the app's own check as the app would before signing. */
async function challenge(chain: Chain, address: string) {
  const api = bare();
  const key = await createSessionKey();
  const prepared = await api.auth.prepareSignin(chain, { address, requestId: key.requestId });
  const verified = await verifySignedData(prepared.signedData, await api.auth.certs(), {
    ...DEVNET_SIGNIN,
    requestId: key.requestId,
    address,
    chain,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  return { signedData: prepared.signedData, key, ...verified };
}

const messageLine = (message: string, name: string) => message.split('\n').find((l) => l.startsWith(`${name}: `));

/** The nine fields a public Solana client echoes as `input` (the challenge without message/exp/iat). */
const CORE_FIELDS = ['domain', 'uri', 'statement', 'version', 'chainId', 'nonce', 'address', 'requestId', 'issuedAt'] as const;
const coreOf = (claims: Record<string, unknown>) => Object.fromEntries(CORE_FIELDS.map((k) => [k, claims[k]]));

/** base64(JSON{input, output}) with every part chosen by the caller. */
function solanaSignature(input: unknown, output: { signedMessage: Uint8Array; signature: Uint8Array; publicKey: Uint8Array }): string {
  return Buffer.from(
    JSON.stringify({
      input,
      output: {
        signedMessage: Array.from(output.signedMessage),
        signature: Array.from(output.signature),
        account: { publicKey: Array.from(output.publicKey) },
      },
    }),
  ).toString('base64');
}

/** Logs in and returns the token, or the refusal (status and message) when there is none. */
async function login(chain: Chain, signature: string, signedData: string) {
  return bare()
    .auth.login(chain, { signature, signedData, expiresSeconds: 3600 })
    .then((r) => ({ token: r.token as string | undefined, status: 200, message: '' }))
    .catch((e: unknown) => ({ token: undefined, status: (e as { status?: number }).status, message: String((e as Error).message) }));
}

describe('decisions.md "Sign-in": the sign-in message names the public chain, not the local EVM', () => {
  it('decisions.md "Sign-in" [ours]: a bsc challenge says Chain ID: 56 and its payload chainId is 56 on a devnet whose EVM runs 31337', async () => {
    const w = evmWallet();
    const { payload } = await challenge('bsc', w.address);
    expect(messageLine(payload.message, 'Chain ID')).toBe('Chain ID: 56');
    expect(payload.chainId).toBe(56);
    expect(payload.message).not.toContain(String(LOCAL_EVM_CHAIN_ID));
  });

  it('decisions.md "Sign-in" [ours]: a solana challenge says Chain ID: 0 and its payload chainId is 0', async () => {
    const w = solanaWallet();
    const { payload } = await challenge('solana', w.address);
    expect(messageLine(payload.message, 'Chain ID')).toBe('Chain ID: 0');
    expect(payload.chainId).toBe(0);
  });

  it('decisions.md "Sign-in": the app shows and signs the Chain ID 56 message on the devnet and gets a working token', async () => {
    const w = evmWallet();
    const shown: string[] = [];
    const signed: string[] = [];
    const wallet = { ...w, personalSign: async (m: string) => (signed.push(m), w.personalSign(m)) };
    const session = await signIn(bare(), wallet, { expected: DEVNET_SIGNIN, onMessage: (m) => shown.push(m) });
    expect(shown).toHaveLength(1);
    expect(signed).toEqual(shown);
    expect(messageLine(shown[0]!, 'Chain ID')).toBe('Chain ID: 56');
    const api = createApiClient({ urls: devnet.urls, getCredentials: () => ({ token: session.token, signer: session.key }) });
    await expect(api.user.queryBalance()).resolves.toMatchObject({ equity: expect.stringMatching(/^\d/) });
  });
});

describe('decisions.md "Sign-in" [evidence + ours]: the Solana login checks output strictly and input against the challenge', () => {
  it('decisions.md "Sign-in" [evidence]: an input with only the nine core fields (no message/exp/iat), as a public Solana client sends it, gets a token', async () => {
    const w = solanaWallet();
    const { signedData, payload, claims, key } = await challenge('solana', w.address);
    const message = new TextEncoder().encode(payload.message);
    const input = coreOf(claims);
    expect(Object.keys(input)).toHaveLength(9);
    const res = await login('solana', solanaSignature(input, { signedMessage: message, signature: await w.signBytes(message), publicKey: w.publicKey }), signedData);
    expect(res).toMatchObject({ status: 200, token: expect.any(String) });
    const api = createApiClient({ urls: devnet.urls, getCredentials: () => ({ token: res.token!, signer: key }) });
    await expect(api.user.queryPositions()).resolves.toEqual([]);
  });

  it('decisions.md "Sign-in": an input with the whole decoded payload (the app’s own sign-in) gets a token', async () => {
    const t = await signedInTrader(devnet, solanaWallet());
    expect(t.session.chain).toBe('solana');
    await expect(t.api.user.queryBalance()).resolves.toMatchObject({ equity: expect.stringMatching(/^\d/) });
  });

  it('decisions.md "Sign-in" [ours]: an input field that contradicts the challenge is refused with 401 and no token, whole or core-only', async () => {
    const w = solanaWallet();
    const other = solanaWallet();
    const contradictions: Array<[string, (c: Record<string, unknown>) => Record<string, unknown>]> = [
      ['another nonce', (c) => ({ ...c, nonce: 'not-the-nonce' })],
      ['another address', (c) => ({ ...c, address: other.address })],
      ['another requestId', (c) => ({ ...c, requestId: bs58.encode(nacl.sign.keyPair().publicKey) })],
      ['another domain', (c) => ({ ...c, domain: 'evil.example' })],
      ['another uri', (c) => ({ ...c, uri: 'https://evil.example' })],
      ['another chainId', (c) => ({ ...c, chainId: 56 })],
      ['chainId as a string', (c) => ({ ...c, chainId: '0' })],
      ['another issuedAt', (c) => ({ ...c, issuedAt: '2020-01-01T00:00:00.000Z' })],
      ['another statement', (c) => ({ ...c, statement: 'Transfer everything' })],
      ['another message', (c) => ({ ...c, message: 'something else' })],
      ['a later exp', (c) => ({ ...c, exp: Number(c.exp) + 3600 })],
      ['another iat', (c) => ({ ...c, iat: Number(c.iat) - 60 })],
      ['another chain claim', (c) => ({ ...c, chain: 'bsc' })],
      ['a field the challenge does not have', (c) => ({ ...c, expirationTime: '2099-01-01T00:00:00.000Z' })],
      ['a core field missing (nonce)', (c) => Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'nonce'))],
    ];
    for (const whole of [true, false]) {
      for (const [what, edit] of contradictions) {
        const { signedData, payload, claims } = await challenge('solana', w.address);
        const message = new TextEncoder().encode(payload.message);
        const input = edit(whole ? claims : coreOf(claims));
        const res = await login('solana', solanaSignature(input, { signedMessage: message, signature: await w.signBytes(message), publicKey: w.publicKey }), signedData);
        expect(res, `${what} (${whole ? 'whole payload' : 'core fields'})`).toMatchObject({ status: 401, token: undefined });
      }
    }
    for (const input of [null, [], 'challenge', undefined]) {
      const { signedData, payload } = await challenge('solana', w.address);
      const message = new TextEncoder().encode(payload.message);
      const res = await login('solana', solanaSignature(input, { signedMessage: message, signature: await w.signBytes(message), publicKey: w.publicKey }), signedData);
      expect(res, `input ${JSON.stringify(input)}`).toMatchObject({ status: 401, token: undefined });
    }
  });

  it('decisions.md "Sign-in" [evidence + ours]: output is checked strictly — another signedMessage, another publicKey, a bad signature: 401 and no token; the challenge stays usable', async () => {
    const w = solanaWallet();
    const other = solanaWallet();
    const { signedData, payload, claims } = await challenge('solana', w.address);
    const message = new TextEncoder().encode(payload.message);
    const input = coreOf(claims);
    const otherMessage = new TextEncoder().encode(payload.message.replace(payload.nonce, 'aaaaaaaaaaaaaaaaaaaaaaaa'));
    const good = await w.signBytes(message);
    const tampered = Uint8Array.from(good);
    tampered[40] = tampered[40]! ^ 1;
    const attempts: Array<[string, Parameters<typeof solanaSignature>[1]]> = [
      ['a signedMessage other than the challenge message, validly signed', { signedMessage: otherMessage, signature: await w.signBytes(otherMessage), publicKey: w.publicKey }],
      ['the challenge message plus one byte', { signedMessage: Uint8Array.from([...message, 10]), signature: good, publicKey: w.publicKey }],
      ['another wallet’s publicKey and its valid signature', { signedMessage: message, signature: await other.signBytes(message), publicKey: other.publicKey }],
      ['the address’s publicKey with another wallet’s signature', { signedMessage: message, signature: await other.signBytes(message), publicKey: w.publicKey }],
      ['a signature with one bit flipped', { signedMessage: message, signature: tampered, publicKey: w.publicKey }],
      ['a 63-byte signature', { signedMessage: message, signature: good.subarray(0, 63), publicKey: w.publicKey }],
    ];
    for (const [what, output] of attempts) {
      expect(await login('solana', solanaSignature(input, output), signedData), what).toMatchObject({ status: 401, token: undefined });
    }
    // None of the refusals spent the challenge: its owner still signs in with it.
    const ok = await login('solana', solanaSignature(input, { signedMessage: message, signature: good, publicKey: w.publicKey }), signedData);
    expect(ok).toMatchObject({ status: 200, token: expect.any(String) });
    // … once: the same login again is a replay.
    expect(await login('solana', await loginSignature(w, payload.message, claims), signedData)).toMatchObject({ status: 401, token: undefined });
  });
});
