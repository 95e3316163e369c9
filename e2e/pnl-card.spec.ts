import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dec } from '../src/lib/decimal';
import { formatFixed } from '../src/lib/format';
import { wholePrice } from './support/book';
import { nodeTrader } from './support/node-trader';
import { OWN, OWN_BASE, routeToOwnDevnet, startOwnDevnet, type OwnDevnet } from './support/own-devnet';
import { signInFunded, signInWith, storedToken } from './support/session';

// The PnL share card (issue 32, item 3) against the devnet: Share on a position's row and on the fill
// that closed it in Trade history; the picture is a PNG that downloads, its alt names symbol, side,
// leverage and ROE, the PnL only while shown (screenshots docs/pnl-card.png, docs/pnl-card-phone.png).

test.use({ viewport: { width: 1440, height: 900 } });

const form = (page: Page) => page.getByTestId('order-form');
const toasts = (page: Page) => page.getByTestId('toasts');
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The preview picture's colour at a spot of its background (device pixels), as `r,g,b`. */
const cardBackground = (preview: Locator) =>
  preview.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return [...ctx.getImageData(200, 20, 1, 1).data.slice(0, 3)].join(',');
  });

async function chooseTheme(page: Page, theme: string) {
  await page.getByTestId('settings-button').click();
  const settings = page.getByTestId('settings-dialog');
  await settings.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: theme, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
}

/** Download PNG → the file: a PNG by its magic bytes, not empty, 2× the card's 600 × 320. */
async function downloadsPng(page: Page, dialog: Locator, filename: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PNG' }).click()]);
  expect(download.suggestedFilename()).toBe(filename);
  const bytes = await readFile((await download.path())!);
  expect(bytes.length).toBeGreaterThan(1000);
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
  // IHDR: width and height, big-endian, at bytes 16 and 20.
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 640]);
  await expect(dialog.getByTestId('pnl-card-status')).toHaveText(`Downloading ${filename}`);
}

test('Share a position and the trade that closed it: a PNG download, alt with symbol, side and ROE, PnL hidden on request, focus back on Esc', async ({ page, context }) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInFunded(page, 'BTC-USD');
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill('0.1');
  await page.getByTestId('submit-order').click();
  await expect(toasts(page)).toContainText('Filled: Buy 0.100 BTC-USD');
  await page.getByRole('tab', { name: /Positions/ }).click();
  const row = page.getByTestId('position-BTC-USD');
  await expect(row).toContainText('Long');
  // The position's entry, as its row shows it (the card's must be the same).
  const entry = ((await row.locator('td').nth(3).textContent()) ?? '').trim();
  expect(entry).toMatch(/^[\d,]+\.\d+$/);

  // Share on the row: the dialog has the focus, the preview's alt names symbol, side, leverage, ROE and PnL.
  const share = row.getByRole('button', { name: 'Share BTC-USD long PnL card' });
  await share.click();
  const dialog = page.getByRole('dialog', { name: 'Share PnL: BTC-USD' });
  await expect(dialog).toBeFocused();
  const preview = dialog.getByTestId('pnl-card-preview');
  await expect(preview).toHaveAttribute('alt', /^PnL card: BTC-USD Long \d+×, ROE [+-][\d,]+\.\d\d%, unrealized PnL [+-]?[\d,]+\.\d\d USD, entry /);
  const alt = (await preview.getAttribute('alt'))!;
  expect(alt).toContain(`entry ${entry}, mark `);
  expect(alt).not.toContain('account');
  const pnl = /unrealized PnL ([^ ]+) USD/.exec(alt)![1]!;
  // Drawn in the app's dark theme: the panel colour (#11151d).
  expect(await cardBackground(preview)).toBe('17,21,29');
  await page.screenshot({ path: 'docs/pnl-card.png' });

  await downloadsPng(page, dialog, 'BTC-USD-long-pnl.png');
  await dialog.getByRole('button', { name: 'Copy image' }).click();
  await expect(dialog.getByTestId('pnl-card-status')).toHaveText('Image copied to the clipboard');

  // PnL hidden: the alt (and the picture) no longer tell it; ROE stays. The address only when chosen.
  await dialog.getByLabel('Show PnL amount').uncheck();
  await expect(preview).toHaveAttribute('alt', /^PnL card: BTC-USD Long \d+×, ROE [+-][\d,]+\.\d\d%, entry /);
  expect(await preview.getAttribute('alt')).not.toContain(pnl);
  await dialog.getByLabel('Show my address').check();
  await expect(preview).toHaveAttribute('alt', /; account \w+…\w{4}$/);

  // Escape: closed, the focus back on the row's Share button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(share).toBeFocused();

  // Close the position; in Trade history the closing sell has a card, the opening buy none.
  await row.getByRole('button', { name: 'Market', exact: true }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('tab', { name: 'Trade history' }).click();
  // (A market order may fill at several levels: a row per fill, newest first.)
  const trades = page.getByTestId('trade-history').locator('tbody tr');
  await expect(trades.filter({ hasText: 'Sell' }).first()).toBeVisible();
  await expect(trades.filter({ hasText: 'Buy' }).first()).toBeVisible();
  await expect(trades.filter({ hasText: 'Buy' }).getByRole('button', { name: /^Share/ })).toHaveCount(0);
  const shareClosed = trades.filter({ hasText: 'Sell' }).first().getByRole('button', { name: 'Share BTC-USD closed long PnL card' });
  await shareClosed.click();
  const closed = page.getByRole('dialog', { name: 'Share PnL: BTC-USD' });
  const closedPreview = closed.getByTestId('pnl-card-preview');
  // The entry worked out from the fill's realized PnL is the position's own (the engine's books agree).
  // Its leverage is the closing order's own (the position's), not the setting.
  await expect(closedPreview).toHaveAttribute('alt', /^PnL card of a closed trade: BTC-USD Long \d+×, ROE [+-][\d,]+\.\d\d%, realized PnL [+-]?[\d,]+\.\d\d USD, entry /);
  expect(await closedPreview.getAttribute('alt')).toContain(`entry ${entry}, exit `);
  await expect(closed).toContainText('leverage of the closing order');
  // The order detail did not open behind it (the row's own click).
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await downloadsPng(page, closed, 'BTC-USD-long-pnl.png');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(closedPreview).toBeVisible();
  await page.screenshot({ path: 'docs/pnl-card-phone.png' });
  await page.keyboard.press('Escape');
  await expect(closed).toHaveCount(0);

  // The light theme: the card follows the app (its white panel).
  await chooseTheme(page, 'Light');
  await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name: 'Account' }).click();
  await page.getByRole('tab', { name: 'Trade history' }).click();
  await shareClosed.click();
  await expect(closedPreview).toBeVisible();
  expect(await cardBackground(closedPreview)).toBe('255,255,255');
  await page.screenshot({ path: 'docs/pnl-card-light-phone.png' });
});

