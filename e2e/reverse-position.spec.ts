import { expect, test, type Page } from '@playwright/test';
import { signInFunded } from './support/session';

// Reverse a position (issue 30) against the devnet: the row's Reverse button, then the position
// hotkeys — Shift+2 closes half, Shift+R reverses — and the question they ask when market orders are
// confirmed (screenshots docs/reverse-position.png, docs/reverse-position-phone.png).

test.use({ viewport: { width: 1440, height: 900 } });

const form = (page: Page) => page.getByTestId('order-form');
const toasts = (page: Page) => page.getByTestId('toasts');

/** Settings → confirmations → "Sending a market order" on; the dialog closed again. */
async function confirmMarketOrders(page: Page) {
  await page.getByTestId('settings-button').click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByLabel('Sending a market order').check();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

test('reverse long 0.1 → short 0.1 by the button, close 50 % and reverse by keys, and the question when market orders are confirmed', async ({ page }) => {
  test.setTimeout(60_000);
  await signInFunded(page, 'BTC-USD');
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill('0.1');
  await page.getByTestId('submit-order').click();
  await expect(toasts(page)).toContainText('Filled: Buy 0.100 BTC-USD');
  await page.getByRole('tab', { name: /Positions/ }).click();
  const row = page.getByTestId('position-BTC-USD');
  await expect(row).toContainText('Long');

  // The button: one action, the opposite position of the same size.
  await row.getByRole('button', { name: 'Reverse BTC-USD long 0.100 to short' }).click();
  await expect(toasts(page)).toContainText('Reversed: BTC-USD long 0.100 → short 0.100');
  await expect(row).toContainText('Short');
  await expect(row).toContainText('0.100 BTC');

  // Keys on the row with the focus: Shift+2 closes half at market (0.1 → 0.05), Shift+R reverses it.
  await row.getByRole('button', { name: /^Reverse BTC-USD short/ }).focus();
  await page.keyboard.press('Shift+Digit2');
  await expect(row).toContainText('0.050 BTC');
  await expect(row).toContainText('Short');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+KeyR');
  await expect(toasts(page)).toContainText('Reversed: BTC-USD short 0.050 → long 0.050');
  await expect(row).toContainText('Long');
  await expect(row).toContainText('0.050 BTC');

  // Market orders confirmed: the button asks first, says what it sends; Cancel sends nothing.
  await confirmMarketOrders(page);
  const reverse = row.getByRole('button', { name: 'Reverse BTC-USD long 0.050 to short' });
  await reverse.click();
  const question = page.getByRole('dialog', { name: 'Reverse the position at market?' });
  await expect(question).toContainText('BTC-USD: long 0.050 BTC → short 0.050 BTC');
  await expect(question).toContainText('In all: 2 orders.');
  await page.screenshot({ path: 'docs/reverse-position.png' });
  await question.getByRole('button', { name: 'Reverse', exact: true }).click();
  await expect(question).toHaveCount(0);
  await expect(toasts(page)).toContainText('Reversed: BTC-USD long 0.050 → short 0.050');
  await expect(row).toContainText('Short');
  // The question gave the focus back to the row's Reverse button (the row re-drawn for the short).
  await expect(row.getByRole('button', { name: 'Reverse BTC-USD short 0.050 to long' })).toBeFocused();

  // The same question on a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Account' }).click();
  await row.getByRole('button', { name: 'Reverse BTC-USD short 0.050 to long' }).click();
  await expect(question).toContainText('BTC-USD: short 0.050 BTC → long 0.050 BTC');
  await page.screenshot({ path: 'docs/reverse-position-phone.png' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  await expect(row).toContainText('Short');
});

test('the hotkeys are in the ? list; with no position they say so, not silence; off in settings, nothing', async ({ page }) => {
  await signInFunded(page, 'BTC-USD');
  await page.keyboard.press('?');
  const help = page.getByTestId('shortcuts-overlay');
  await expect(help).toContainText('Shift+R');
  await expect(help).toContainText('Close 50 % (reduce-only)');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await page.keyboard.press('Shift+Digit3');
  await expect(toasts(page)).toContainText('No BTC-USD position to close');
  await page.keyboard.press('Shift+KeyR');
  await expect(toasts(page)).toContainText('There is no BTC-USD position to reverse.');

  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-dialog').getByLabel('Keyboard shortcuts').uncheck();
  await page.keyboard.press('Escape');
  const dismiss = toasts(page).getByRole('button', { name: 'Dismiss', exact: true });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await expect(toasts(page)).not.toContainText('position to');
  await page.keyboard.press('Shift+KeyR');
  await page.keyboard.press('Shift+Digit1');
  await page.waitForTimeout(500); // nothing is to come: a short wait, then nothing said
  await expect(toasts(page)).not.toContainText('position to');
});
