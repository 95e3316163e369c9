import { expect, type Page } from '@playwright/test';
import { BASE } from './ports';
import { storedToken } from './stored-token';

export { storedToken };

export async function openSignIn(page: Page) {
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: /Sign in/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Signs in with the named wallet option of the dialog and waits for the stored session. */
export async function signInWith(page: Page, wallet: RegExp) {
  const dialog = await openSignIn(page);
  await dialog.getByRole('button', { name: wallet }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect.poll(() => storedToken(page), { timeout: 15_000 }).not.toBeNull();
  await expect(page.getByTestId('account-menu')).toBeVisible();
}

/** Signs in with the built-in devnet wallet and funds the Perps Wallet through the devnet faucet. */
export async function signInFunded(page: Page, symbol = 'BTC-USD') {
  await page.goto(`/trade/${symbol}`);
  await signInWith(page, /Devnet wallet/);
  const token = (await storedToken(page))!;
  const res = await page.request.post(`${BASE}/devnet/faucet`, {
    headers: { authorization: `Bearer ${token}` },
    data: { amount: '50000', wallet: 'perps' },
  });
  expect(res.status()).toBe(200);
  // The faucet's credit reaches the form through the balance stream.
  await expect(page.getByTestId('available')).toContainText('50,000');
  return token;
}
