import { expect, test } from '@playwright/test';

// Issue 19: the market stream's socket, parsing and validation run in a Web Worker. The page opens
// its own socket first (the worker's code loads after the first book), then the worker's socket
// takes over and the page's closes — and the book, the trades and the header stay live throughout.

test('the market stream moves into the market worker and stays live; the page keeps no market socket', async ({ page }) => {
  // Every market-stream socket the page itself opens, and whether it is still open.
  await page.addInitScript(() => {
    const opened: WebSocket[] = [];
    (window as unknown as { __pageMarketSockets: WebSocket[] }).__pageMarketSockets = opened;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (String(url).includes('/ws-stream/')) opened.push(this);
      }
    };
  });
  const openPageSockets = () => page.evaluate(() => (window as unknown as { __pageMarketSockets: WebSocket[] }).__pageMarketSockets.filter((s) => s.readyState <= 1).length);

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
