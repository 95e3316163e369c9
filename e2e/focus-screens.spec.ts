import { expect, test, type Page } from '@playwright/test';

// Issue 28 #5, #7: the focus states a keyboard user sees — the skip link, the order book as one Tab
// stop with its active level outlined, the market picker with its highlighted market — with
// screenshots of each (desktop and phone) in docs/.

const levels = (page: Page) => page.getByRole('listbox', { name: 'Order book levels' });

async function openTradePage(page: Page) {
  await page.goto('/trade/BTC-USD');
  await expect(page.getByTestId('book-asks-row').first()).toContainText(/\d/);
  await expect(page.getByTestId('order-form')).toBeVisible();
}

test('skip link: first Tab stop, visible on focus, onto the order form', async ({ page }) => {
  await openTradePage(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to order form' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.screenshot({ path: 'docs/focus-skip-link.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('order-form').getByRole('tab', { name: 'Limit' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('BTC-USD perpetual');
});

test('order book: one Tab stop, arrows move the active level, Enter puts its price in the form', async ({ page }) => {
  await openTradePage(page);
  await levels(page).focus();
  const active = page.locator('[data-book-levels] [data-active]');
  await expect(active).toHaveAccessibleName(/^Ask [\d,]+\.\d+, size [\d.]+ BTC, total [\d.]+ BTC$/);
  await page.keyboard.press('ArrowDown');
  await expect(active).toHaveAccessibleName(/^Bid /);
  await page.keyboard.press('ArrowDown');
  await page.screenshot({ path: 'docs/focus-book.png' });
  await page.keyboard.press('Enter');
  await expect(page.locator('#order-price')).toHaveValue(/^\d+(\.\d+)?$/);
  // The next Tab leaves the book: no level is a Tab stop of its own.
  await levels(page).focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-testid=order-book] :focus')).toHaveCount(0);
});

test('market picker: arrows move a clearly outlined highlight, Esc returns to the opener', async ({ page }) => {
  await openTradePage(page);
  await page.getByTestId('symbol-selector').focus();
  await page.keyboard.press('Enter');
  const search = page.getByRole('combobox', { name: 'Search markets' });
  await expect(search).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox', { name: 'Markets' }).getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: 'docs/focus-picker.png' });
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
  await expect(page.getByTestId('symbol-selector')).toBeFocused();
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('phone: the skip link opens the order sheet onto the form; book and picker focus states', async ({ page }) => {
    await page.goto('/trade/BTC-USD');
    await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name: 'Book' }).click();
    await expect(page.getByTestId('book-asks-row').first()).toContainText(/\d/);
    await levels(page).focus();
    await page.keyboard.press('ArrowUp');
    await page.screenshot({ path: 'docs/focus-book-phone.png' });

    await page.getByTestId('symbol-selector').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox', { name: 'Markets' }).getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.screenshot({ path: 'docs/focus-picker-phone.png' });
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Skip to order form' }).focus();
    await page.screenshot({ path: 'docs/focus-skip-link-phone.png' });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Order form' })).toBeVisible();
    await expect(page.getByTestId('order-form').getByRole('tab', { name: 'Limit' })).toBeFocused();
  });
});
