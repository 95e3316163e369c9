import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../src/api/errors';
import type { Devnet } from './devnet';
import { expectAudit, signedInTrader, startTestDevnet, type Trader } from './test-support/harness';

let devnet: Devnet;
let trader: Trader;

beforeAll(async () => {
  // decisions.md limits: 45 credits a request from a bucket of 900 (a burst of 20), 50 req/s per IP.
  devnet = await startTestDevnet({ rateLimit: { enabled: true } });
  trader = await signedInTrader(devnet);
});
afterAll(() => devnet.close());
afterEach(() => expectAudit(devnet));

describe('rate limits (decisions.md)', () => {
  it('answers 429 past the account burst, then refills', async () => {
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => trader.api.user.queryBalance()));
    const limited = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as ApiError);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(19);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((e) => e.status === 429 && e.code === 429)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    await expect(trader.api.user.queryBalance()).resolves.toBeTruthy();
  });

  it('answers 429 past 50 requests a second from one IP', async () => {
    await new Promise((r) => setTimeout(r, 1100));
    const statuses = await Promise.all(Array.from({ length: 120 }, () => fetch(`${devnet.urls.baseUrl}/api/health`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // A burst may straddle two one-second windows: at most 2 × 50 pass.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(100);
  });
});
