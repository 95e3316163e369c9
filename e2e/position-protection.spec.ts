import { expect, test, type Page } from '@playwright/test';
import { dec, type Dec } from '../src/lib/decimal';
import { wholePrice } from './support/book';
import { BASE } from './support/ports';
import { signInFunded } from './support/session';

// Issue 16 #2/#3, "Protect and exit" (decisions.md "TP/SL and position protection"): a market close
// that always works in one action, close all, a limit close by share, and a stop loss added to an open
// position that fires when the mark falls through it.

const form = (page: Page) => page.getByTestId('order-form');
const toasts = (page: Page) => page.getByTestId('toasts');
const openOrdersTab = (page: Page) => page.getByRole('tab', { name: /Open orders/ });
const positionsTab = (page: Page) => page.getByRole('tab', { name: /Positions/ });

async function markOf(page: Page, symbol: string): Promise<Dec> {
  const res = await page.request.get(`${BASE}/api/query_symbol_price?symbol=${symbol}`);
  return dec(((await res.json()) as { mark_price: string }).mark_price);
}

/** A market buy from the order form, with TP/SL attached or not; waits until the position shows it. */
async function buyAtMarket(page: Page, symbol: string, size: string, tpsl?: { tp: string; sl: string }) {
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill(size);
  await form(page).getByRole('checkbox', { name: 'TP/SL' }).setChecked(!!tpsl);
  if (tpsl) {
    await page.locator('#order-tp').fill(tpsl.tp);
    await page.locator('#order-sl').fill(tpsl.sl);
  }
  await page.getByTestId('submit-order').click();
  // The toast shows the size at the symbol's size precision (3 places for BTC-USD and ETH-USD).
  await expect(toasts(page)).toContainText(`Filled: Buy ${dec(size).toFixed(3)} ${symbol}`);
  await positionsTab(page).click();
}

