import { expect, type Page } from '@playwright/test';

/** The stored session's token (IndexedDB), or null: how a test knows sign-in finished. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('perps-session');
        open.onsuccess = () => {
          try {
            const get = open.result.transaction('session').objectStore('session').get('current');
            get.onsuccess = () => resolve((get.result as { token?: string } | undefined)?.token ?? null);
            get.onerror = () => resolve(null);
          } catch {
            resolve(null);
          }
        };
        open.onerror = () => resolve(null);
      }),
  );
}

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
