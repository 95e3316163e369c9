import type { Browser, Page } from 'playwright';
import { storedToken } from '../e2e/support/stored-token';
import { benchPage, sleep, waitFor } from './browser';
import { FrameIndex, framesOf, READ_PROBE, type ProbeData } from './lib/frames';
import { createResolver } from './lib/sourcemap';
import { summarize, type Summary } from './lib/stats';

/** Which way the app sends the orders (src/trading/order-path.ts, forced through its localStorage key). */
export type OrderPath = 'stream' | 'http';

/**
 * Records `order:new` frames the page writes on the order response stream as the probe records
 * signed HTTP new_order requests (`__bench.requests`, no response time: a socket send has none).
 */
const STREAM_SEND_PROBE = `(() => {
  const send = window.WebSocket.prototype.send;
  window.WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && this.url.includes('/ws-api/') && data.includes('"method":"order:new"')) {
      try {
        const m = JSON.parse(data);
        window.__bench.requests.push({ t: performance.now(), id: m.request_id, signed: Boolean(m.header && m.header['x-request-signature']), response: null });
      } catch {}
    }
    return send.call(this, data);
  };
})();`;

export interface RoundTrip {
  clickToRequestMs: number;
  /** the HTTP response to new_order reached the page (fetch resolved); NaN over the stream */
  clickToResponseMs: number;
  clickToAcceptedMs: number;
  clickToOutcomeMs: number;
  clickToPositionDomMs: number;
  clickToPositionPaintMs: number;
}

export interface RoundTripResult {
  path: OrderPath;
  orders: number;
  trips: RoundTrip[];
  clickToRequestMs: Summary;
  clickToResponseMs: Summary;
  clickToAcceptedMs: Summary;
  clickToOutcomeMs: Summary;
  clickToPositionPaintMs: Summary;
  clickToPositionDomMs: Summary;
  /** Long animation frames (> 50 ms) between a click and its position paint, scripts resolved to sources. */
  slowFrames: { trip: number; startMs: number; durationMs: number; blockingMs: number; scripts: { where: string; invoker: string; durationMs: number }[] }[];
}

const positionValue = (page: Page) =>
  page.evaluate(() => {
    const w = (window as unknown as { __bench: { watched: Record<string, (number | null)[]> } }).__bench.watched.position ?? [];
    return (w.at(-1) as number | null | undefined) ?? null;
  });

/**
 * Market buys of 0.001 BTC placed by clicking Submit in the real app, signed in with the built-in
 * devnet wallet (as e2e/trading.spec.ts does), on the devnet: click → signed `new_order` leaves the
 * page (fetch, or with `path` 'stream' the `order:new` frame on the order stream) → `accepted` and the
 * outcome on the order response stream → the BTC position row
 * shows the new size (DOM change, and the paint after it). The first order is a warm-up.
 */
