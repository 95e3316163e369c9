import { expect, test, type Page } from '@playwright/test';
import { dec } from '../src/lib/decimal';
import { bestBookPrice, shownWhole, wholePrice } from './support/book';
import { signInFunded } from './support/session';

// Issue 30, scale orders: a ladder of 5 buys below the book, previewed child by child, sent as one
// batch (5 resting orders in Open orders at the previewed prices), and taken off with one action.

const form = (page: Page) => page.getByTestId('order-form');
const scale = (page: Page) => page.getByTestId('scale-form');

/** A ladder's top: 2 % under the best bid, on a whole hundred; the bottom 1,000 lower (steps of 250). */
async function ladder(page: Page): Promise<{ top: number; prices: string[] }> {
  const bid = await bestBookPrice(page.request, 'BTC-USD', 'bid');
  const top = bid.mul('0.98').div(100).floor().mul(100).toNumber();
  return { top, prices: [0, 250, 500, 750, 1000].map((d) => String(top - d)) };
}

async function fillScale(page: Page, from: number, to: number) {
  await form(page).getByRole('tab', { name: 'Scale' }).click();
  await scale(page).getByLabel('From price').fill(String(from));
  await scale(page).getByLabel('To price').fill(String(to));
  await expect(scale(page).getByLabel('Number of orders')).toHaveValue('5');
  await scale(page).getByLabel('Total size').fill('0.05');
}

/** Dismisses the toasts (a click closes one), so they cover nothing in a screenshot. */
async function clearToasts(page: Page) {
  await page.evaluate(() => document.querySelectorAll('[data-testid="toasts"] > *').forEach((t) => (t as HTMLElement).click()));
}

test('a scale of 5 rests 5 orders at the previewed prices, and Cancel batch takes them all off', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInFunded(page, 'BTC-USD');
  const { top, prices } = await ladder(page);
  await fillScale(page, top, top - 1000);

  // The preview: every child at its price and 0.010 BTC, with the totals.
  const rows = page.getByTestId('scale-preview-row');
  await expect(rows).toHaveCount(5);
  for (const [i, p] of prices.entries()) {
    await expect(rows.nth(i)).toContainText(shownWhole(p));
    await expect(rows.nth(i)).toContainText('0.010');
  }
  const value = prices.reduce((a, p) => a.plus(dec(p).mul('0.01')), dec(0));
  await expect(page.getByTestId('scale-totals')).toContainText(`${value.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} USD`);

  // Sent: one summary, five resting orders at those prices.
  const send = scale(page).getByRole('button', { name: 'Place 5 buy orders' });
  await send.click();
  await expect(page.getByTestId('toasts')).toContainText('5 of 5 scale orders placed');
  await page.getByRole('tab', { name: /Open orders/ }).click();
  const open = page.getByTestId('open-order');
  await expect(open).toHaveCount(5);
  for (const p of prices) await expect(open.filter({ hasText: shownWhole(p) })).toHaveCount(1);
  const batch = page.getByTestId('scale-batch');
  await expect(batch).toContainText('5 of 5 orders placed');
  await expect(page.getByTestId('scale-batch-resting')).toHaveText('5 resting');
  await expect(page.getByTestId('scale-batch-row').filter({ hasText: 'Resting' })).toHaveCount(5);

  // The screenshot: the next ladder previewed above the batch just placed and its open orders.
  await scale(page).getByLabel('Total size').fill('0.05');
  await expect(rows).toHaveCount(5);
  await clearToasts(page);
  await page.screenshot({ path: 'docs/scale-order.png' });

  // One action cancels the whole batch.
  await batch.getByRole('button', { name: 'Cancel batch' }).click();
  await expect(open).toHaveCount(0);
  await expect(page.getByTestId('scale-batch-resting')).toHaveText('0 resting');
  await expect(page.getByRole('tab', { name: /Open orders/ })).toHaveText('Open orders (0)');
});

test('a partial failure says which child was refused and why, and Cancel batch takes the rest off', async ({ page }) => {
  test.setTimeout(90_000);
  await signInFunded(page, 'BTC-USD');
  // Post-only from 2 % under the bid up to just over the ask: the last child would take, so the
  // exchange refuses it in matching; the four under the book rest.
  const from = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.98');
  const to = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'ask'), '1.003', 'up');
  await fillScale(page, Number(from), Number(to));
  await scale(page).getByText('Post only').click();
  await expect(scale(page).getByRole('note')).toContainText('1 order is at or through the mark');
  await scale(page).getByRole('button', { name: 'Place 5 buy orders' }).click();

  const summary = page.getByTestId('toasts').filter({ hasText: '4 of 5 scale orders placed' });
  await expect(summary).toContainText('Sending stopped after order 5 was refused.');
  await expect(summary).toContainText(/Order 5 \(Buy 0\.010 BTC-USD @ [\d,.]+\): refused — alo order rejected/);
  const batch = page.getByTestId('scale-batch');
  await expect(batch).toContainText('4 of 5 orders placed');
  await expect(batch.getByTestId('scale-batch-row').nth(4)).toHaveAttribute('data-state', 'refused');
  await expect(batch.getByRole('alert')).toHaveText('Order 5 refused: alo order rejected');
  await page.getByRole('tab', { name: /Open orders/ }).click();
  await expect(page.getByTestId('open-order')).toHaveCount(4);

  await batch.getByRole('button', { name: 'Cancel batch' }).click();
  await expect(page.getByTestId('open-order')).toHaveCount(0);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the scale form and its preview fit the order sheet', async ({ page }) => {
    await signInFunded(page, 'BTC-USD');
    const { top } = await ladder(page);
    await page.getByTestId('phone-trade-bar').getByRole('button', { name: 'Buy / Long' }).tap();
    await expect(page.getByRole('dialog', { name: 'Order form' })).toBeVisible();
    await fillScale(page, top, top - 1000);
    await expect(page.getByTestId('scale-preview-row')).toHaveCount(5);
    const send = scale(page).getByRole('button', { name: 'Place 5 buy orders' });
    await send.scrollIntoViewIfNeeded();
    await expect(send).toBeInViewport();
    await clearToasts(page);
    await page.screenshot({ path: 'docs/scale-order-phone.png' });
  });
});
