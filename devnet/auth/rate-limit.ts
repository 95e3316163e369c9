/**
 * decisions.md rate limits: per account a credit bucket (45 credits a request, refill 1000/s,
 * capacity 900), and 50 requests/s per IP. Over either: HTTP 429.
 * One bucket per account across HTTP and both streams: signed HTTP requests, the order stream's
 * `auth:login`/`order:new`/`order:cancel` and the market stream's `auth` each cost one request
 * (devnet/streams). Stream sockets also have a per-socket inbound limit (devnet/streams/stream-guard.ts).
 */
export interface RateLimitConfig {
  enabled: boolean;
  creditsPerRequest: number;
  refillPerSecond: number;
  capacity: number;
  perIpPerSecond: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = {
  enabled: true,
  creditsPerRequest: 45,
  refillPerSecond: 1000,
  capacity: 900,
  perIpPerSecond: 50,
};

export class RateLimiter {
  private readonly buckets = new Map<string, { credits: number; at: number }>();
  private readonly ipWindows = new Map<string, { second: number; count: number }>();

  constructor(
    readonly config: RateLimitConfig,
    private readonly now: () => number,
  ) {}

  /** Returns a reason when the IP is over its per-second budget. */
  ipProblem(ip: string): string | null {
    if (!this.config.enabled) return null;
    const second = Math.floor(this.now() / 1000);
    const w = this.ipWindows.get(ip);
    if (!w || w.second !== second) {
      if (this.ipWindows.size > 10_000) this.ipWindows.clear();
      this.ipWindows.set(ip, { second, count: 1 });
      return null;
    }
    w.count++;
    return w.count > this.config.perIpPerSecond ? `rate limit: more than ${this.config.perIpPerSecond} requests/s from ${ip}` : null;
  }

  /** Returns a reason when the account's credit bucket cannot pay for this request. */
  accountProblem(account: string): string | null {
    if (!this.config.enabled) return null;
    const now = this.now();
    const b = this.buckets.get(account) ?? { credits: this.config.capacity, at: now };
    b.credits = Math.min(this.config.capacity, b.credits + ((now - b.at) / 1000) * this.config.refillPerSecond);
    b.at = now;
    this.buckets.set(account, b);
    if (b.credits < this.config.creditsPerRequest) return 'rate limit: account request credits exhausted, retry shortly';
    b.credits -= this.config.creditsPerRequest;
    return null;
  }
}
