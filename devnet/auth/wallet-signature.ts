import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import bs58 from 'bs58';
import { verifyMessage } from 'viem';
import type { Chain, SignedDataPayload } from '../../src/api/schemas';

ed.hashes.sha512 = sha512;

const isByteArray = (v: unknown, len?: number): v is number[] =>
  Array.isArray(v) && (len === undefined || v.length === len) && v.every((b) => Number.isInteger(b) && b >= 0 && b <= 255);

/** Same JSON regardless of key order, to compare the Solana `input` with the challenge payload. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * Checks the wallet's signature of `payload.message`: EIP-191 personal_sign for BSC, or the Solana
 * base64(JSON{input, output{signedMessage, signature, account.publicKey}}) of spec §5.1.4.
 * Returns a reason when it does not verify.
 */
export async function walletSignatureProblem(
  chain: Chain,
  payload: SignedDataPayload,
  signature: string,
  /** The decoded signedData claims exactly as issued; Solana's `input` must equal them. */
  issuedClaims: Record<string, unknown>,
): Promise<string | null> {
  if (chain === 'bsc') {
    if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return 'signature must be a 65-byte 0x hex personal_sign signature';
    const valid = await verifyMessage({ address: payload.address as `0x${string}`, message: payload.message, signature: signature as `0x${string}` }).catch(
      () => false,
    );
    return valid ? null : 'signature does not match the address for this challenge';
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(signature, 'base64').toString('utf8'));
  } catch {
    return 'signature must be base64 of the JSON {input, output} object';
  }
  const d = decoded as { input?: unknown; output?: { signedMessage?: unknown; signature?: unknown; account?: { publicKey?: unknown } } };
  if (!d || typeof d !== 'object' || !d.output) return 'signature JSON lacks input/output';
  if (canonical(d.input) !== canonical(issuedClaims)) return 'signature input is not this challenge';
  const { signedMessage, signature: sig, account } = d.output;
  if (!isByteArray(signedMessage) || !isByteArray(sig, 64) || !isByteArray(account?.publicKey, 32)) {
    return 'signature output must hold signedMessage, a 64-byte signature and a 32-byte publicKey as byte arrays';
  }
  const message = new TextEncoder().encode(payload.message);
  if (Buffer.compare(Buffer.from(signedMessage), Buffer.from(message)) !== 0) return 'signedMessage is not the challenge message';
  let addressKey: Uint8Array;
  try {
    addressKey = bs58.decode(payload.address);
  } catch {
    return 'address is not base58';
  }
  if (Buffer.compare(Buffer.from(account!.publicKey as number[]), Buffer.from(addressKey)) !== 0) return 'publicKey is not the signing address';
  const valid = ed.verify(Uint8Array.from(sig), message, addressKey);
  return valid ? null : 'signature does not match the address for this challenge';
}
