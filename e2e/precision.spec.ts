import { expect, test, type Page } from '@playwright/test';
import { bestBookPrice, wholePrice } from './support/book';
import { signInFunded } from './support/session';
import { precisionOf, tooPrecise, visibleNumbers, type Precision } from './support/visible-numbers';

// Issue 18 #5: after fills, a partial close, an isolated margin edit and a TP/SL edit, no number
// the trade page shows (positions, orders, histories, the order form and its summary, the position
// editors, the toasts) has more decimals than its asset's or symbol's precision.

test.use({ viewport: { width: 1440, height: 900 } });

const form = (page: Page) => page.getByTestId('order-form');
const toasts = (page: Page) => page.getByTestId('toasts');
const accountTab = (page: Page, name: RegExp) => page.getByTestId('account-tabs').getByRole('tab', { name });

const REGIONS = {
  account: '[data-testid="account-tabs"]',
  health: '[data-testid="account-health"]',
  'order form': '[data-testid="order-form"]',
  toasts: '[data-testid="toasts"]',
  dialogs: '[role="dialog"]',
};

/** What the page shows now, checked against the precision; `where` names the screen in the failure. */
async function expectExact(page: Page, precision: Precision, where: string, seen: string[]) {
  const numbers = await visibleNumbers(page, REGIONS);
  expect(numbers.length, `${where}: numbers read`).toBeGreaterThan(0);
  seen.push(...tooPrecise(numbers, precision).map((line) => `${where} · ${line}`));
}

async function marketOrder(page: Page, side: 'Buy / Long' | 'Sell / Short', size: string) {
  // The fill toast comes on the streams: right after a page load they may still be connecting (the
  // fill then shows in Positions without a toast), so the order waits for them, as a trader sees them live.
  await expect(page.getByTestId('stream-state-market')).toHaveAttribute('data-health', 'live');
  await expect(page.getByTestId('stream-state-orders')).toHaveAttribute('data-health', 'live');
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await form(page).getByRole('radio', { name: side }).click();
  await page.locator('#order-size').fill(size);
  await page.getByTestId('submit-order').click();
  await expect(toasts(page)).toContainText('Filled');
}

test('every amount on the trade page is shown at its precision after fills and edits', async ({ page }) => {
  const precision = await precisionOf(page.request, ['ETH-USD', 'XAU-USD']);
  const seen: string[] = [];

  // An isolated position and a margin edit.
  await signInFunded(page, 'XAU-USD');
  await form(page).getByRole('radio', { name: 'Isolated' }).click();
  await expect(toasts(page)).toContainText('margin mode: isolated');
  await marketOrder(page, 'Buy / Long', '0.7');
  await accountTab(page, /Positions/).click();
  const xau = page.getByTestId('position-XAU-USD');
  await xau.getByTitle('Add or remove isolated margin').click();
  await expectExact(page, precision, 'isolated margin editor', seen);
  await page.getByLabel('Amount USD').fill('10.5');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toasts(page)).toContainText('Added 10.5 USD margin to XAU-USD');
  await expectExact(page, precision, 'after the margin edit', seen);

  // Fills, a partial close and a TP/SL edit on a cross position.
  await page.goto('/trade/ETH-USD');
  await marketOrder(page, 'Buy / Long', '0.3');
  await marketOrder(page, 'Sell / Short', '0.1');
  await expectExact(page, precision, 'after fills and a partial close', seen);
  await accountTab(page, /Positions/).click();
  const eth = page.getByTestId('position-ETH-USD');
  await expect(eth).toContainText('0.200 ETH');
  await eth.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByTestId('position-tpsl-editor');
  await editor.getByLabel('Take profit ROE %').fill('25');
  await editor.getByLabel('Stop loss Loss USD').fill('7');
  await expectExact(page, precision, 'TP/SL editor', seen);
  await editor.getByRole('button', { name: 'Save TP/SL' }).click();
  await expect(toasts(page)).toContainText('TP/SL set');
  await expectExact(page, precision, 'after the TP/SL edit', seen);
  await eth.getByRole('button', { name: 'Limit' }).click();
  await expectExact(page, precision, 'limit close editor', seen);
  await eth.getByRole('button', { name: 'Limit' }).click();

  // A resting order, and the order form's summary for a limit being typed.
  const bid = await bestBookPrice(page.request, 'ETH-USD', 'bid');
  await form(page).getByRole('tab', { name: 'Limit' }).click();
  await form(page).getByRole('radio', { name: 'Buy / Long' }).click();
  await page.locator('#order-price').fill(wholePrice(bid, '0.97'));
  await page.locator('#order-size').fill('0.137');
  await page.getByTestId('submit-order').click();
  await expect(toasts(page)).toContainText('Order placed');
  await page.locator('#order-size').fill('0.137');
  await expect(page.getByTestId('order-preview')).toContainText('Fee (est.)');
  for (const tab of [/Open orders/, /Order history/, /Trade history/, /Funding/, /Positions/]) {
    await accountTab(page, tab).click();
    await expectExact(page, precision, `${tab.source} tab`, seen);
  }
  // An order's detail: its facts, timeline and fills.
  await accountTab(page, /Order history/).click();
  await page.getByRole('button', { name: /, details of order \d+/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectExact(page, precision, 'order detail', seen);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(seen).toEqual([]);

  // Leave the devnet as found: nothing resting, nothing open.
  await accountTab(page, /Open orders/).click();
  await page.getByTestId('cancel-all').click();
  await expect(page.getByTestId('open-order')).toHaveCount(0);
  await accountTab(page, /Positions/).click();
  await page.getByTestId('close-all').click();
  await page.getByRole('button', { name: /^Close 2 positions$/ }).click();
  await expect(page.getByTestId('position-ETH-USD')).toHaveCount(0);
  await expect(page.getByTestId('position-XAU-USD')).toHaveCount(0);
});
