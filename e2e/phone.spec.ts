import { expect, test, type Locator, type Page } from '@playwright/test';
import { bestBookPrice, wholePrice } from './support/book';
import { signInFunded } from './support/session';

// The phone journey (issue 18 #7) at 390x844 with touch: trade from the order sheet with the book
// in sight, then close the position and cancel the order from their cards, never scrolling sideways.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const form = (page: Page) => page.getByTestId('order-form');
const panels = (page: Page) => page.getByRole('tablist', { name: 'Panels' });

/** The page does not scroll sideways, and the element sits wholly inside the screen. */
async function inView(page: Page, el: Locator) {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
  const box = (await el.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
}

async function openSheet(page: Page, side: 'Buy / Long' | 'Sell / Short') {
  await page.getByTestId('phone-trade-bar').getByRole('button', { name: side }).tap();
  const sheet = page.getByRole('dialog', { name: 'Order form' });
  await expect(sheet).toBeVisible();
  return sheet;
}

async function closeSheet(page: Page) {
  await page.getByRole('button', { name: 'Close the order form' }).tap();
  await expect(page.getByTestId('phone-trade-bar')).toBeVisible();
}

test('phone: trade from the sheet with the book in sight, close and cancel from the cards', async ({ page }) => {
  await signInFunded(page, 'ETH-USD');

  // Buy / Sell open the order form as a sheet; the book stays visible above it, spread and all.
  const sheet = await openSheet(page, 'Buy / Long');
  const sheetTop = (await sheet.boundingBox())!.y;
  for (const part of ['book-asks', 'book-spread', 'book-bids']) {
    await expect(page.getByTestId(part)).toBeVisible();
    const box = (await page.getByTestId(part).boundingBox())!;
    expect(box.y + box.height, `${part} is above the sheet`).toBeLessThanOrEqual(sheetTop + 1);
  }
  await expect(page.getByTestId('book-bids-row').first()).toBeVisible();
  // No keyboard on a touch screen: no "Enter sends · B / S" hint.
  await expect(page.getByTestId('order-form-keys')).toBeHidden();

  await form(page).getByRole('tab', { name: 'Market' }).tap();
  await page.locator('#order-size').fill('0.1');
  await page.getByTestId('submit-order').tap();
  await expect(page.getByTestId('toasts')).toContainText('Filled');
  // The phone shows the newest toast only, over the header: the panel tabs below stay tappable.
  const shown = page.getByTestId('toasts').locator('[role=status], [role=alert]');
  await expect(shown).toHaveCount(1);
  const toastBox = (await shown.boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual((await panels(page).boundingBox())!.y);
  await closeSheet(page);

  // The position as a card: its numbers and its close buttons on the screen.
  await panels(page).getByRole('tab', { name: 'Account' }).tap();
  await page.getByRole('tab', { name: /Positions/ }).tap();
  const card = page.getByTestId('position-ETH-USD');
  await expect(card).toContainText('0.100 ETH');
  for (const label of ['Size', 'Entry', 'Mark', 'Liq. price', 'uPnL (ROE)']) {
    await expect(card.locator(`td[data-label="${label}"]`)).toBeVisible();
  }
  const close = card.getByRole('button', { name: 'Market' });
  await inView(page, close);
  await inView(page, card);
  if (process.env.DOCS_SHOTS !== 'off') {
    await page.evaluate(() => document.querySelectorAll('[data-testid="toasts"] > *').forEach((t) => (t as HTMLElement).click()));
    await page.screenshot({ path: 'docs/phone-positions.png' });
  }
  await close.tap();
  await expect(card).toHaveCount(0);

  // A resting order as a card, canceled from it.
  const bid = await bestBookPrice(page.request, 'ETH-USD', 'bid');
  await openSheet(page, 'Buy / Long');
  await form(page).getByRole('tab', { name: 'Limit' }).tap();
  await page.locator('#order-price').fill(wholePrice(bid, '0.97'));
  await page.locator('#order-size').fill('0.1');
  await page.getByTestId('submit-order').tap();
  await expect(page.getByTestId('toasts')).toContainText('Order placed');
  await closeSheet(page);
  await panels(page).getByRole('tab', { name: 'Account' }).tap();
  await page.getByRole('tab', { name: /Open orders/ }).tap();
  const order = page.getByTestId('open-order');
  await expect(order).toHaveCount(1);
  const cancel = order.getByRole('button', { name: 'Cancel', exact: true });
  await inView(page, cancel);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/phone-open-order.png` });
  await cancel.tap();
  await expect(order).toHaveCount(0);
});
