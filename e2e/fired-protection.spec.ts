import { expect, test, type Page } from '@playwright/test';
import { dec, type Dec } from '../src/lib/decimal';
import { wholePrice } from './support/book';
import { nodeTrader } from './support/node-trader';
import { OWN, OWN_BASE, routeToOwnDevnet, startOwnDevnet, type OwnDevnet } from './support/own-devnet';
import { signInWith, storedToken } from './support/session';

// decisions.md "Market integrity in the devnet": a fired stop loss is an IOC limit no worse than the
// mark by the protection band (BTC-USD 2 %), tried again every tick. On the shared devnet the makers
// always quote within the band, so the close always fills; here, on a devnet of the spec's own with no
// makers, the only bid is far below the band: the stop fires and waits, and the app says so. A bid
// within the band then closes the position at that bid, never at the far one.

let devnet: OwnDevnet;
test.beforeAll(async () => {
  devnet = await startOwnDevnet({ makers: false });
});
test.afterAll(async () => {
  await devnet?.stop();
});

const SYMBOL = 'BTC-USD';
const SIZE = '0.01';
const toasts = (page: Page) => page.getByTestId('toasts');
const positionsTab = (page: Page) => page.getByRole('tab', { name: /^Positions/ });
const openOrdersTab = (page: Page) => page.getByRole('tab', { name: /^Open orders/ });

/** A whole price as the account tables show a BTC-USD price: "94,000.00". */
const shown2 = (whole: string) => Number(whole).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function markOf(page: Page): Promise<Dec> {
  const res = await page.request.get(`${OWN}/api/query_symbol_price?symbol=${SYMBOL}`);
  return dec(((await res.json()) as { mark_price: string }).mark_price);
}

/** Dismisses the toasts (a click closes one), so they cover nothing in a screenshot. */
async function clearToasts(page: Page) {
  await page.evaluate(() => document.querySelectorAll('[data-testid="toasts"] > *').forEach((t) => (t as HTMLElement).click()));
}

