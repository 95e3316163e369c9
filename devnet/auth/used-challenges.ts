import { ExpiringKeys } from '../persistence/expiring-keys';

/**
 * The sign-in challenges (by nonce) already spent on a login, each kept until the challenge
 * expires (after that the challenge itself is refused as expired). With a `file` they survive a
 * restart, as the body signature's request ids do: a login captured before a crash cannot be
 * replayed after it.
 */
export class UsedChallenges {
  private readonly used: ExpiringKeys;

  constructor(nowSeconds: () => number, file: string | null = null) {
    this.used = new ExpiringKeys(nowSeconds, file);
  }

  /**
   * Claims a challenge in memory, synchronously (so two racing logins cannot both pass); false if it
   * is already used. Follow with `commit` once the signature verifies, or `release` if it does not.
   */
  claim(nonce: string, exp: number): boolean {
    this.used.prune();
    if (this.used.has(nonce)) return false;
    this.used.add(nonce, exp);
    return true;
  }

  release(nonce: string): void {
    this.used.delete(nonce);
  }

  /** Writes the claim to disk; called before the token is handed out. */
  commit(nonce: string, exp: number): void {
    this.used.persist(nonce, exp);
  }

  close(): void {
    this.used.close();
  }
}
