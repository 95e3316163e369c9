import { expect, test, type Page } from '@playwright/test';

// Issue 31: drawings on the price chart — drawn with the mouse and with the keyboard alone, listed
// as text, kept per market across a reload, selected, moved, deleted; a horizontal line's
// "Alert at this price" opens the price-alert dialog at the line's price.

test.use({ viewport: { width: 1440, height: 900 } });

const canvas = (page: Page) => page.getByTestId('chart-canvas');
const status = (page: Page) => page.getByTestId('drawing-status');
const drawingsButton = (page: Page) => page.getByTestId('drawings-button');
/** A price as shown: digits with separators and the symbol's places. */
const PRICE = '[\\d,]+\\.\\d+';

async function chartReady(page: Page) {
  await expect(page.getByTestId('book-asks-row').first()).toContainText(/\d/);
  await expect(canvas(page).locator('canvas').first()).toBeVisible();
  await expect(page.getByText('Loading candles…')).toBeHidden();
}

test('a trend line drawn with two clicks is listed, kept across a reload, selected on the chart and deleted with the Delete key', async ({ page }) => {
  await page.goto('/trade/BTC-USD');
  await page.evaluate(() => localStorage.removeItem('perps.chart-drawings'));
  await page.reload();
  await chartReady(page);
  const box = (await canvas(page).boundingBox())!;
  const a = { x: box.width * 0.3, y: box.height * 0.3 };
  const b = { x: box.width * 0.6, y: box.height * 0.2 };

  await page.getByRole('button', { name: 'Trend line', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Trend line', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(status(page)).toContainText('Trend line: click the first point');
  await canvas(page).click({ position: a });
  await expect(status(page)).toHaveText('Click the second point — Esc cancels');
  await canvas(page).click({ position: b });
  // Placed and selected: named in the status line, with its Delete.
  await expect(status(page)).toHaveText(new RegExp(`^Trend line ${PRICE} → ${PRICE}$`));
  const name = (await status(page).textContent())!;
  await expect(drawingsButton(page)).toHaveText('Drawings (1)');
  await drawingsButton(page).click();
  await expect(page.getByTestId('drawing-row')).toHaveText(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await drawingsButton(page).click();

  await page.reload();
  await chartReady(page);
  await expect(drawingsButton(page)).toHaveText('Drawings (1)');
  await expect(status(page)).toHaveText('');
  // A click on the line's middle selects it; the chart has the focus, Delete removes it.
  await canvas(page).click({ position: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } });
  await expect(status(page)).toHaveText(name);
  await expect(canvas(page)).toBeFocused();
  // Dragged up by its middle: both ends to higher prices, a new name.
  const mid = { x: box.x + (a.x + b.x) / 2, y: box.y + (a.y + b.y) / 2 };
  await page.mouse.move(mid.x, mid.y);
  await page.mouse.down();
  await page.mouse.move(mid.x + 10, mid.y - 30, { steps: 5 });
  await page.mouse.up();
  await expect(status(page)).not.toHaveText(name);
  const ends = (text: string) => [...text.matchAll(/[\d,]+\.\d+/g)].map((m) => Number(m[0].replace(/,/g, '')));
  const [fromBefore, toBefore] = ends(name);
  const [fromAfter, toAfter] = ends((await status(page).textContent())!);
  expect(fromAfter).toBeGreaterThan(fromBefore!);
  expect(toAfter).toBeGreaterThan(toBefore!);
  await page.keyboard.press('Delete');
  await expect(drawingsButton(page)).toHaveText('Drawings (0)');
  await expect(status(page)).toHaveText('');
  await expect(canvas(page)).toBeFocused();

  await page.reload();
  await chartReady(page);
  await expect(drawingsButton(page)).toHaveText('Drawings (0)');
});

test('a horizontal line drawn with the keyboard alone, moved a tick, and its "Alert at this price"', async ({ page }) => {
  await page.goto('/trade/BTC-USD');
  await page.evaluate(() => localStorage.removeItem('perps.chart-drawings'));
  await page.reload();
  await chartReady(page);

  await page.getByRole('button', { name: 'Horizontal line', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(canvas(page)).toBeFocused();
  await expect(status(page)).toContainText('Horizontal line: click a price');
  await expect(status(page)).toContainText(/Cursor [\d,]+\.\d+ at \d{4}-\d\d-\d\d \d\d:\d\d/);
  const cursorPrice = async () => Number(/Cursor ([\d,.]+) at/.exec((await status(page).textContent())!)![1]!.replace(/,/g, ''));
  const start = await cursorPrice();
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('ArrowUp');
  const raised = await cursorPrice();
  expect(raised).toBeGreaterThan(start);
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText(new RegExp(`^Horizontal line ${PRICE}$`));
  const placed = Number(/([\d,.]+)$/.exec((await status(page).textContent())!)![1]!.replace(/,/g, ''));
  expect(placed).toBe(raised);

  // Esc lets go, Tab takes it again, ↓ moves it a tick down.
  await page.keyboard.press('Escape');
  await expect(status(page)).toHaveText('');
  await page.keyboard.press('Tab');
  await expect(canvas(page)).toBeFocused();
  await expect(status(page)).toContainText('Horizontal line');
  await page.keyboard.press('ArrowDown');
  await expect(status(page)).not.toHaveText(new RegExp(`${String(placed).replace('.', '\\.')}`));
  const moved = (await status(page).textContent())!.replace(/^Horizontal line /, '');

  const alert = page.getByTestId('drawing-alert');
  await expect(alert).toHaveText('Alert at this price');
  await alert.click();
  const dialog = page.getByTestId('price-alerts-dialog');
  await expect(dialog.getByLabel('Alert price')).toHaveValue(moved.replace(/,/g, ''));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(alert).toBeFocused();

  // The selected drawing's Delete: gone, and the focus on the chart, not lost.
  await page.getByTestId('drawing-delete').click();
  await expect(drawingsButton(page)).toHaveText('Drawings (0)');
  await expect(canvas(page)).toBeFocused();
});

test('screenshots: a trend line and a selected horizontal line, desktop and phone', async ({ page, browser }) => {
  await page.goto('/trade/BTC-USD');
  await page.evaluate(() => localStorage.removeItem('perps.chart-drawings'));
  await page.reload();
  await chartReady(page);
  const box = (await canvas(page).boundingBox())!;
  await page.getByRole('button', { name: 'Trend line', exact: true }).click();
  await canvas(page).click({ position: { x: box.width * 0.25, y: box.height * 0.55 } });
  await canvas(page).click({ position: { x: box.width * 0.7, y: box.height * 0.3 } });
  await page.getByRole('button', { name: 'Price range', exact: true }).click();
  await canvas(page).click({ position: { x: box.width * 0.4, y: box.height * 0.6 } });
  await canvas(page).click({ position: { x: box.width * 0.4, y: box.height * 0.45 } });
  await page.getByRole('button', { name: 'Horizontal line', exact: true }).click();
  await canvas(page).click({ position: { x: box.width * 0.5, y: box.height * 0.2 } });
  await expect(drawingsButton(page)).toHaveText('Drawings (3)');
  await drawingsButton(page).click();
  await page.screenshot({ path: 'docs/chart-drawings.png' });
  // A Delete in the list: the focus goes to the next row's Select, never to the page.
  const list = page.getByTestId('drawings-list');
  await list.getByRole('button', { name: /^Delete Price range/ }).click();
  await expect(list.getByRole('button', { name: /^Select Horizontal line/ })).toBeFocused();
  await expect(drawingsButton(page)).toHaveText('Drawings (2)');
  const stored = await page.evaluate(() => localStorage.getItem('perps.chart-drawings'));

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await phone.goto('/trade/BTC-USD');
  await phone.evaluate((s) => localStorage.setItem('perps.chart-drawings', s!), stored);
  await phone.reload();
  await phone.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name: 'Chart' }).tap();
  await expect(phone.getByTestId('drawings-button')).toHaveText('Drawings (2)');
  // By touch: a tool, then two taps.
  const phoneCanvas = phone.getByTestId('chart-canvas');
  const pbox = (await phoneCanvas.boundingBox())!;
  await phone.getByRole('button', { name: 'Trend line', exact: true }).tap();
  await phoneCanvas.tap({ position: { x: pbox.width * 0.2, y: pbox.height * 0.7 } });
  await expect(phone.getByTestId('drawing-status')).toHaveText('Click the second point — Esc cancels');
  await phoneCanvas.tap({ position: { x: pbox.width * 0.6, y: pbox.height * 0.6 } });
  await expect(phone.getByTestId('drawing-status')).toHaveText(new RegExp(`^Trend line ${PRICE} → ${PRICE}$`));
  await expect(phone.getByTestId('drawings-button')).toHaveText('Drawings (3)');
  await phone.getByTestId('drawings-button').tap();
  await phone.getByRole('button', { name: /^Select Horizontal line/ }).tap();
  await expect(phone.getByTestId('drawing-alert')).toBeVisible();
  await phone.screenshot({ path: 'docs/chart-drawings-phone.png' });
  await context.close();
});
