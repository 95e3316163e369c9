import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../persistence/journal';

/**
 * The sign-in challenges (by nonce) already spent on a login, each kept until the challenge
 * expires (after that the challenge itself is refused as expired). With a `file` they survive a
 * restart, as the body signature's request ids do: a login captured before a crash cannot be
 * replayed after it. Lines are `[exp, nonce]`; the file is compacted to the live entries at
 * startup and whenever it has grown well past them.
 */
export class UsedChallenges {
  private readonly used = new Map<string, number>();
  private appended = 0;

  constructor(
    private readonly nowSeconds: () => number,
    private readonly file: string | null = null,
  ) {
    if (!file) return;
    const now = nowSeconds();
    if (existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        try {
          const [exp, nonce] = JSON.parse(line) as [number, string];
          if (typeof exp === 'number' && typeof nonce === 'string' && exp >= now) this.used.set(nonce, exp);
        } catch {
          // a torn last line: that login never answered with a token
        }
      }
    }
    this.compact();
  }

  private prune(): void {
    const now = this.nowSeconds();
    for (const [nonce, exp] of this.used) if (exp < now) this.used.delete(nonce);
  }

  private compact(): void {
    if (!this.file) return;
    writeFileAtomic(this.file, [...this.used].map(([nonce, exp]) => `${JSON.stringify([exp, nonce])}\n`).join(''));
    this.appended = 0;
  }

  /**
   * Claims a challenge in memory, synchronously (so two racing logins cannot both pass); false if it
   * is already used. Follow with `commit` once the signature verifies, or `release` if it does not.
   */
  claim(nonce: string, exp: number): boolean {
    this.prune();
    if (this.used.has(nonce)) return false;
    this.used.set(nonce, exp);
    return true;
  }

  release(nonce: string): void {
    this.used.delete(nonce);
  }

  /** Writes the claim to disk; called before the token is handed out. */
  commit(nonce: string, exp: number): void {
    if (!this.file) return;
    appendFileSync(this.file, `${JSON.stringify([exp, nonce])}\n`);
    if (++this.appended > 2 * this.used.size + 1_000) this.compact();
  }
}
