import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { writeFileAtomic } from './journal';

/**
 * Keys each kept until its expiry (any time unit, as long as `now` uses the same), and with a `file`
 * durable across restarts: `persist` appends `[exp, key]` synchronously (so the key is on disk before
 * the caller acts on it); at startup the file is read back, expired and torn lines dropped, and
 * rewritten with the live keys; it is compacted again whenever it has grown well past them.
 * Used for the body signature's request ids and the spent sign-in challenges: what was used before a
 * crash stays used after it.
 */
export class ExpiringKeys {
  private readonly live = new Map<string, number>();
  private fd: number | null = null;
  private appended = 0;

  constructor(
    private readonly now: () => number,
    private readonly file: string | null = null,
    /** Lines appended beyond twice the live keys before the file is compacted. */
    private readonly slack = 1_000,
  ) {
    if (!file) return;
    const t = now();
    if (existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        try {
          const [exp, key] = JSON.parse(line) as [number, string];
          if (typeof exp === 'number' && typeof key === 'string' && exp >= t) this.live.set(key, exp);
        } catch {
          // a torn last line: its caller never acted on it
        }
      }
    }
    this.compact();
  }

  has(key: string): boolean {
    return this.live.has(key);
  }

  /** Remembers a key in memory only (see `persist`). */
  add(key: string, exp: number): void {
    this.live.set(key, exp);
  }

  delete(key: string): void {
    this.live.delete(key);
  }

  /** Writes a key to the file (no-op without one). */
  persist(key: string, exp: number): void {
    if (this.fd === null) return;
    writeSync(this.fd, `${JSON.stringify([exp, key])}\n`);
    if (++this.appended > 2 * this.live.size + this.slack) this.compact();
  }

  /** Forgets the keys whose expiry has passed. */
  prune(): void {
    const t = this.now();
    for (const [key, exp] of this.live) if (exp < t) this.live.delete(key);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private compact(): void {
    if (!this.file) return;
    if (this.fd !== null) closeSync(this.fd);
    writeFileAtomic(this.file, [...this.live].map(([key, exp]) => `${JSON.stringify([exp, key])}\n`).join(''));
    this.fd = openSync(this.file, 'a');
    this.appended = 0;
  }
}
