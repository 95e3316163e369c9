import { expect, test } from '@playwright/test';
import { signInWith } from './support/session';

/**
 * Issue 18 #8: leaving the trade page tears the price chart down (lightweight-charts) while its
 * candles, lines and streams may still be at work; coming back builds it again. Twenty round trips
 * through the app's own links, signed in (order lines on the chart, the user streams), must raise no
 * page error and log no console error.
 */
test('Trade → Wallets → Trade twenty times raises no page error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => {
    errors.push(`pageerror: ${e.message}`);
    if (process.env.NAV_STACK) console.log(e.stack);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto('/trade/BTC-USD');
  await signInWith(page, /Devnet wallet/);
  await expect(page.getByTestId('price-chart')).toBeVisible();

  for (let i = 0; i < 20; i++) {
    await page.getByTestId('wallets-link').click();
    await expect(page).toHaveURL(/\/wallets/);
    await expect(page.getByRole('link', { name: 'Trade', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Trade', exact: true }).click();
    await expect(page).toHaveURL(/\/trade\//);
    await expect(page.getByTestId('price-chart')).toBeVisible();
  }
  // A late callback of the last chart torn down would land about now.
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});
