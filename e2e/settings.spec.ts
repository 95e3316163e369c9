import { expect, test, type Page } from '@playwright/test';
import { bestBookPrice, wholePrice } from './support/book';
import { signInFunded } from './support/session';

const form = (page: Page) => page.getByTestId('order-form');
const side = (page: Page, name: RegExp) => form(page).getByRole('radio', { name });

async function openSettings(page: Page) {
  await page.getByTestId('settings-button').click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-dialog')).toBeHidden();
}

/** Counts every new order the page sends, over HTTP or the order stream. */
function countOrders(page: Page) {
  const sent = { n: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/new_order')) sent.n++;
  });
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('order:new')) sent.n++;
    }),
  );
  return sent;
}

async function buyAtMarket(page: Page, size: string) {
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill(size);
  await page.getByTestId('submit-order').click();
}

test('with market confirmation on, a market order is asked about first, and Cancel sends nothing', async ({ page }) => {
  const sent = countOrders(page);
  await signInFunded(page, 'ETH-USD');
  const settings = await openSettings(page);
  await settings.getByLabel('Sending a market order').check();
  await closeSettings(page);

  await buyAtMarket(page, '0.2');
  const ask = page.getByTestId('market-confirm');
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Buy 0.2 ETH at market?');
  await expect(ask).toContainText(/no worse than [\d,]+\.\d+ \(slippage 1 %\)/);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await page.waitForTimeout(500);
  expect(sent.n).toBe(0);
  await expect(page.locator('#order-size')).toHaveValue('0.2');

  await page.getByTestId('submit-order').click();
  await page.getByTestId('market-confirm').getByRole('button', { name: 'Buy at market' }).click();
  await expect(page.getByTestId('toasts')).toContainText('Filled: Buy 0.200 ETH-USD');
  expect(sent.n).toBe(1);
});

test('with cancel-all confirmation on, Cancel all asks first and keeps the orders until confirmed', async ({ page }) => {
  await signInFunded(page, 'BTC-USD');
  const settings = await openSettings(page);
  await settings.getByLabel('Cancelling all orders').check();
  await closeSettings(page);
  await form(page).getByRole('tab', { name: 'Limit' }).click();
  await page.locator('#order-price').fill(wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.97'));
  await page.locator('#order-size').fill('0.01');
  await page.getByTestId('submit-order').click();
  await page.getByRole('tab', { name: /Open orders/ }).click();
  await expect(page.getByTestId('open-order')).toHaveCount(1);

  await page.getByTestId('cancel-all').click();
  const ask = page.getByRole('dialog', { name: 'Cancel all 1 order?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(ask).toBeHidden();
  await page.waitForTimeout(500);
  await expect(page.getByTestId('open-order')).toHaveCount(1);

  await page.getByTestId('cancel-all').click();
  await page.getByRole('dialog', { name: 'Cancel all 1 order?' }).getByRole('button', { name: 'Cancel 1 order' }).click();
  await expect(page.getByTestId('open-order')).toHaveCount(0);
});

test('with shortcuts off, B and S do nothing and ? opens nothing', async ({ page }) => {
  await page.goto('/trade/BTC-USD');
  await expect(side(page, /Buy/)).toHaveAttribute('aria-checked', 'true');
  await page.locator('body').press('s');
  await expect(side(page, /Sell/)).toHaveAttribute('aria-checked', 'true');

  const settings = await openSettings(page);
  await settings.getByLabel('Keyboard shortcuts').uncheck();
  await closeSettings(page);
  await page.locator('body').press('b');
  await page.locator('body').press('?');
  await expect(side(page, /Sell/)).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('shortcuts-overlay')).toBeHidden();
  await expect(page.getByTestId('order-form-keys')).toHaveText('Keyboard shortcuts are off (settings ⚙)');
});

test('? lists every shortcut and Esc closes the list', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/trade/BTC-USD');
  await expect(page.getByTestId('book-asks-row').first()).toContainText(/\d/);
  await expect(page.locator('canvas').first()).toBeVisible();
  await expect(page.getByText('Loading chart…')).toBeHidden();
  await page.locator('body').press('?');
  const overlay = page.getByTestId('shortcuts-overlay');
  await expect(overlay).toBeVisible();
  for (const key of ['B', 'S', 'F', 'P', 'O', '?', 'Enter', 'Esc', '↑', 'Home']) await expect(overlay.locator('kbd', { hasText: key }).first()).toBeVisible();
  await expect(overlay).toContainText('Send the order');
  // typing a ? into a field types it, it opens nothing
  await page.screenshot({ path: 'docs/shortcuts.png' });
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await page.locator('#order-size').fill('');
  await page.locator('#order-size').press('?');
  await expect(overlay).toBeHidden();
});

test('settings survive a reload and the order form starts from them', async ({ page }) => {
  await page.goto('/trade/BTC-USD');
  let settings = await openSettings(page);
  await settings.getByLabel('Sending a market order').check();
  await settings.getByLabel('Closing all positions').uncheck();
  await settings.getByLabel('Cancelling all orders').check();
  await settings.locator('#settings-slippage').fill('0.5');
  await settings.getByRole('radio', { name: 'USD' }).click();
  await settings.getByLabel('TP/SL triggers').uncheck();
  await closeSettings(page);

  await page.reload();
  settings = await openSettings(page);
  await expect(settings.getByLabel('Sending a market order')).toBeChecked();
  await expect(settings.getByLabel('Closing all positions')).not.toBeChecked();
  await expect(settings.getByLabel('Cancelling all orders')).toBeChecked();
  await expect(settings.locator('#settings-slippage')).toHaveValue('0.5');
  await expect(settings.getByRole('radio', { name: 'USD' })).toHaveAttribute('aria-checked', 'true');
  await expect(settings.getByLabel('TP/SL triggers')).not.toBeChecked();
  await expect(settings.getByLabel('Fills')).toBeChecked();
  await closeSettings(page);
  await expect(form(page).getByRole('button', { name: /^USD, size unit/ })).toBeVisible();
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await expect(page.locator('#order-slippage')).toHaveValue('0.5');

  // a slippage typed wrong is said at the field and not kept
  settings = await openSettings(page);
  await settings.locator('#settings-slippage').fill('0');
  await expect(settings.locator('#settings-slippage-error')).toHaveText('Slippage must be above 0 %');
  await closeSettings(page);
  await page.reload();
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await expect(page.locator('#order-slippage')).toHaveValue('0.5');
});

test('with sound on, a fill beeps', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __beeps: number; AudioContext: unknown };
    w.__beeps = 0;
    const param = { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    const node = () => ({ frequency: { ...param }, gain: { ...param }, connect: (n: unknown) => n, start() {}, stop() {} });
    w.AudioContext = class {
      state = 'running';
      currentTime = 0;
      destination = {};
      resume() {
        return Promise.resolve();
      }
      createOscillator() {
        w.__beeps++;
        return node();
      }
      createGain() {
        return node();
      }
    };
  });
  await signInFunded(page, 'ETH-USD');
  const beeps = () => page.evaluate(() => (window as unknown as { __beeps: number }).__beeps);
  await buyAtMarket(page, '0.1');
  await expect(page.getByTestId('toasts')).toContainText('Filled: Buy 0.100 ETH-USD');
  expect(await beeps()).toBe(0); // sound is opt-in

  const settings = await openSettings(page);
  await settings.getByLabel('Sound').check();
  await expect.poll(beeps).toBe(1); // the switch plays one so the trader knows the sound
  await closeSettings(page);
  await buyAtMarket(page, '0.1');
  await expect.poll(beeps, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
});

