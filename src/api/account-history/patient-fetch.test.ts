import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after';
import { Transport } from '../transport';
import { fetchPatiently, type WaitNotice } from './patient-fetch';
import { Pacer } from './pacer';

const urls = { baseUrl: 'http://service.test', authUrl: 'http://service.test', bridgeUrl: 'http://service.test', geoUrl: 'http://service.test' };

/** The app's own transport over a scripted server: answers in order, then 200 []. */
function transportAnswering(answers: Response[]) {
  const seen: number[] = [];
  const t = new Transport({
    urls,
    fetch: () => {
      seen.push(performance.now());
      return Promise.resolve(answers.shift() ?? new Response('[]', { status: 200 }));
    },
  });
  return { t, seen };
}

const tooMany = (headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ code: 429, message: 'rate limit: account request credits exhausted, retry shortly', request_id: 'r' }), { status: 429, headers });

describe('a paced request that meets 429', () => {
  it("waits the service's Retry-After, holds the pace for every walk, then asks again", async () => {
    const { t, seen } = transportAnswering([tooMany({ 'retry-after': '0.3' })]);
    const waits: WaitNotice[] = [];
    const pacer = new Pacer(100, 5);
    const got = await fetchPatiently(() => t.getText('baseUrl', '/api/x'), { pacer, onWait: (w) => waits.push(w) });
    expect(got).toBe('[]');
    expect(waits).toEqual([{ reason: 'rate-limited', ms: 300 }]);
    expect((seen[1] as number) - (seen[0] as number)).toBeGreaterThanOrEqual(290);
  });

  it('without Retry-After backs off (1 s, then 2 s …)', async () => {
    const { t } = transportAnswering([tooMany()]);
    const waits: WaitNotice[] = [];
    await fetchPatiently(() => t.getText('baseUrl', '/api/x'), { pacer: new Pacer(100, 5), onWait: (w) => waits.push(w) });
    expect(waits).toEqual([{ reason: 'rate-limited', ms: 1000 }]);
  });

  it('a refusal other than 429 or no answer is not retried', async () => {
    const { t, seen } = transportAnswering([new Response(JSON.stringify({ code: 400, message: 'bad last_id', request_id: 'r' }), { status: 400 })]);
    await expect(fetchPatiently(() => t.getText('baseUrl', '/api/x'), { pacer: new Pacer(100, 5) })).rejects.toMatchObject({ status: 400 });
    expect(seen.length).toBe(1);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('Sun, 29 Nov 2026 03:00:05 GMT', Date.parse('2026-11-29T03:00:00Z'))).toBe(5000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs('-1')).toBeUndefined();
  });
});

describe('the pace of history requests', () => {
  it('a burst, then the sustained rate, shared by two walks', async () => {
    const pacer = new Pacer(20, 2);
    const start = performance.now();
    await Promise.all([0, 1].map(async () => {
      for (let i = 0; i < 5; i++) await pacer.take();
    }));
    // 10 requests: 2 at once, 8 at 20/s = 0.4 s.
    const s = (performance.now() - start) / 1000;
    expect(s).toBeGreaterThan(0.35);
    expect(s).toBeLessThan(0.8);
  });

  it('an abort stops the wait', async () => {
    const pacer = new Pacer(1, 1);
    await pacer.take();
    const abort = new AbortController();
    const waiting = pacer.take(abort.signal);
    abort.abort(new Error('left the page'));
    await expect(waiting).rejects.toThrow('left the page');
  });
});
