import { expect, test, type Page } from '@playwright/test';
import { dec } from '../src/lib/decimal';
import { bestBookPrice, shownWhole, wholePrice } from './support/book';
import { signInFunded } from './support/session';

const form = (page: Page) => page.getByTestId('order-form');

test('every devnet symbol renders live data', async ({ page }) => {
  for (const symbol of ['BTC-USD', 'ETH-USD', 'XAU-USD', 'XAG-USD']) {
    await page.goto(`/trade/${symbol}`);
    await expect(page.getByTestId('book-bids').getByTestId('book-bids-row').first()).toContainText(/\d/);
    await expect(page.getByTestId('book-asks').getByTestId('book-asks-row').first()).toContainText(/\d/);
    await expect(page.getByTestId('book-spread')).toContainText(/\d/);
    await expect(page.getByTestId('market-stats')).toContainText(/Mark\s*[\d,]+\.\d/);
    await expect(page.getByTestId('recent-trades')).toContainText(/\d{2}:\d{2}:\d{2}/);
    await expect(page.locator('canvas').first()).toBeVisible();
  }
});

test('a limit order rests, shows in open orders, and is cancelled', async ({ page }) => {
  await signInFunded(page);
  const price = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.98');
  await form(page).getByRole('tab', { name: 'Limit' }).click();
  await page.locator('#order-price').fill(price);
  await page.locator('#order-size').fill('0.01');
  await page.getByTestId('submit-order').click();
  await page.getByRole('tab', { name: /Open orders/ }).click();
  const row = page.getByTestId('open-order').filter({ hasText: shownWhole(price) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Cancel/ }).click();
  await expect(row).toHaveCount(0);
});

test('a market order fills and the position appears with its size and entry', async ({ page }) => {
  await signInFunded(page, 'ETH-USD');
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill('0.5');
  await page.getByTestId('submit-order').click();
  await page.getByRole('tab', { name: /Positions/ }).click();
  const row = page.getByTestId('position-ETH-USD');
  await expect(row).toBeVisible();
  await expect(row).toContainText('0.5');
  await expect(row).toContainText(/Long/);
  // The entry is the volume-weighted price of the fills listed in Trade history.
  const shown = (t: string) => dec(t.replace(/,/g, ''));
  const entry = shown(await row.locator('td').nth(3).innerText());
  await page.getByRole('tab', { name: 'Trade history' }).click();
  const fills = page.getByTestId('trade-history').locator('tbody tr');
  await expect(fills.first()).toContainText('ETH-USD');
  const cells = await fills.evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  const qty = cells.reduce((sum, c) => sum.plus(shown(c[4]!)), dec(0));
  const vwap = cells.reduce((sum, c) => sum.plus(shown(c[3]!).mul(shown(c[4]!))), dec(0)).div(qty);
  expect(qty.toFixed()).toBe('0.5');
  // Within the displayed price's rounding (a difference, not money).
  expect(entry.minus(vwap).abs().toNumber()).toBeLessThanOrEqual(0.01);
});

test('an ALO that would cross is shown as rejected with the service message', async ({ page }) => {
  await signInFunded(page);
  const crossing = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'ask'), '1.002', 'up');
  await form(page).getByRole('tab', { name: 'Limit' }).click();
  await page.locator('#order-price').fill(crossing);
  await page.locator('#order-size').fill('0.01');
  await form(page).getByLabel('Time in force').selectOption('alo');
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('toasts')).toContainText(/alo order rejected/i);
});

test('validation errors appear at the field and keep what was typed', async ({ page }) => {
  await signInFunded(page);
  await form(page).getByRole('tab', { name: 'Limit' }).click();
  await page.locator('#order-price').fill('95000.123');
  await page.locator('#order-size').fill('0.00001');
  await page.getByTestId('submit-order').click();
  await expect(page.locator('#order-price-error')).toBeVisible();
  await expect(page.locator('#order-size-error')).toBeVisible();
  await expect(page.locator('#order-price')).toHaveValue('95000.123');
  await expect(page.locator('#order-size')).toHaveValue('0.00001');
});
