import { expect, test } from '@playwright/test';

test('the trade page shows live markets from the devnet without a wallet', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/trade\/BTC-USD$/);
  await expect(page.getByTestId('service-status')).toContainText('Market live');
  for (const symbol of ['BTC-USD', 'ETH-USD', 'XAU-USD', 'XAG-USD']) {
    await expect(page.getByTestId(`market-${symbol}`)).toBeVisible();
  }
});
