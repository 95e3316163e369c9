import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import bs58 from 'bs58';
import { unauthorized } from '../http/errors';
import { ExpiringKeys } from '../persistence/expiring-keys';

export type SignatureHeaders = Record<string, string | string[] | undefined>;

/**
 * Spec §5.2 with our rules (decisions.md): v1 only, timestamp within ±30 s of server time, an
 * x-request-id used once per session key within 5 minutes, ed25519 over the exact body bytes.
 *
 * With a `file`, the used ids survive a restart: a request signed just before a crash cannot be
 * replayed just after it (each id is appended before the request is acted on; the file is
 * compacted to the live ids at startup and whenever it has grown well past them).
 */
export class BodySignatureVerifier {
  private readonly seen: ExpiringKeys;
  private readonly keys = new Map<string, KeyObject>();
  private lastSweep = 0;

  constructor(
    private readonly now: () => number,
    readonly skewMs = 30_000,
    readonly replayWindowMs = 300_000,
    file: string | null = null,
  ) {
    this.seen = new ExpiringKeys(now, file, 10_000);
  }

  close(): void {
    this.seen.close();
  }

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

  /**
   * Rejects with a 401 naming what is wrong; on success remembers the request id against replay.
   * The ed25519 check runs on the libuv threadpool; the replay check and the id's record happen
   * together after it, in one synchronous step, so of two requests with one id exactly one passes
   * (and an invalid signature never uses up an id), and the id is on disk before the caller acts.
   */
  async verify(headers: SignatureHeaders, body: string, sessionKey: string): Promise<void> {
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
    const valid = await verifyOffThread(message, sessionKey, signature, (k) => this.publicKey(k));
    if (!valid) throw unauthorized('body signature does not verify against the session key of this token');
    if (now - this.lastSweep >= 10_000) {
      this.lastSweep = now;
      this.seen.prune();
    }
    const replayKey = `${sessionKey}:${id}`;
    if (this.seen.has(replayKey)) throw unauthorized('x-request-id already used (replay refused)');
    this.seen.add(replayKey, now + this.replayWindowMs);
    this.seen.persist(replayKey, now + this.replayWindowMs);
  }
}

/** ed25519 verify in the threadpool; any failure (bad key, bad signature) is just "not valid". */
function verifyOffThread(message: Buffer, sessionKey: string, signature: Buffer, publicKey: (k: string) => KeyObject): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      verify(null, message, publicKey(sessionKey), signature, (err, ok) => resolve(!err && ok));
    } catch {
      resolve(false);
    }
  });
}
