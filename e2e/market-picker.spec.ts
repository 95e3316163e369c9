import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 1440, height: 900 } });

test('the market picker finds gold by name, moves with the arrow keys, and the tab says the price and market', async ({ page }) => {
  await page.goto('/trade/BTC-USD');
  // The tab: last price at the market's precision, then the symbol.
  await expect(page).toHaveTitle(/^[\d,]+\.\d{2} · BTC-USD · Perps$/);

  await page.getByTestId('symbol-selector').click();
  const search = page.getByRole('combobox', { name: 'Search markets' });
  const options = page.getByRole('listbox', { name: 'Markets' }).getByRole('option');
  // Prices as the header shows them: grouped, at the symbol's tick.
  await expect(options.filter({ hasText: 'BTC-USD' })).toContainText(/\d{2},\d{3}\.\d{2}/);
  await expect(options.filter({ hasText: 'BTC-USD' })).toContainText('Bitcoin');

  await search.fill('gold');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('XAU-USD');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/trade\/XAU-USD$/);
  await expect(page).toHaveTitle(/ · XAU-USD · Perps$/);

  // Arrows move the highlighted market; Enter opens it.
  await page.getByTestId('symbol-selector').click();
  const names = await options.getByTestId('market-option-symbol').allInnerTexts();
  await search.press('ArrowDown');
  await search.press('ArrowDown');
  await expect(options.nth(2)).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowUp');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/trade/${names[1]}$`));
});
