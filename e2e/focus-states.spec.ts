import { expect, test, type Page } from '@playwright/test';
import { openSignIn, signInFunded } from './support/session';

// Issue 28: where the keyboard focus goes when a dialog or the phone order sheet opens and closes
// (it is taken, kept inside, and given back, never left on <body>), with screenshots of the focus.

const focusedInside = (page: Page, testIdOrRole: string) =>
  page.evaluate((sel) => !!document.querySelector(sel)?.contains(document.activeElement), testIdOrRole);

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sign-in dialog takes the focus, keeps it through Tab and Shift+Tab, and Esc gives it back to Sign in', async ({ page }) => {
    await page.goto('/trade/BTC-USD');
    const dialog = await openSignIn(page);
    await expect(dialog).toBeFocused();
    for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
    expect(await focusedInside(page, '[role=dialog][aria-label="Sign in"]')).toBe(true);
    for (let i = 0; i < 20; i++) await page.keyboard.press('Shift+Tab');
    expect(await focusedInside(page, '[role=dialog][aria-label="Sign in"]')).toBe(true);
    // To the devnet wallet, as a keyboard user would, for the picture.
    const wallet = dialog.getByRole('button', { name: /Devnet wallet/ });
    for (let i = 0; i < 10 && !(await wallet.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(wallet).toBeFocused();
    await page.screenshot({ path: 'docs/focus-sign-in.png' });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeFocused();
  });

  test('signing in with the keyboard leaves the focus on the account menu', async ({ page }) => {
    await page.goto('/trade/BTC-USD');
    const dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: /Devnet wallet/ }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeFocused();
  });

  test('Settings and Shortcuts keep the focus and give it back to the gear on Esc', async ({ page }) => {
    await page.goto('/trade/BTC-USD');
    await page.getByTestId('settings-button').focus();
    await page.keyboard.press('Enter');
    const settings = page.getByTestId('settings-dialog');
    await expect(settings).toBeFocused();
    for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
    expect(await focusedInside(page, '[data-testid=settings-dialog]')).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('settings-button')).toBeFocused();
    await page.keyboard.press('?');
    const shortcuts = page.getByTestId('shortcuts-overlay');
    await expect(shortcuts).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await focusedInside(page, '[data-testid=shortcuts-overlay]')).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('settings-button')).toBeFocused();
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the order sheet takes the focus, keeps it, and Esc closes it back to Buy / Long', async ({ page }) => {
    await signInFunded(page, 'ETH-USD');
    await page.getByTestId('phone-trade-bar').getByRole('button', { name: 'Buy / Long' }).focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Order form' });
    await expect(sheet).toBeFocused();
    await expect(sheet).toHaveAttribute('aria-modal', 'true');
    for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
    expect(await focusedInside(page, '[data-testid=order-sheet]')).toBe(true);
    await page.getByRole('button', { name: 'Close the order form' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await page.screenshot({ path: 'docs/focus-phone-sheet.png' });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('phone-trade-bar')).toBeVisible();
    await expect(page.getByTestId('phone-trade-bar').getByRole('button', { name: 'Buy / Long' })).toBeFocused();
  });
});
