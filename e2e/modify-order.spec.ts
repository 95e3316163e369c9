import { expect, test, type Page } from '@playwright/test';
import { dec } from '../src/lib/decimal';
import { bestBookPrice, shownWhole, wholePrice } from './support/book';
import { nodeTrader } from './support/node-trader';
import { signInFunded } from './support/session';

// Issue 17 #1: modify an open order (cancel-and-replace) from the open-orders table and by dragging
// its chart line. Every test cancels what it leaves resting.

/**
 * Orders and modifies go over the order stream when it is logged in (order-path.ts); tests that hold,
 * refuse or count HTTP cancel_order / new_order send every order over HTTP instead.
 */
const overHttp = (page: Page) => page.addInitScript(() => localStorage.setItem('perps.order-path', 'http'));

const form = (page: Page) => page.getByTestId('order-form');
const openOrders = (page: Page) => page.getByTestId('open-order');

async function placeLimitBuy(page: Page, price: string, size: string) {
  await form(page).getByRole('tab', { name: 'Limit' }).click();
  await page.locator('#order-price').fill(price);
  await page.locator('#order-size').fill(size);
  await page.getByTestId('submit-order').click();
  await page.getByRole('tab', { name: /Open orders/ }).click();
  await expect(openOrders(page).filter({ hasText: shownWhole(price) })).toBeVisible();
}

async function cancelEverything(page: Page) {
  await page.getByRole('tab', { name: /Open orders/ }).click();
  if ((await openOrders(page).count()) > 0) await page.getByTestId('cancel-all').click();
  await expect(openOrders(page)).toHaveCount(0);
}

test('from the open-orders table: the row says it is replacing, then shows the new price and size; the old order is canceled', async ({ page }) => {
  await overHttp(page);
  await signInFunded(page);
  const bid = await bestBookPrice(page.request, 'BTC-USD', 'bid');
  const before = wholePrice(bid, '0.98');
  const after = wholePrice(bid, '0.975');
  await placeLimitBuy(page, before, '0.01');

  // The cancel is held back a moment, so the in-between state stays on screen long enough to see.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/cancel_order', async (route) => {
    await held;
    await route.continue();
  });

  const row = openOrders(page).filter({ hasText: shownWhole(before) });
  await row.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByTestId('order-modify-editor');
  await editor.getByLabel('New price').fill('95000.123');
  await expect(editor.getByRole('alert')).toContainText(/Price moves in steps of/);
  await expect(editor.getByLabel('New price')).toHaveValue('95000.123');
  await editor.getByLabel('New price').fill(after);
  await editor.getByLabel('New size').fill('0.02');
  await editor.getByLabel('New size').press('Enter');

  await expect(row.getByTestId('open-order-status')).toHaveText(/Replacing: (canceling|checking)/);
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await expect(page.getByTestId('toasts')).toContainText('Modifying: Buy');
  release();

  const moved = openOrders(page).filter({ hasText: shownWhole(after) });
  await expect(moved).toBeVisible();
  await expect(moved).toContainText(/0\.020*/);
  await expect(openOrders(page)).toHaveCount(1);
  await expect(page.getByTestId('toasts')).toContainText('Order modified: Buy');

  await page.getByRole('tab', { name: 'Order history' }).click();
  await expect(page.getByTestId('order-history-row').filter({ hasText: shownWhole(before) })).toContainText(/Canceled/);

  await page.unroute('**/api/cancel_order');
  await cancelEverything(page);
});

test('a row opens the order detail; Esc closes the editor and leaves the order as it was', async ({ page }) => {
  await signInFunded(page);
  const price = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.98');
  await placeLimitBuy(page, price, '0.01');
  const row = openOrders(page).filter({ hasText: shownWhole(price) });
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByTestId('order-modify-editor').getByLabel('New price').press('Escape');
  await expect(page.getByTestId('order-modify-editor')).toHaveCount(0);
  await row.locator('td').first().click();
  await expect(page.getByTestId('order-detail')).toContainText(shownWhole(price));
  await page.keyboard.press('Escape');
  await cancelEverything(page);
});

/** Moves the pointer down the chart until it is over an order's line; its y. */
async function findOrderLine(page: Page): Promise<{ x: number; y: number }> {
  const canvas = page.getByTestId('chart-canvas');
  const box = (await canvas.boundingBox())!;
  const x = box.x + box.width * 0.4;
  for (let y = box.y + 4; y < box.y + box.height - 30; y += 2) {
    await page.mouse.move(x, y);
    if ((await canvas.getAttribute('data-hover-order')) !== null) return { x, y };
  }
  throw new Error('no order line on the chart');
}

test("dragging an order's chart line and confirming moves the order to that price, over the order stream", async ({ page }) => {
  await signInFunded(page);
  // Logged in, orders and the modify's cancel and new order go over the order stream, not HTTP.
  const overHttpCalls: string[] = [];
  page.on('request', (r) => /\/api\/(new_order|cancel_order)$/.test(new URL(r.url()).pathname) && overHttpCalls.push(r.url()));
  // Near the book so its line is within the chart's price range, not so near that it fills.
  const price = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.999');
  await placeLimitBuy(page, price, '0.01');
  await expect(page.getByTestId('chart-lines')).toContainText(/Buy 0\.010*/);

  const at = await findOrderLine(page);
  await page.mouse.down();
  await page.mouse.move(at.x, at.y + 12, { steps: 4 });
  await page.mouse.move(at.x, at.y + 25, { steps: 4 });
  await expect(page.getByTestId('chart-drag-price')).toContainText(/Move buy to [\d.]+/);
  await page.mouse.up();

  const confirm = page.getByTestId('line-drop-confirm');
  await expect(confirm).toContainText(new RegExp(`Move buy 0\\.010* @ ${shownWhole(price)}\\.?0* → [\\d,.]+\\?`));
  // The proposed price as the tables show it.
  const shown = await confirm.locator('.text-accent').innerText();
  expect(dec(shown.replace(/,/g, '')).lt(price)).toBe(true);
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  await expect(openOrders(page).filter({ hasText: shown })).toBeVisible();
  await expect(openOrders(page)).toHaveCount(1);
  await expect(page.getByTestId('toasts')).toContainText('Order modified: Buy');
  expect(overHttpCalls).toEqual([]);
  await cancelEverything(page);
});

