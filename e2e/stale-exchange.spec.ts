import { expect, test, type Page } from '@playwright/test';
import { signInWith, storedToken } from './support/session';
import { OWN, routeToOwnDevnet, startOwnDevnet, type OwnDevnet } from './support/own-devnet';

// The exchange behind the page is a devnet of this spec's own (e2e/support/own-devnet.ts): it is
// frozen, killed and restarted here, while the devnet the other specs share is never touched.
let devnet: OwnDevnet;
test.beforeAll(async () => {
  devnet = await startOwnDevnet();
});
test.afterAll(async () => {
  await devnet?.stop();
});

const health = (page: Page, stream: 'market' | 'orders') => page.getByTestId(`stream-state-${stream}`);

async function signedInFunded(page: Page) {
  await routeToOwnDevnet(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/trade/BTC-USD');
  await signInWith(page, /Devnet wallet/);
  const token = (await storedToken(page))!;
  const res = await page.request.post(`${OWN}/devnet/faucet`, { headers: { authorization: `Bearer ${token}` }, data: { amount: '50000', wallet: 'perps' } });
  expect(res.status()).toBe(200);
  await expect(page.getByTestId('available')).toContainText('50,000');
  await expect(health(page, 'market')).toHaveAttribute('data-health', 'live');
}

test('a frozen exchange is shown stale, and an order sent meanwhile ends unknown, then is reconciled', async ({ page }) => {
  await signedInFunded(page);
  const form = page.getByTestId('order-form');
  await form.getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill('0.01');

  devnet.pause();
  try {
    // Stale within the bound (5 s without a frame, checked every second), everywhere at once.
    await expect(health(page, 'market')).toHaveAttribute('data-health', 'stale', { timeout: 8_000 });
    await expect(health(page, 'market')).toContainText('Market stale');
    await expect(page.getByTestId('stream-banner')).toContainText('Market data stale');
    await expect(page.getByTestId('book-as-of')).toContainText(/^as of \d\d:\d\d:\d\d$/);
    await expect(page.getByTestId('trades-as-of')).toBeVisible();
    await expect(page.getByTestId('chart-as-of')).toContainText(/^as of \d\d:\d\d:\d\d$/);
    await page.screenshot({ path: 'docs/stale-state.png' });
    if (process.env.SHOTS_DIR) {
      // For a look at the phone layout (SHOTS_DIR=/tmp/shots-B): the banner, and the book's tab.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/stale-phone.png` });
      await page.getByRole('tab', { name: 'Book' }).click();
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/stale-phone-book.png` });
      await page.getByRole('tab', { name: 'Trade' }).click();
      await page.setViewportSize({ width: 1440, height: 900 });
    }

    // An order now reaches nothing: after the request timeout it is unknown, never "rejected", and
    // the button is free again.
    await page.getByTestId('submit-order').click();
    const toasts = page.getByTestId('toasts');
    await expect(toasts).toContainText('Outcome unknown — checking…', { timeout: 15_000 });
    await expect(toasts).not.toContainText('rejected');
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/stale-unknown-toast.png` });
    await expect(page.getByTestId('submit-order')).not.toContainText('Sending…');
    await expect(health(page, 'orders')).toHaveAttribute('data-health', 'stale');
  } finally {
    devnet.resume();
  }

  // The exchange answers again: the order turns out to have filled, the feeds are live again.
  await expect(page.getByTestId('toasts')).toContainText('Filled', { timeout: 30_000 });
  await expect(health(page, 'market')).toHaveAttribute('data-health', 'live', { timeout: 10_000 });
  await expect(page.getByTestId('book-as-of')).toBeHidden();
  await expect(page.getByTestId('chart-as-of')).toBeHidden();
  await page.getByRole('tab', { name: /Positions/ }).click();
  await expect(page.getByTestId('position-BTC-USD')).toContainText('0.01');
});

test('a killed and restarted exchange: reconnecting is shown, and the page recovers without a reload', async ({ page }) => {
  await signedInFunded(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await devnet.kill();
  await expect(health(page, 'market')).toHaveAttribute('data-health', /reconnecting|offline/, { timeout: 10_000 });
  await expect(page.getByTestId('stream-banner')).toContainText('reconnecting');

  await devnet.restart();
  await expect(health(page, 'market')).toHaveAttribute('data-health', 'live', { timeout: 30_000 });
  await expect(health(page, 'orders')).toHaveAttribute('data-health', 'live');
  await expect(page.getByTestId('stream-banner')).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // Live again: trades keep coming on the reconnected stream.
  const trades = page.getByTestId('recent-trades');
  const before = await trades.innerText();
  await expect.poll(() => trades.innerText(), { timeout: 15_000 }).not.toBe(before);
});
