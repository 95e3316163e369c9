import { expect, test, type Page } from '@playwright/test';
import { bestBookPrice, wholePrice } from './support/book';
import { relayFor } from './support/relay-control';
import { signInFunded } from './support/session';

// The order response stream speaks only when spoken to, so a hang with nothing pending used to read
// "Orders live" for ever. Here the stream relay hangs only that stream (the market stream and HTTP
// stay untouched): the header must say stale within ~10 s, orders must take HTTP meanwhile, and the
// stream must read live again once it answers.

const health = (page: Page, stream: 'market' | 'orders') => page.getByTestId(`stream-state-${stream}`);

test('a hung order stream with nothing pending reads stale, orders take HTTP, live again when it answers', async ({ page }) => {
  const relay = await relayFor(page.context());
  const orderRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/new_order/.test(r.url())) orderRequests.push(r.url());
  });
  await signInFunded(page);
  await expect(health(page, 'orders')).toHaveAttribute('data-health', 'live');

  // Hung: what the page sends is lost and the exchange says nothing, but the socket stays open.
  await relay.hang('orders');
  // About 9.5 s on an idle machine (idle 2.5 s, the 1 s probe clock, stale after 5 s, the 1 s health
  // clock; budgeted in order-stream.test.ts on fake timers). Here only that it comes at all — without
  // the probe it never does — with room for a loaded CI machine's slow timers.
  await expect(health(page, 'orders')).toHaveAttribute('data-health', 'stale', { timeout: 30_000 });
  await expect(page.getByTestId('stream-banner')).toContainText('Order stream stale');
  await expect(health(page, 'market')).toHaveAttribute('data-health', 'live');

  // An order meanwhile goes over HTTP, not into the hung socket; nothing says it was refused.
  const price = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.98');
  await page.getByTestId('order-form').getByRole('tab', { name: 'Limit' }).click();
  await page.locator('#order-price').fill(price);
  await page.locator('#order-size').fill('0.01');
  await page.getByTestId('submit-order').click();
  await expect.poll(() => orderRequests.length).toBe(1);
  await expect(page.getByTestId('toasts')).toContainText('Order placed', { timeout: 30_000 });
  await expect(page.getByTestId('toasts')).not.toContainText(/rejected|refused/);

  await relay.restore('orders');
  // The next probe is at most 10 s after the last lost one (REPROBE_MS), then the 1 s clocks.
  await expect(health(page, 'orders')).toHaveAttribute('data-health', 'live', { timeout: 30_000 });
  await expect(page.getByTestId('stream-banner')).toBeHidden();
});
