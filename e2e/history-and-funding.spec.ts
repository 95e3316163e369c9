import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { bestBookPrice, wholePrice } from './support/book';
import { BASE } from './support/ports';
import { marketOrderFilled } from './support/orders';
import { signInFunded } from './support/session';

const form = (page: Page) => page.getByTestId('order-form');
const today = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  });

/** IOC limits far under the book: each is canceled at once, nothing is left resting. */
async function unfilledIocOrders(page: Page, token: string, count: number) {
  const price = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.9');
  const placed = async () => {
    const res = await page.request.get(`${BASE}/api/query_orders?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { total: number }).total;
  };
  const before = await placed();
  await form(page).getByRole('tab', { name: 'Limit' }).click();
  await form(page).getByLabel('Time in force').selectOption('ioc');
  for (let i = 1; i <= count; i++) {
    await page.locator('#order-price').fill(price);
    await page.locator('#order-size').fill('0.001');
    await page.getByTestId('submit-order').click();
    await expect.poll(placed).toBe(before + i);
  }
}

test("an order's detail opens from order history and trade history: status timeline and its fill", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInFunded(page);
  await marketOrderFilled(page, 'Buy / Long', '0.002');
  const row = page.getByTestId('order-history-row').first();
  await expect(row).toContainText('BTC-USD');
  await expect(row).toContainText('Filled');
  await row.click();
  const detail = page.getByTestId('order-detail');
  await expect(detail).toBeVisible();
  const timeline = detail.getByTestId('order-timeline');
  await expect(timeline.locator('li').first()).toContainText('Created');
  await expect(timeline).toContainText(/Fill\s+0\.00[12] @ [\d,]+\.\d{2}/);
  await expect(timeline.locator('li').last()).toContainText('Filled');
  const fills = detail.getByTestId('order-fills').locator('tbody tr');
  await expect(fills.first()).toContainText(/[\d,]+\.\d{2}/);
  // The fills add up to the order's size.
  const sizes = await fills.evaluateAll((rows) => rows.map((r) => Number(r.querySelectorAll('td')[2]?.textContent ?? 0)));
  expect(sizes.reduce((a, b) => a + b, 0)).toBeCloseTo(0.002, 6);
  await page.screenshot({ path: 'docs/order-detail.png' });
  const title = await detail.getByRole('heading').first().textContent();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // A fill in trade history opens the order it belongs to.
  await page.getByRole('tab', { name: 'Trade history' }).click();
  await page.getByTestId('trade-history').locator('tbody tr').first().click();
  await expect(detail.getByRole('heading').first()).toHaveText(title!);
  await expect(detail.getByTestId('order-fills').locator('tbody tr').first()).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  // Back to flat, as the devnet was.
  await marketOrderFilled(page, 'Sell / Short', '0.002');
});

test('a date range narrows the history', async ({ page }) => {
  await unfilledIocOrders(page, await signInFunded(page), 1);
  await page.getByRole('tab', { name: 'Order history' }).click();
  const rows = page.getByTestId('order-history-row');
  await expect(rows.first()).toBeVisible();
  const day = await today(page);
  const tomorrow = await page.evaluate(() => {
    const d = new Date(Date.now() + 86_400_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  });
  await page.getByLabel('From', { exact: true }).fill(tomorrow);
  await expect(page.getByTestId('order-history')).toContainText('No orders match');
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
  await expect(rows.first()).toBeVisible();
  // A reversed range says so by the inputs and keeps what was typed.
  await page.getByLabel('To', { exact: true }).fill('2020-01-01');
  await expect(page.getByRole('alert').filter({ hasText: 'From is after To' })).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('2020-01-01');
  await page.getByRole('button', { name: 'Any date' }).click();
  await expect(rows.first()).toBeVisible();
  // Trade and funding history take the same range.
  await page.getByRole('tab', { name: 'Trade history' }).click();
  await page.getByLabel('From', { exact: true }).fill(tomorrow);
  await expect(page.getByTestId('trade-history')).toContainText('No trades match');
  await page.getByRole('tab', { name: 'Funding', exact: true }).click();
  await page.getByLabel('From', { exact: true }).fill(tomorrow);
  await expect(page.getByTestId('funding-history')).toContainText('No funding payments match');
});

test('Export CSV saves every row of a range spanning several pages, each once', async ({ page }) => {
  const token = await signInFunded(page);
  await unfilledIocOrders(page, token, 5);
  // Two rows a page, so the export has to read page after page.
  await page.evaluate(() => localStorage.setItem('perps:history-page-size', '2'));
  await page.reload();
  await page.getByRole('tab', { name: 'Order history' }).click();
  const day = await today(page);
  await page.getByLabel('From', { exact: true }).fill(day);
  await page.getByLabel('To', { exact: true }).fill(day);
  await expect(page.getByTestId('order-history-row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();

  // What the service holds for the same range.
  const start = await page.evaluate((d) => new Date(`${d}T00:00:00`).toISOString(), day);
  const end = await page.evaluate((d) => new Date(new Date(`${d}T00:00:00`).getTime() + 86_400_000 - 1).toISOString(), day);
  await expect
    .poll(async () => {
      const res = await page.request.get(`${BASE}/api/query_orders?start=${start}&end=${end}&limit=500`, { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { total: number }).total;
    })
    .toBeGreaterThanOrEqual(5);
  const res = await page.request.get(`${BASE}/api/query_orders?start=${start}&end=${end}&limit=500`, { headers: { authorization: `Bearer ${token}` } });
  const expected = ((await res.json()) as { result: { id: number }[] }).result.map((o) => o.id);

  const download = page.waitForEvent('download');
  await page.getByTestId('csv-export').getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toMatch(/^order_id,/);
  const ids = lines.slice(1).map((l) => Number(l.split(',')[0]));
  expect(ids.length).toBeGreaterThan(2);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual(expected);
  await expect(page.getByTestId('csv-export')).toContainText(`Exported ${ids.length} rows`);
  await page.evaluate(() => localStorage.removeItem('perps:history-page-size'));
});

test('the market has a funding-rate history chart beside its price chart', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/trade/BTC-USD');
  const views = page.getByRole('tablist', { name: 'Chart view' });
  await views.getByRole('tab', { name: 'Funding rate' }).click();
  const chart = page.getByTestId('funding-rate-chart');
  await expect(chart).toContainText('BTC-USD funding rate · last 7 days');
  // The predicted rate of the running interval, as a percent at 4 decimals.
  await expect(chart).toContainText(/Now \(predicted\): [+-]?\d+\.\d{4}%/);
  await expect(chart.getByRole('img', { name: /BTC-USD funding rate per settlement/ })).toBeVisible();
  // One settlement reads "1 settlement" (a devnet started just before the hour).
  await expect(chart).toContainText(/\d+ settlements?/);
  const settled = Number((await chart.textContent())?.match(/(\d+) settlements?/)?.[1] ?? 0);
  if (settled > 0) {
    // Hovering a settlement names its time and rate.
    const svg = chart.getByRole('img');
    const box = (await svg.boundingBox())!;
    await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
    await expect(chart.getByTestId('funding-hover')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}: [+-]?\d+\.\d{4}%/);
  } else {
    await expect(chart).toContainText('No funding settled for BTC-USD in the last 7 days yet');
  }
  await page.screenshot({ path: 'docs/funding-rates.png' });
  // Another market's chart follows the market.
  await page.goto('/trade/ETH-USD');
  await page.getByRole('tablist', { name: 'Chart view' }).getByRole('tab', { name: 'Funding rate' }).click();
  await expect(page.getByTestId('funding-rate-chart')).toContainText('ETH-USD funding rate');
  await page.getByRole('tablist', { name: 'Chart view' }).getByRole('tab', { name: 'Price' }).click();
  await expect(page.locator('canvas').first()).toBeVisible();
});
