import { expect, test } from '@playwright/test';
import { dec } from '../src/lib/decimal';
import { bestBookPrice, wholePrice } from './support/book';
import { BASE } from './support/ports';
import { signInWith, storedToken } from './support/session';
import { nodeTrader } from './support/node-trader';
import { relayFor } from './support/relay-control';

test('a dropped stream is shown, reconnects, and the fill that happened meanwhile is not missed', async ({ page }) => {
  // Both stream sockets go through the stream relay, which this test can cut and refuse reconnects on.
  const relay = await relayFor(page.context());

  await page.goto('/trade/BTC-USD');
  await signInWith(page, /Devnet wallet/);
  const token = (await storedToken(page))!;
  expect((await page.request.post(`${BASE}/devnet/faucet`, { headers: { authorization: `Bearer ${token}` }, data: { amount: '50000', wallet: 'perps' } })).status()).toBe(200);
  await expect(page.getByTestId('available')).toContainText('50,000');

  // A resting bid 2 % under the book, which the other trader will hit while this page is offline.
  const price = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.98');
  const form = page.getByTestId('order-form');
  await form.getByRole('tab', { name: 'Limit' }).click();
  await page.locator('#order-price').fill(price);
  await page.locator('#order-size').fill('0.01');
  await page.getByTestId('submit-order').click();
  await page.getByRole('tab', { name: /Open orders/ }).click();
  await expect(page.getByTestId('open-order')).toHaveCount(1);

  // The network drops: both streams close and reconnects are refused.
  const before = await relay.counts();
  expect(before.market.live).toBeGreaterThanOrEqual(1);
  expect(before.orders.live).toBeGreaterThanOrEqual(1);
  await relay.cut('market', 'orders');
  await expect(page.getByTestId('stream-banner')).toBeVisible();

  // Meanwhile the order fills: another trader sweeps every bid down to its price (an ioc, so
  // nothing of the sweep rests).
  const other = await nodeTrader('1000000');
  const now = (await (await page.request.get(`${BASE}/api/query_depth_book?symbol=BTC-USD`)).json()) as { bids: [string, string][] };
  const above = now.bids.filter(([p]) => dec(p).gte(price)).reduce((sum, [, q]) => sum.plus(q), dec(0));
  const sweep = above.mul('1.5').plus('0.05').toFixed(3);
  await other.api.trade.newOrder({ symbol: 'BTC-USD', side: 'sell', order_type: 'limit', qty: sweep, price, time_in_force: 'ioc', reduce_only: false });
  // The app tried to reconnect while the network was down (and was refused).
  await expect
    .poll(async () => {
      const { market, orders } = await relay.counts();
      return market.refused + orders.refused;
    }, { timeout: 10_000 })
    .toBeGreaterThan(0);

  // The network is back: the app reconnects by itself, and reconciles what it missed.
  await relay.restore('market', 'orders');
  // Its push was lost with the socket: the order this page sent is read back once the account stream
  // is subscribed again, and its fill told.
  await expect(page.getByTestId('toasts')).toContainText('Filled: Buy 0.010 BTC-USD', { timeout: 20_000 });
  await expect(page.getByTestId('stream-banner')).toBeHidden({ timeout: 20_000 });
  const after = await relay.counts();
  expect(after.market.opened).toBeGreaterThan(before.market.opened);
  expect(after.orders.opened).toBeGreaterThan(before.orders.opened);
  await expect(page.getByTestId('open-order')).toHaveCount(0);
  await page.getByRole('tab', { name: /Positions/ }).click();
  const row = page.getByTestId('position-BTC-USD');
  await expect(row).toBeVisible();
  await expect(row).toContainText('0.01');
  // Live again: prices keep moving on the reconnected stream.
  const trades = page.getByTestId('recent-trades');
  const first = await trades.innerText();
  await expect.poll(() => trades.innerText(), { timeout: 15_000 }).not.toBe(first);
});