test('with browser notifications on and allowed, a fill shows one', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const w = window as unknown as { __notes: string[]; Notification: unknown };
    w.__notes = [];
    w.Notification = class {
      static permission = 'granted';
      static requestPermission() {
        return Promise.resolve('granted');
      }
      constructor(title: string, options?: { body?: string }) {
        w.__notes.push(`${title} | ${options?.body ?? ''}`);
      }
    };
  });
  await signInFunded(page, 'ETH-USD');
  const settings = await openSettings(page);
  await settings.getByLabel('Browser notifications').check();
  await expect(settings.getByLabel('Browser notifications')).toBeChecked();
  await expect(settings.getByTestId('notification-permission')).toBeHidden();
  await closeSettings(page);
  await buyAtMarket(page, '0.1');
  const notes = () => page.evaluate(() => (window as unknown as { __notes: string[] }).__notes);
  await expect.poll(notes, { timeout: 10_000 }).toContainEqual(expect.stringMatching(/^Filled: Buy 0\.100 ETH-USD \| Average price \d/));
});

test('browser notifications stay off, saying why, when the browser denies them', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { Notification: unknown }).Notification = class {
      static permission = 'denied';
      static requestPermission() {
        return Promise.resolve('denied');
      }
    };
  });
  await page.goto('/trade/BTC-USD');
  const settings = await openSettings(page);
  await settings.getByLabel('Browser notifications').click();
  await expect(settings.getByLabel('Browser notifications')).not.toBeChecked();
  await expect(settings.getByTestId('notification-permission')).toContainText('blocks notifications for this site');
});

test('screenshot: the settings panel', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/trade/BTC-USD');
  await expect(page.getByTestId('book-asks-row').first()).toContainText(/\d/);
  await expect(page.locator('canvas').first()).toBeVisible();
  await expect(page.getByText('Loading chart…')).toBeHidden();
  const settings = await openSettings(page);
  await settings.getByLabel('Sending a market order').check();
  await page.screenshot({ path: 'docs/settings.png' });
});
