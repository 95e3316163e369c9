import { expect, test, type Page } from '@playwright/test';
import { bestBookPrice, wholePrice } from './support/book';
import { signInFunded } from './support/session';

// The account commands beside new_order — margin mode, leverage, isolated margin, cancel all and the
// position's market close — each end to end through the trade layer's mutations.

const form = (page: Page) => page.getByTestId('order-form');
const toasts = (page: Page) => page.getByTestId('toasts');

test('isolated margin at 5×: open, add margin, close at market', async ({ page }) => {
  await signInFunded(page, 'ETH-USD');
  const isolated = form(page).getByRole('radio', { name: 'Isolated' });
  await isolated.click();
  await expect(toasts(page)).toContainText('ETH-USD margin mode: isolated');
  await expect(isolated).toHaveAttribute('aria-checked', 'true');

  await form(page).getByLabel('Leverage', { exact: true }).fill('5');
  await form(page).getByRole('button', { name: 'Apply' }).click();
  await expect(toasts(page)).toContainText('Leverage set to 5× on ETH-USD');
  await expect(form(page).getByRole('button', { name: 'Apply' })).toHaveCount(0);

  await form(page).getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill('0.5');
  await page.getByTestId('submit-order').click();
  await page.getByRole('tab', { name: /Positions/ }).click();
  const row = page.getByTestId('position-ETH-USD');
  await expect(row).toContainText('Isolated');

  await row.getByTitle('Add or remove isolated margin').click();
  await page.getByLabel('Amount USD').fill('10');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toasts(page)).toContainText('Added 10 USD margin to ETH-USD');

  await row.getByRole('button', { name: 'Market' }).click();
  await expect(row).toHaveCount(0);
});

test('cancel all takes every listed open order off the book', async ({ page }) => {
  await signInFunded(page, 'BTC-USD');
  const bid = await bestBookPrice(page.request, 'BTC-USD', 'bid');
  await form(page).getByRole('tab', { name: 'Limit' }).click();
  for (const factor of ['0.97', '0.96']) {
    await page.locator('#order-price').fill(wholePrice(bid, factor));
    await page.locator('#order-size').fill('0.01');
    await page.getByTestId('submit-order').click();
    await expect(toasts(page)).toContainText('Order placed');
  }
  await page.getByRole('tab', { name: /Open orders/ }).click();
  await expect(page.getByTestId('open-order')).toHaveCount(2);
  await page.getByTestId('cancel-all').click();
  await expect(page.getByTestId('open-order')).toHaveCount(0);
});
