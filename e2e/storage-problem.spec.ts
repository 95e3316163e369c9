import { expect, test } from '@playwright/test';
import { openSignIn } from './support/session';

// Issue 18 leftover: a browser that cannot keep the session key (here every IndexedDB write fails,
// as with a full quota) is told so on the trade page, where the trader is, not only on Wallets.

test('a session the browser cannot keep is said on the trade page and on Wallets', async ({ page }, testInfo) => {
  await page.addInitScript(() => {
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.goto('/trade/BTC-USD');
  await expect(page.getByTestId('storage-problem')).toHaveCount(0);
  // Signed in for this page (signInWith would wait for the stored session, which never comes).
  const dialog = await openSignIn(page);
  await dialog.getByRole('button', { name: /Devnet wallet/ }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId('account-menu')).toBeVisible();

  const problem = page.getByTestId('storage-problem');
  await expect(problem).toBeVisible();
  await expect(problem).toHaveText(/^This browser could not keep your session \(.*quota.*\): after a reload you will need to sign in again\.$/);
  await page.screenshot({ path: testInfo.outputPath('storage-problem-trade.png') });

  await page.getByTestId('wallets-link').click();
  await expect(page.getByTestId('storage-problem')).toHaveText(/could not keep your session/);
});
