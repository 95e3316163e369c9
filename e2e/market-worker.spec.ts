import { expect, test, type Page } from '@playwright/test';

// Issue 19: the market stream's socket, parsing and validation can run in a Web Worker
// (localStorage perps.market-socket = 'worker'; the page keeps it by default, link-choice.ts). The
// page opens its own socket first (the worker's code loads after the first book), then the worker's
// socket takes over and the page's closes — and the book, the trades and the header stay live throughout.

/** Counts every market-stream socket the page itself opens that is still open; `socketIn` set as the app reads it. */
async function watchPageSockets(page: Page, socketIn: 'worker' | null) {
  await page.addInitScript((where) => {
    if (where) localStorage.setItem('perps.market-socket', where);
    const opened: WebSocket[] = [];
    (window as unknown as { __pageMarketSockets: WebSocket[] }).__pageMarketSockets = opened;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (String(url).includes('/ws-stream/')) opened.push(this);
      }
    };
  }, socketIn);
  return () => page.evaluate(() => (window as unknown as { __pageMarketSockets: WebSocket[] }).__pageMarketSockets.filter((s) => s.readyState <= 1).length);
}

test('by default the market stream stays in the page: one socket, no market worker, live', async ({ page }) => {
  const openPageSockets = await watchPageSockets(page, null);
  await page.goto('/trade/BTC-USD');
  await expect(page.getByTestId('book-asks-row').first()).toBeVisible();
  await expect(page.getByTestId('service-status')).toContainText('Market live');
  const trades = page.getByTestId('recent-trades');
  const before = await trades.innerText();
  await expect.poll(() => trades.innerText(), { timeout: 15_000 }).not.toBe(before);
  // Past the moment the worker would have started (half a second after the first book).
  await page.waitForTimeout(1_000);
  expect(page.workers().some((w) => w.url().includes('market-worker'))).toBe(false);
  expect(await openPageSockets()).toBe(1);
});

test('the market stream moves into the market worker and stays live; the page keeps no market socket', async ({ page }) => {
  const openPageSockets = await watchPageSockets(page, 'worker');

  await page.goto('/trade/BTC-USD');
  await expect(page.getByTestId('book-asks-row').first()).toBeVisible();
  // The worker starts after the first book and takes the socket over.
  await expect.poll(() => page.workers().some((w) => w.url().includes('market-worker')), { timeout: 10_000 }).toBe(true);
  await expect.poll(openPageSockets, { timeout: 10_000 }).toBe(0);
  await expect(page.getByTestId('service-status')).toContainText('Market live');
  await expect(page.getByTestId('stream-banner')).toBeHidden();

  // Live through the worker: the trades panel keeps changing.
  const trades = page.getByTestId('recent-trades');
  const before = await trades.innerText();
  await expect.poll(() => trades.innerText(), { timeout: 15_000 }).not.toBe(before);
  expect(await openPageSockets()).toBe(0);
});
