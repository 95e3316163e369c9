import { expect, type Page } from '@playwright/test';

/** A market order of the trade page's form, waited for until Order history lists it filled. */
export async function marketOrderFilled(page: Page, side: 'Buy / Long' | 'Sell / Short', size: string) {
  const form = page.getByTestId('order-form');
  await form.getByRole('tab', { name: 'Market' }).click();
  await form.getByRole('radio', { name: side }).click();
  await page.locator('#order-size').fill(size);
  await page.getByTestId('submit-order').click();
  await page.getByRole('tab', { name: 'Order history' }).click();
  const newest = page.getByTestId('order-history-row').first();
  await expect(newest).toContainText(side === 'Buy / Long' ? 'Buy' : 'Sell');
  await expect(newest).toContainText('Filled');
}