test('Esc while dragging drops the drag: no question, nothing sent', async ({ page }) => {
  // Over HTTP, so a cancel sent would be a request this test sees (over the stream it would not be).
  await overHttp(page);
  await signInFunded(page);
  const price = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.999');
  await placeLimitBuy(page, price, '0.01');
  const cancels: string[] = [];
  page.on('request', (r) => r.url().includes('/api/cancel_order') && cancels.push(r.url()));
  const at = await findOrderLine(page);
  await page.mouse.down();
  await page.mouse.move(at.x, at.y + 20, { steps: 4 });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await expect(page.getByTestId('chart-drag-price')).toHaveCount(0);
  await expect(page.getByTestId('line-drop-confirm')).toHaveCount(0);
  expect(cancels).toEqual([]);
  await cancelEverything(page);
});

/**
 * A buy resting mid-spread (the best bid) with its editor open. The market's own flow may fill it
 * before the editor opens: then another one is placed.
 */
async function editBestBid(page: Page): Promise<string> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const bid = await bestBookPrice(page.request, 'BTC-USD', 'bid');
    const ask = await bestBookPrice(page.request, 'BTC-USD', 'ask');
    const inside = bid.plus(ask).div(2).floor().toFixed(0);
    await form(page).getByRole('tab', { name: 'Limit' }).click();
    await page.locator('#order-price').fill(inside);
    await page.locator('#order-size').fill('0.01');
    await page.getByTestId('submit-order').click();
    await page.getByRole('tab', { name: /Open orders/ }).click();
    const edit = openOrders(page).filter({ hasText: shownWhole(inside) }).getByRole('button', { name: 'Edit' });
    if (await edit.click({ timeout: 3_000 }).then(() => true, () => false)) return inside;
  }
  throw new Error('every order filled before its editor opened');
}

test('an order that fills while its editor is open: saving says so and places nothing new', async ({ page }) => {
  await signInFunded(page);
  const price = await editBestBid(page);
  const editor = page.getByTestId('order-modify-editor');
  const moveTo = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.98');
  await editor.getByLabel('New price').fill(moveTo);

  // The other trader sells down to the order's price: whatever bids moved above it, then the order.
  const other = await nodeTrader('20000');
  await other.api.trade.newOrder({ symbol: 'BTC-USD', side: 'sell', order_type: 'limit', price, qty: '0.5', time_in_force: 'ioc', reduce_only: false });
  await expect(editor).toContainText(/left Open orders/);

  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toasts')).toContainText(/Already filled — nothing changed/);
  await expect(openOrders(page)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Order history' }).click();
  await expect(page.getByTestId('order-history-row').filter({ hasText: shownWhole(price) }).first()).toContainText(/Filled/);
  // No replacement at the price typed in the editor.
  await expect(page.getByTestId('order-history-row').filter({ hasText: shownWhole(moveTo) })).toHaveCount(0);

  // The other trader's short (if the market's own flow did not fill the order first) and this
  // account's long are closed again.
  const short = (await other.api.user.queryPositions('BTC-USD')).find((p) => !dec(p.qty).isZero());
  if (short) {
    const ask = await bestBookPrice(page.request, 'BTC-USD', 'ask');
    await other.api.trade.newOrder({ symbol: 'BTC-USD', side: 'buy', order_type: 'market', qty: dec(short.qty).abs().toFixed(), time_in_force: 'ioc', reduce_only: true, price: wholePrice(ask, '1.01', 'up') });
  }
  await page.getByRole('tab', { name: /Positions/ }).click();
  await page.getByTestId('position-BTC-USD').getByRole('button', { name: 'Market' }).click();
  await expect(page.getByTestId('position-BTC-USD')).toHaveCount(0);
});

test('original canceled and the new order refused: said plainly, the values kept, and Place again puts it on the book', async ({ page }) => {
  await overHttp(page);
  await signInFunded(page);
  const bid = await bestBookPrice(page.request, 'BTC-USD', 'bid');
  const before = wholePrice(bid, '0.98');
  const after = wholePrice(bid, '0.978');
  await placeLimitBuy(page, before, '0.01');
  // The service refuses the replacement once (the modify sends it over HTTP).
  await page.route('**/api/new_order', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 400, message: 'insufficient margin', request_id: 'r-1' }) }),
  );
  await openOrders(page).filter({ hasText: shownWhole(before) }).getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByTestId('order-modify-editor');
  await editor.getByLabel('New price').fill(after);
  await editor.getByRole('button', { name: 'Save' }).click();

  const notice = page.getByTestId('modify-notice');
  await expect(notice).toContainText('Original canceled, new order refused');
  await expect(notice).toContainText('insufficient margin');
  await expect(notice).toContainText(shownWhole(after));
  await expect(openOrders(page)).toHaveCount(0);

  await page.unroute('**/api/new_order');
  await notice.getByRole('button', { name: 'Place again' }).click();
  await expect(openOrders(page).filter({ hasText: shownWhole(after) })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(openOrders(page)).toHaveCount(1);
  await cancelEverything(page);
});
