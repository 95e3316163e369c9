import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import bs58 from 'bs58';
import { verifyMessage } from 'viem';
import type { Chain, SignedDataPayload } from '../../src/api/schemas';

ed.hashes.sha512 = sha512;

/**
 * True for a 32-byte string that decodes (leniently: non-canonical y ≥ p and x = 0 with the sign
 * bit count too) to one of the 8 points of small order. Such a "public key" has no secret: under a
 * cofactored check R = identity, S = 0 verifies every message for it.
 */
export function isSmallOrderPublicKey(bytes: Uint8Array): boolean {
  if (bytes.length !== 32) return false;
  try {
    return ed.Point.fromBytes(bytes, true).isSmallOrder();
  } catch {
    return false;
  }
}

const leToBigint = (b: Uint8Array): bigint => {
  let n = 0n;
  for (let i = b.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(b[i]!);
  return n;
};

/**
 * Ed25519 verification as RFC 8032 §5.1.7 strictly, without the cofactor (as Solana's
 * ed25519-dalek `verify_strict`): canonical encodings of A and R, S < L, neither A nor R of small
 * order, and [S]B = R + [k]A exactly. `ed.verify(…, { zip215: false })` alone checks the cofactored
 * equation [8][S]B = [8]R + [8][k]A, which a torsion component added to R slips through.
 */
export function verifyEd25519Strict(sig: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (sig.length !== 64 || publicKey.length !== 32) return false;
  if (!ed.verify(sig, message, publicKey, { zip215: false })) return false;
  try {
    const rBytes = sig.subarray(0, 32);
    const A = ed.Point.fromBytes(publicKey, false);
    const R = ed.Point.fromBytes(rBytes, false);
    if (A.isSmallOrder() || R.isSmallOrder()) return false;
    const N = ed.Point.CURVE().n;
    const s = leToBigint(sig.subarray(32));
    if (s >= N) return false;
    const k = ed.etc.mod(leToBigint(sha512(ed.etc.concatBytes(rBytes, publicKey, message))), N);
    return ed.Point.BASE.multiply(s, false).equals(R.add(A.multiply(k, false)));
  } catch {
    return false;
  }
}

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
 * The challenge fields a Solana `input` must echo: a public Solana client sends exactly these nine
 * (the payload without message/exp/iat); the app sends the whole payload (decisions.md "Sign-in").
 */
export const SOLANA_INPUT_CORE_FIELDS = ['domain', 'uri', 'statement', 'version', 'chainId', 'nonce', 'address', 'requestId', 'issuedAt'] as const;

/**
 * decisions.md "Sign-in" [evidence + ours]: `input` is an object that carries at least the core
 * fields the challenge has, and every field it carries is a claim of the challenge with the same
 * JSON value (types included: chainId "0" is not 0). A field the challenge never issued is refused
 * too: `input` claims to be the challenge, so anything else in it is a claim the service never made.
 */
function inputProblem(input: unknown, issued: Record<string, unknown>): string | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'signature input must be the challenge payload (a JSON object)';
  const given = input as Record<string, unknown>;
  for (const k of SOLANA_INPUT_CORE_FIELDS) {
    if (Object.hasOwn(issued, k) && !Object.hasOwn(given, k)) return `signature input lacks the challenge's ${k}`;
  }
  for (const [k, v] of Object.entries(given)) {
    if (!Object.hasOwn(issued, k)) return `signature input carries ${k}, which the challenge does not`;
    if (canonical(v) !== canonical(issued[k])) return `signature input's ${k} is not this challenge's`;
  }
  return null;
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
  /** The decoded signedData claims exactly as issued; Solana's `input` must not contradict them. */
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
  const inputWrong = inputProblem(d.input, issuedClaims);
  if (inputWrong) return inputWrong;
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
  if (isSmallOrderPublicKey(addressKey)) return 'address is a small-order ed25519 point, not a public key anyone holds the secret of';
  const valid = verifyEd25519Strict(Uint8Array.from(sig), message, addressKey);
  return valid ? null : 'signature does not match the address for this challenge';
}