test('market close with a TP/SL pair and a reduce-only limit resting closes the whole position at once', async ({ page }) => {
  await signInFunded(page, 'BTC-USD');
  const mark = await markOf(page, 'BTC-USD');
  await buyAtMarket(page, 'BTC-USD', '0.05', { tp: wholePrice(mark, '1.05'), sl: wholePrice(mark, '0.95') });
  await buyAtMarket(page, 'BTC-USD', '0.05');
  const row = page.getByTestId('position-BTC-USD');
  await expect(row).toContainText('0.1');
  const tpsl = row.getByTestId('position-tpsl');
  await expect(tpsl).toContainText(/TP\s*[\d,.]+\s*× 0\.05/);
  await expect(tpsl).toContainText(/SL\s*[\d,.]+\s*× 0\.05/);

  // A reduce-only limit for the rest: 100 % stops at what the TP/SL pair leaves, and says why.
  await row.getByRole('button', { name: 'Limit' }).click();
  const editor = page.getByRole('form', { name: 'Limit close BTC-USD' });
  await editor.getByRole('radio', { name: '100%' }).click();
  await expect(editor.getByTestId('limit-close-headroom')).toContainText('Capped at 0.050 BTC');
  await editor.getByLabel('Price').fill(wholePrice(mark, '1.03'));
  await editor.getByRole('button', { name: 'Place close order' }).click();
  await expect(openOrdersTab(page)).toHaveText('Open orders (3)');

  // Market: never blocked — the protection is canceled and the whole 0.1 sold, reduce-only, at once.
  await row.getByRole('button', { name: 'Market' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('positions-table')).toContainText('No open positions');
  await expect(openOrdersTab(page)).toHaveText('Open orders (0)');
  await expect(toasts(page)).toContainText('Filled: Sell 0.100 BTC-USD');
});

test('a stop loss added to an open long shows in the table and on the chart, and fires when the mark falls through it', async ({ page }) => {
  await signInFunded(page, 'BTC-USD');
  await buyAtMarket(page, 'BTC-USD', '0.02');
  const row = page.getByTestId('position-BTC-USD');
  await row.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByTestId('position-tpsl-editor');
  const stop = wholePrice(await markOf(page, 'BTC-USD'), '0.97');
  await editor.getByLabel('Stop loss Trigger').fill(stop);
  await expect(editor.getByTestId('tpsl-sl-expected')).toContainText(/Expected PnL\s*-[\d,.]+ USD/);
  await editor.getByRole('button', { name: 'Save TP/SL' }).click();
  await expect(toasts(page)).toContainText(`TP/SL set: BTC-USD SL ${Number(stop).toLocaleString('en-US')}`);
  await expect(row.getByTestId('position-tpsl')).toContainText(/SL\s*[\d,.]+\s*whole position/);
  await expect(page.getByTestId('chart-lines')).toContainText(`SL ${Number(stop).toLocaleString('en-US')}`);

  // The devnet moves the mark below the stop: the SL fires and closes the whole position. The index
  // goes back afterwards: the specs that follow trade BTC-USD on the same devnet.
  const index = ((await (await page.request.get(`${BASE}/api/query_symbol_price?symbol=BTC-USD`)).json()) as { index_price: string }).index_price;
  try {
    const res = await page.request.post(`${BASE}/devnet/mark`, { data: { symbol: 'BTC-USD', price: wholePrice(dec(stop), '0.99') } });
    expect(res.status()).toBe(200);
    await expect(row).toHaveCount(0, { timeout: 15_000 });
    await expect(openOrdersTab(page)).toHaveText('Open orders (0)');
    await expect(page.getByTestId('chart-lines')).not.toContainText('SL ');
  } finally {
    await page.request.post(`${BASE}/devnet/mark`, { data: { symbol: 'BTC-USD', price: index } });
  }
});

test('close all asks first, lists the positions and their sizes, then closes each', async ({ page }) => {
  await signInFunded(page, 'ETH-USD');
  await buyAtMarket(page, 'ETH-USD', '0.5');
  await page.goto('/trade/BTC-USD');
  await buyAtMarket(page, 'BTC-USD', '0.01');
  await expect(page.getByTestId(/^position-(BTC|ETH)-USD$/)).toHaveCount(2);

  await page.getByTestId('close-all').click();
  const dialog = page.getByRole('dialog', { name: 'Close positions at market?' });
  await expect(dialog.getByTestId('close-all-list')).toContainText(/ETH-USD\s*Long 0\.5/);
  await expect(dialog.getByTestId('close-all-list')).toContainText(/BTC-USD\s*Long 0\.01/);
  // Cancel keeps both.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId(/^position-(BTC|ETH)-USD$/)).toHaveCount(2);

  await page.getByTestId('close-all').click();
  await dialog.getByRole('button', { name: 'Close 2 positions' }).click();
  await expect(page.getByTestId('positions-table')).toContainText('No open positions');
  await expect(toasts(page)).toContainText('Close placed for all 2 positions');
});

test('close all can close only the losing positions (or only the profitable ones), judged at the mark', async ({ page }) => {
  await signInFunded(page, 'ETH-USD');
  await buyAtMarket(page, 'ETH-USD', '0.5');
  await page.goto('/trade/BTC-USD');
  await buyAtMarket(page, 'BTC-USD', '0.01');
  await expect(page.getByTestId(/^position-(BTC|ETH)-USD$/)).toHaveCount(2);
  // BTC up 2 %, ETH down 2 %: the BTC long is in profit, the ETH long at a loss. The index comes
  // back afterwards: the specs that follow trade on the same devnet.
  const indexOf = async (symbol: string) => ((await (await page.request.get(`${BASE}/api/query_symbol_price?symbol=${symbol}`)).json()) as { index_price: string }).index_price;
  const index = { btc: await indexOf('BTC-USD'), eth: await indexOf('ETH-USD') };
  try {
    expect((await page.request.post(`${BASE}/devnet/mark`, { data: { symbol: 'BTC-USD', price: wholePrice(dec(index.btc), '1.02') } })).status()).toBe(200);
    expect((await page.request.post(`${BASE}/devnet/mark`, { data: { symbol: 'ETH-USD', price: wholePrice(dec(index.eth), '0.98') } })).status()).toBe(200);
    await expect(page.getByTestId('position-ETH-USD')).toContainText(/-[\d,.]+ \(-/);

    await page.getByTestId('close-all').click();
    const dialog = page.getByRole('dialog', { name: 'Close positions at market?' });
    const which = dialog.getByRole('radiogroup', { name: 'Which positions' });
    await expect(which.getByRole('radio', { name: 'All (2)' })).toHaveAttribute('aria-checked', 'true');
    await which.getByRole('radio', { name: 'Losing (1)' }).click();
    await expect(dialog.getByTestId('close-all-list')).toContainText(/ETH-USD\s*Long 0\.5/);
    await expect(dialog.getByTestId('close-all-list')).not.toContainText('BTC-USD');
    await page.screenshot({ path: 'docs/close-all-choice.png' });
    await dialog.getByRole('button', { name: 'Close 1 position' }).click();
    await expect(page.getByTestId('position-ETH-USD')).toHaveCount(0);
    await expect(page.getByTestId('position-BTC-USD')).toHaveCount(1);

    // Asked again, the question starts from all; nothing is at a loss now, so Losing has nothing to close.
    await page.getByTestId('close-all').click();
    await expect(which.getByRole('radio', { name: 'All (1)' })).toHaveAttribute('aria-checked', 'true');
    await which.getByRole('radio', { name: 'Losing (0)' }).click();
    await expect(dialog.getByRole('button', { name: 'Close 0 positions' })).toBeDisabled();
    await which.getByRole('radio', { name: 'Profitable (1)' }).click();
    await dialog.getByRole('button', { name: 'Close 1 position' }).click();
    await expect(page.getByTestId('positions-table')).toContainText('No open positions');
  } finally {
    await page.request.post(`${BASE}/devnet/mark`, { data: { symbol: 'BTC-USD', price: index.btc } });
    await page.request.post(`${BASE}/devnet/mark`, { data: { symbol: 'ETH-USD', price: index.eth } });
  }
});

test('a limit close of 50 % rests a reduce-only order for half the position', async ({ page }) => {
  await signInFunded(page, 'ETH-USD');
  await buyAtMarket(page, 'ETH-USD', '0.4');
  const row = page.getByTestId('position-ETH-USD');
  await row.getByRole('button', { name: 'Limit' }).click();
  const editor = page.getByRole('form', { name: 'Limit close ETH-USD' });
  await editor.getByRole('radio', { name: '50%' }).click();
  await expect(editor.getByLabel(/^Size/)).toHaveValue('0.2');
  await editor.getByLabel('Price').fill(wholePrice(await markOf(page, 'ETH-USD'), '1.03'));
  await editor.getByRole('button', { name: 'Place close order' }).click();
  await expect(toasts(page)).toContainText('Order placed: Close 0.200 ETH-USD');
  await openOrdersTab(page).click();
  const order = page.getByTestId('open-order');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(/Sell/);
  await expect(order).toContainText('0.2');
  await expect(order).toContainText('Yes');
});

test('a market close of 25 % closes a quarter of the position with a reduce-only market order', async ({ page }) => {
  await signInFunded(page, 'ETH-USD');
  await buyAtMarket(page, 'ETH-USD', '0.4');
  const row = page.getByTestId('position-ETH-USD');
  await row.getByRole('button', { name: 'Limit' }).click();
  await page.getByRole('radiogroup', { name: 'Close order type' }).getByRole('radio', { name: 'Market' }).click();
  const editor = page.getByRole('form', { name: 'Market close ETH-USD' });
  await expect(editor.getByLabel('Price')).toHaveCount(0);
  await editor.getByRole('radio', { name: '25%' }).click();
  await expect(editor.getByLabel(/^Size/)).toHaveValue('0.1');
  await page.screenshot({ path: 'docs/market-close-share.png' });
  // The same editor on a phone: the account panel is a tab there.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name: 'Account' }).click();
  await expect(editor.getByLabel(/^Size/)).toHaveValue('0.1');
  await editor.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/market-close-share-phone.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await editor.getByRole('button', { name: 'Place close order' }).click();
  await expect(row).toContainText('0.300 ETH');
  await expect(editor).toHaveCount(0);
  await openOrdersTab(page).click();
  await expect(page.getByTestId('open-order')).toHaveCount(0);
});

test.describe('screenshots', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('screenshot: the position TP/SL editor with TP and SL set, desktop and phone', async ({ page }) => {
    await signInFunded(page, 'BTC-USD');
    await buyAtMarket(page, 'BTC-USD', '0.05');
    const row = page.getByTestId('position-BTC-USD');
    await row.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByTestId('position-tpsl-editor');
    await editor.getByLabel('Take profit ROE %').fill('25');
    await editor.getByLabel('Stop loss Loss USD').fill('60');
    await editor.getByRole('button', { name: 'Save TP/SL' }).click();
    await expect(toasts(page)).toContainText('TP/SL set: BTC-USD TP');
    await expect(row.getByTestId('position-tpsl')).toContainText(/SL\s*[\d,.]+\s*whole position/);
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(editor.getByRole('button', { name: 'Remove Stop loss' })).toBeVisible();
    await editor.getByLabel('Take profit ROE %').fill('30');
    await editor.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500); // the toasts settle, the chart draws the TP and SL lines
    await page.screenshot({ path: 'docs/position-tpsl-editor.png' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name: 'Account' }).click();
    await editor.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await page.screenshot({ path: 'docs/position-tpsl-editor-phone.png' });
  });
});

test('a market close whose answer is lost is checked with the exchange by its id, never called refused', async ({ page }) => {
  // Over HTTP, so the test can lose the answer: the close reaches the exchange, its reply does not come back.
  await page.addInitScript(() => localStorage.setItem('perps.order-path', 'http'));
  await signInFunded(page, 'BTC-USD');
  await buyAtMarket(page, 'BTC-USD', '0.02');
  const row = page.getByTestId('position-BTC-USD');
  await page.route('**/api/new_order', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  const asked = page.waitForRequest((r) => /\/api\/query_order\?cl_ord_id=web-/.test(r.url()));
  await row.getByRole('button', { name: 'Market' }).click();
  // No answer: the app asks the exchange what became of the close, by the client order id it gave it.
  await asked;
  await expect(toasts(page)).toContainText(/Filled: (Close|Sell) 0\.020 BTC-USD/);
  await expect(toasts(page)).not.toContainText(/refused|rejected/i);
  await page.unroute('**/api/new_order');
  await expect(row).toHaveCount(0);
});
