import { expect, type Page } from '@playwright/test';
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