// Issue 32: a close that fills at several prices is one trade. On a devnet of its own with no makers,
// another trader rests the one ask the page buys 0.040 from and three bids its market close sweeps:
// the card of any of those fills is the whole order's — PnL the sum, exit the VWAP (half up to 0.01).
test.describe('a closing order of three fills', () => {
  let devnet: OwnDevnet;
  test.beforeAll(async () => {
    devnet = await startOwnDevnet({ makers: false });
  });
  test.afterAll(async () => {
    await devnet?.stop();
  });

  test('Share on any of its fills: one card, PnL summed, exit the volume-weighted average, 3 fills said', async ({ page }) => {
    test.setTimeout(120_000);
    await routeToOwnDevnet(page);
    await page.goto('/trade/BTC-USD');
    await signInWith(page, /Devnet wallet/);
    const token = (await storedToken(page))!;
    expect((await page.request.post(`${OWN}/devnet/faucet`, { headers: { authorization: `Bearer ${token}` }, data: { amount: '50000', wallet: 'perps' } })).status()).toBe(200);
    await expect(page.getByTestId('available')).toContainText('50,000');
    const mark = dec(((await (await page.request.get(`${OWN}/api/query_symbol_price?symbol=BTC-USD`)).json()) as { mark_price: string }).mark_price);

    const other = await nodeTrader('1000000', OWN_BASE);
    const rest = (side: 'buy' | 'sell', price: string, qty: string) =>
      other.api.trade.newOrder({ symbol: 'BTC-USD', side, order_type: 'limit', price, qty, time_in_force: 'gtc', reduce_only: false });
    const entry = wholePrice(mark, '0.999');
    await rest('sell', entry, '0.04');
    await expect(page.getByTestId('book-asks-row').first()).toBeVisible();
    await form(page).getByRole('tab', { name: 'Market' }).click();
    await page.locator('#order-size').fill('0.04');
    await page.getByTestId('submit-order').click();
    await expect(toasts(page)).toContainText('Filled: Buy 0.040 BTC-USD');

    // Three bids above the entry: 0.01 at b, 0.01 at b − 1, 0.02 at b − 2.01.
    const b = dec(wholePrice(mark, '1.001', 'up'));
    const levels = [[b, '0.01'], [b.minus(1), '0.01'], [b.minus('2.01'), '0.02']] as const;
    for (const [price, qty] of levels) await rest('buy', price.toFixed(2), qty);
    // VWAP = b − 1.255, shown half up: b − 1.25; PnL = Σ q × (p − entry), to the cent.
    const exit = formatFixed(b.minus('1.255'), 2);
    const pnl = levels.reduce((sum, [price, qty]) => sum.plus(price.minus(entry).times(qty)), dec(0));
    expect(pnl.gt(0)).toBe(true);

    await page.getByRole('tab', { name: /^Positions/ }).click();
    const row = page.getByTestId('position-BTC-USD');
    await row.getByRole('button', { name: 'Market', exact: true }).click();
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: 'Trade history' }).click();
    const sells = page.getByTestId('trade-history').locator('tbody tr').filter({ hasText: 'Sell' });
    await expect(sells).toHaveCount(3);

    // The middle fill's Share: the whole order's card, not that fill's.
    await sells.nth(1).getByRole('button', { name: 'Share BTC-USD closed long PnL card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share PnL: BTC-USD' });
    const preview = dialog.getByTestId('pnl-card-preview');
    const entryShown = formatFixed(dec(entry), 2);
    // ROE on the margin of all 0.04 closed at the order's 10×.
    const roe = formatFixed(pnl.div(dec('0.04').times(entry).div(10)).times(100), 2);
    await expect(preview).toHaveAttribute('alt', `PnL card of a closed trade: BTC-USD Long 10×, ROE +${roe}%, realized PnL +${formatFixed(pnl, 2)} USD, entry ${entryShown}, exit ${exit}`);
    await expect(dialog).toContainText('The closing order closed 0.040 in 3 fills: PnL is their sum, exit their volume-weighted average price rounded half up to the price tick');
    await page.evaluate(() => document.querySelectorAll('[data-testid="toasts"] > *').forEach((t) => (t as HTMLElement).click()));
    await page.screenshot({ path: 'docs/pnl-card-order.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(preview).toBeVisible();
    await page.screenshot({ path: 'docs/pnl-card-order-phone.png' });
  });
});