test('a fired stop loss with no bid within the protection band waits, says so, and closes at the first bid within it', async ({ page }) => {
  // Two cores and maybe another run beside this one: the app build, two sign-ins and a dozen steps.
  test.setTimeout(180_000);
  await routeToOwnDevnet(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/trade/${SYMBOL}`);
  await signInWith(page, /Devnet wallet/);
  const token = (await storedToken(page))!;
  const faucet = await page.request.post(`${OWN}/devnet/faucet`, { headers: { authorization: `Bearer ${token}` }, data: { amount: '50000', wallet: 'perps' } });
  expect(faucet.status()).toBe(200);
  await expect(page.getByTestId('available')).toContainText('50,000');

  // No makers: the book is empty until the other trader rests a sell, which the page's market buy takes.
  const other = await nodeTrader('1000000', OWN_BASE);
  const ask = wholePrice(await markOf(page), '1.001', 'up');
  await other.api.trade.newOrder({ symbol: SYMBOL, side: 'sell', order_type: 'limit', price: ask, qty: SIZE, time_in_force: 'gtc', reduce_only: false });
  await expect(page.getByTestId('book-asks-row').first()).toBeVisible();
  await page.getByTestId('order-form').getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill(SIZE);
  await page.getByTestId('submit-order').click();
  await expect(toasts(page)).toContainText(`Filled: Buy 0.010 ${SYMBOL}`);
  await positionsTab(page).click();
  const row = page.getByTestId(`position-${SYMBOL}`);
  await expect(row).toContainText('0.010 BTC');

  // A stop loss for the whole position, from the position's TP/SL editor, 3 % under the mark.
  await row.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByTestId('position-tpsl-editor');
  const stop = wholePrice(await markOf(page), '0.97');
  await editor.getByLabel('Stop loss Trigger').fill(stop);
  await editor.getByRole('button', { name: 'Save TP/SL' }).click();
  await expect(toasts(page)).toContainText(`TP/SL set: ${SYMBOL} SL ${Number(stop).toLocaleString('en-US')}`);
  const tpsl = row.getByTestId('position-tpsl');
  await expect(tpsl).toContainText(/SL\s*[\d,.]+\s*whole position/);

  // The only bid: about 30 % under the mark, far outside the band (just inside the devnet's price floor).
  const far = wholePrice(await markOf(page), '0.705', 'up');
  const farBid = { cl_ord_id: `far-bid-${Date.now()}` };
  await other.api.trade.newOrder({ ...farBid, symbol: SYMBOL, side: 'buy', order_type: 'limit', price: far, qty: SIZE, time_in_force: 'gtc', reduce_only: false });

  // The mark falls through the stop: it fires, and the band (mark − 2 %) leaves it unfilled.
  const moved = await page.request.post(`${OWN}/devnet/mark`, { data: { symbol: SYMBOL, price: wholePrice(dec(stop), '0.99') } });
  expect(moved.status()).toBe(200);
  const fired = row.getByTestId('position-fired-close');
  await expect(fired).toContainText('SL triggered · closing 0.010');
  await expect(fired).toContainText('waiting for a price within the protection band');
  // Still open, whole: nothing was sold at the far bid.
  await expect(row).toContainText('0.010 BTC');
  await expect(tpsl).not.toContainText('whole position');

  await openOrdersTab(page).click();
  await expect(openOrdersTab(page)).toHaveText('Open orders (1)');
  const order = page.getByTestId('open-order');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('Stop loss');
  await expect(order).toContainText(`Trigger ${shown2(stop)}`);
  await expect(order.getByTestId('open-order-status')).toHaveText('Triggered — waiting for a price within the protection band');

  // Screenshots of the held state, Positions shown: desktop, then phone (Account panel, Positions).
  await positionsTab(page).click();
  await expect(fired).toContainText('waiting for a price within the protection band');
  await clearToasts(page);
  await page.waitForTimeout(1000); // the dismissed toasts leave, the chart settles
  await page.screenshot({ path: 'docs/fired-sl-held.png' });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name: 'Account' }).click();
  await positionsTab(page).click();
  await expect(fired).toContainText('waiting for a price within the protection band');
  await row.scrollIntoViewIfNeeded();
  await clearToasts(page);
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'docs/fired-sl-held-phone.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await positionsTab(page).click();

  // Still held: the far bid is still resting, untouched.
  const stillFar = await other.api.user.queryOrder(farBid);
  expect(stillFar.status).toBe('open');
  expect(dec(stillFar.fill_qty).isZero()).toBe(true);

  // A bid within the band (0.5 % under the mark): on the next tick the stop closes the position at it.
  const near = wholePrice(await markOf(page), '0.995');
  await other.api.trade.newOrder({ symbol: SYMBOL, side: 'buy', order_type: 'limit', price: near, qty: SIZE, time_in_force: 'gtc', reduce_only: false });
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('positions-table')).toContainText('No open positions');
  await expect(openOrdersTab(page)).toHaveText('Open orders (0)');

  // At the near bid, not the far one: the page's fill, and the other side's.
  await page.getByRole('tab', { name: 'Trade history' }).click();
  const lastFill = page.getByTestId('trade-history').locator('tbody tr').first();
  await expect(lastFill).toContainText('Sell');
  await expect(lastFill).toContainText(shown2(near));
  const theirs = (await other.api.user.queryTrades({ symbol: SYMBOL })).result;
  const newest = theirs.reduce((a, b) => (b.id > a.id ? b : a));
  expect(newest.side).toBe('buy');
  expect(dec(newest.price).eq(near)).toBe(true);
  expect(dec(newest.qty).eq(SIZE)).toBe(true);
  expect(theirs.every((t) => !dec(t.price).eq(far))).toBe(true);
  const farAfter = await other.api.user.queryOrder(farBid);
  expect(farAfter.status).toBe('open');
  expect(dec(farAfter.fill_qty).isZero()).toBe(true);
});