export async function orderRoundTrip(browser: Browser, appUrl: string, baseUrl: string, orders = 10, mapDir?: string, path: OrderPath = 'http'): Promise<RoundTripResult> {
  const bp = await benchPage(browser);
  try {
    const { page } = bp;
    await page.addInitScript({ content: `localStorage.setItem('perps.order-path', ${JSON.stringify(path)});\n${STREAM_SEND_PROBE}` });
    await page.goto(`${appUrl}/trade/BTC-USD`);
    await page.locator('[data-testid="book-asks-row"]').first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
    await page.getByRole('button', { name: /Devnet wallet/ }).click();
    const token = await waitFor('sign-in', () => storedToken(page), 20_000, 100);
    const faucet = await fetch(`${baseUrl}/devnet/faucet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '50000', wallet: 'perps' }),
    });
    if (faucet.status !== 200) throw new Error(`faucet: ${faucet.status} ${await faucet.text()}`);
    // The form validates against the available balance it shows: wait until the faucet's credit is there.
    await waitFor('available balance', async () => Number((await page.getByTestId('available').textContent())?.replace(/[^\d.]/g, '') || 0) >= 1000, 15_000);
    await page.getByRole('tab', { name: /Positions/ }).click();
    const form = page.getByTestId('order-form');
    await form.getByRole('tab', { name: 'Market' }).click();
    await waitFor('positions table', () => page.evaluate(() => Boolean(document.querySelector('[data-testid="positions-table"]'))));
    await page.evaluate(() => {
      const b = (window as unknown as { __bench: { watch: (...a: unknown[]) => boolean; startFrames: () => void } }).__bench;
      b.watch('position', '[data-testid="account-tabs"]', '[data-testid="position-BTC-USD"]', 1, 1000);
      b.startFrames();
    });

    for (let i = 0; i <= orders; i++) {
      await page.locator('#order-size').fill('0.001');
      await sleep(300);
      const before = await positionValue(page);
      await page.getByTestId('submit-order').click();
      await waitFor(`position after order ${i}`, async () => {
        const v = await positionValue(page);
        return v !== null && v !== before;
      }, 10_000, 20);
      await sleep(200);
    }
    await page.evaluate('window.__bench.stopFrames()');
    const d = (await page.evaluate(READ_PROBE)) as ProbeData;
    const idx = new FrameIndex(framesOf(d.frames));
    const pos = d.watched.position ?? [];
    const trips: RoundTrip[] = [];
    const resolveScript = mapDir ? createResolver(mapDir) : (url: string, char: number) => `${url}@${char}`;
    const slowFrames: RoundTripResult['slowFrames'] = [];
    for (let i = 1; i < d.clicks.length; i++) {
      const click = d.clicks[i]!.eventTime;
      const next = d.clicks[i + 1]?.eventTime ?? Infinity;
      const req = d.requests.find((r) => r.t >= click && r.t < next);
      if (!req?.id || !req.signed) throw new Error(`order ${i}: no signed new_order request after the click`);
      if ((req.response === null) !== (path === 'stream')) throw new Error(`order ${i}: sent over ${req.response === null ? 'the stream' : 'HTTP'}, not ${path}`);
      const replies = d.orderReplies.filter((r) => r.id === req.id);
      const accepted = replies.find((r) => r.status === 'accepted');
      const outcome = replies.find((r) => r.status === null);
      if (!accepted || !outcome) throw new Error(`order ${i}: no accepted/outcome reply for ${req.id}`);
      if (outcome.code !== 0) throw new Error(`order ${i} rejected: ${outcome.message}`);
      let dom = NaN;
      for (let j = 0; j < pos.length; j += 2) {
        if ((pos[j] as number) > click && (pos[j] as number) < next && pos[j + 1] !== null) {
          dom = pos[j] as number;
          break;
        }
      }
      const frame = idx.frames[idx.paintedBy(dom)];
      for (const f of d.loaf) {
        if (f.start + f.duration < click || f.start > (frame?.post ?? dom)) continue;
        slowFrames.push({
          trip: i,
          startMs: f.start - click,
          durationMs: f.duration,
          blockingMs: f.blocking,
          scripts: f.scripts.map((sc) => ({ where: resolveScript(sc.src, sc.char), invoker: sc.invoker, durationMs: sc.duration })).sort((a, b) => b.durationMs - a.durationMs),
        });
      }
      trips.push({
        clickToRequestMs: req.t - click,
        clickToResponseMs: (req.response ?? NaN) - click,
        clickToAcceptedMs: accepted.t - click,
        clickToOutcomeMs: outcome.t - click,
        clickToPositionDomMs: dom - click,
        clickToPositionPaintMs: frame ? frame.post - click : NaN,
      });
    }
    return {
      path,
      orders: trips.length,
      trips,
      clickToRequestMs: summarize(trips.map((t) => t.clickToRequestMs)),
      clickToResponseMs: summarize(trips.map((t) => t.clickToResponseMs)),
      clickToAcceptedMs: summarize(trips.map((t) => t.clickToAcceptedMs)),
      clickToOutcomeMs: summarize(trips.map((t) => t.clickToOutcomeMs)),
      clickToPositionDomMs: summarize(trips.map((t) => t.clickToPositionDomMs)),
      clickToPositionPaintMs: summarize(trips.map((t) => t.clickToPositionPaintMs)),
      slowFrames,
    };
  } finally {
    await bp.close();
  }
}
