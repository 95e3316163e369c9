import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { base64ToBytes } from '../lib/base64';
import { loginSignature, type WalletSigner } from './wallet-signer';

const message = [
  'devnet.perps.local wants you to sign in with your Ethereum account:',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '',
  'Sign in to the perps devnet — größe ✓ 🚀',
  '',
  'URI: https://devnet.perps.local',
  'Nonce: abc123',
].join('\n');
const claims = { domain: 'devnet.perps.local', uri: 'https://devnet.perps.local', nonce: 'abc123', message, exp: 2_000_000_000, iat: 1_999_999_820 };

describe('Solana login signature (spec §5.1.4)', () => {
  const keys = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(9));
  const wallet: WalletSigner = {
    chain: 'solana',
    address: bs58.encode(keys.publicKey),
    publicKey: keys.publicKey,
    signBytes: async (m) => nacl.sign.detached(m, keys.secretKey),
  };

  it('is base64 of JSON {input, output: {signedMessage, signature, account.publicKey}} as byte arrays', async () => {
    const encoded = await loginSignature(wallet, message, claims);
    const json = JSON.parse(new TextDecoder().decode(base64ToBytes(encoded))) as {
      input: typeof claims;
      output: { signedMessage: number[]; signature: number[]; account: { publicKey: number[] } };
    };
    expect(json.input).toEqual(claims);
    expect(Object.keys(json.output).sort()).toEqual(['account', 'signature', 'signedMessage']);
    for (const arr of [json.output.signedMessage, json.output.signature, json.output.account.publicKey]) {
      expect(Array.isArray(arr) && arr.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)).toBe(true);
    }
    expect(json.output.signature).toHaveLength(64);
    expect(json.output.account.publicKey).toEqual(Array.from(keys.publicKey));
    // signedMessage is the UTF-8 bytes of the message, verbatim (multi-byte characters included).
    expect(new TextDecoder().decode(Uint8Array.from(json.output.signedMessage))).toBe(message);
    // An independent ed25519 verifier accepts it with the published key, and the base58 address decodes to it.
    const ok = nacl.sign.detached.verify(
      Uint8Array.from(json.output.signedMessage),
      Uint8Array.from(json.output.signature),
      bs58.decode(wallet.address),
    );
    expect(ok).toBe(true);
  });

  it('does not verify once one byte of the message changes', async () => {
    const json = JSON.parse(new TextDecoder().decode(base64ToBytes(await loginSignature(wallet, message, claims)))) as {
      output: { signedMessage: number[]; signature: number[] };
    };
    const tampered = Uint8Array.from(json.output.signedMessage);
    tampered[0] = tampered[0]! ^ 1;
    expect(nacl.sign.detached.verify(tampered, Uint8Array.from(json.output.signature), keys.publicKey)).toBe(false);
  });
});

describe('EVM login signature (spec §5.1.4)', () => {
  const account = privateKeyToAccount('0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356');
  const wallet: WalletSigner = { chain: 'bsc', address: account.address, personalSign: (m) => account.signMessage({ message: m }) };

  it('is the EIP-191 personal_sign hex of the message, verified by viem', async () => {
    const signature = await loginSignature(wallet, message, claims);
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await verifyMessage({ address: account.address, message, signature: signature as `0x${string}` })).toBe(true);
    expect(await verifyMessage({ address: account.address, message: `${message} `, signature: signature as `0x${string}` })).toBe(false);
  });
});
