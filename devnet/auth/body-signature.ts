import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import bs58 from 'bs58';
import { unauthorized } from '../http/errors';

export type SignatureHeaders = Record<string, string | string[] | undefined>;

/**
 * Spec §5.2 with our rules (decisions.md): v1 only, timestamp within ±30 s of server time, an
 * x-request-id used once per session key within 5 minutes, ed25519 over the exact body bytes.
 */
export class BodySignatureVerifier {
  private readonly seen = new Map<string, number>();
  private readonly keys = new Map<string, KeyObject>();
  private lastSweep = 0;

  constructor(
    private readonly now: () => number,
    readonly skewMs = 30_000,
    readonly replayWindowMs = 300_000,
  ) {}

  private publicKey(sessionKey: string): KeyObject {
    let key = this.keys.get(sessionKey);
    if (!key) {
      const raw = bs58.decode(sessionKey);
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') }, format: 'jwk' });
      if (this.keys.size > 50_000) this.keys.clear();
      this.keys.set(sessionKey, key);
    }
    return key;
  }

  /** Throws a 401 naming what is wrong; on success remembers the request id against replay. */
  verify(headers: SignatureHeaders, body: string, sessionKey: string): void {
    const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
    const version = one(headers['x-request-sign-version']);
    const id = one(headers['x-request-id']);
    const ts = one(headers['x-request-timestamp']);
    const sig = one(headers['x-request-signature']);
    if (!version || !id || !ts || !sig) {
      throw unauthorized('missing body signature headers (x-request-sign-version, x-request-id, x-request-timestamp, x-request-signature)');
    }
    if (version !== 'v1') throw unauthorized(`unsupported x-request-sign-version "${version}"; expected v1`);
    if (id.length > 128) throw unauthorized('x-request-id longer than 128 characters');
    if (!/^\d{1,16}$/.test(ts)) throw unauthorized('x-request-timestamp must be milliseconds since the epoch');
    const now = this.now();
    if (Math.abs(now - Number(ts)) > this.skewMs) {
      throw unauthorized(`x-request-timestamp is ${Math.round((Number(ts) - now) / 1000)} s from server time (allowed ±${this.skewMs / 1000} s)`);
    }
    const signature = Buffer.from(sig, 'base64');
    if (signature.length !== 64) throw unauthorized('x-request-signature must be a base64 64-byte ed25519 signature');
    const message = Buffer.from(`${version},${id},${ts},${body}`, 'utf8');
    let valid = false;
    try {
      valid = verify(null, message, this.publicKey(sessionKey), signature);
    } catch {
      valid = false;
    }
    if (!valid) throw unauthorized('body signature does not verify against the session key of this token');
    this.sweep(now);
    const replayKey = `${sessionKey}:${id}`;
    if (this.seen.has(replayKey)) throw unauthorized('x-request-id already used (replay refused)');
    this.seen.set(replayKey, now + this.replayWindowMs);
  }

  private sweep(now: number) {
    if (now - this.lastSweep < 10_000) return;
    this.lastSweep = now;
    for (const [k, exp] of this.seen) if (exp < now) this.seen.delete(k);
  }
}
