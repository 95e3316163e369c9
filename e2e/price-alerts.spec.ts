import { expect, test } from '@playwright/test';
import { dec } from '../src/lib/decimal';
import { shownWhole, wholePrice } from './support/book';
import { BASE } from './support/ports';

// Issue 31: a price alert set above the mark fires once, as a toast, when the market moves through
// it (the devnet's oracle moved by /devnet/mark), and is kept — fired — across a reload.

const SYMBOL = 'ETH-USD';

test('an alert above the mark fires once when the market moves through it, and stays fired after a reload', async ({ page }) => {
  await page.goto(`/trade/${SYMBOL}`);
  await expect(page.getByTestId('book-asks-row').first()).toContainText(/\d/);
  const price = async () => (await (await page.request.get(`${BASE}/api/query_symbol_price?symbol=${SYMBOL}`)).json()) as { mark_price: string; index_price: string };
  const { mark_price: mark, index_price: index } = await price();
  const level = wholePrice(dec(mark), '1.003', 'up');

  await page.getByTestId('alerts-button').click();
  const dialog = page.getByTestId('price-alerts-dialog');
  const field = dialog.getByLabel('Alert price');
  await expect(field).toBeFocused();
  // Bad input is refused beside the field and kept as typed; nothing is added.
  await field.fill('12,34.5');
  await dialog.getByRole('button', { name: 'Add alert' }).click();
  await expect(dialog).toContainText('Commas go between groups of three digits');
  await expect(field).toHaveValue('12,34.5');
  await expect(dialog.getByTestId('price-alert')).toHaveCount(0);

  await field.fill(level);
  await expect(dialog.getByTestId('alert-preview')).toContainText(`Mark rises to ${shownWhole(level)}.00`);
  await field.press('Enter');
  const row = dialog.getByTestId('price-alert');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${SYMBOL}`);
  await expect(row.getByTestId('price-alert-state')).toHaveText('Armed');
  await dialog.screenshot({ path: 'docs/price-alerts.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('alerts-button')).toHaveAccessibleName('Alerts 1 armed');

  const toast = page.getByTestId('toasts').getByText(`${SYMBOL} mark rose to ${shownWhole(level)}.00`);
  try {
    expect((await page.request.post(`${BASE}/devnet/mark`, { data: { symbol: SYMBOL, price: wholePrice(dec(index), '1.01') } })).status()).toBe(200);
    await expect(toast).toHaveCount(1, { timeout: 15_000 });
    // Later ticks above the level do not fire it again.
    await page.waitForTimeout(2_500);
    await expect(toast).toHaveCount(1);
  } finally {
    await page.request.post(`${BASE}/devnet/mark`, { data: { symbol: SYMBOL, price: index } });
  }
  await expect(page.getByTestId('alerts-button')).toHaveAccessibleName('Alerts');

  await page.reload();
  await page.getByTestId('alerts-button').click();
  await expect(page.getByTestId('price-alert').getByTestId('price-alert-state')).toContainText(/^Fired .+ at [\d,]+\.\d{2}$/);
  await page.getByRole('button', { name: /^Delete ETH-USD alert/ }).click();
  await expect(page.getByTestId('price-alert')).toHaveCount(0);
  await expect(page.getByLabel('Alert price')).toBeFocused();
});
