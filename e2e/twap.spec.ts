import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BASE } from './support/ports';
import { signInFunded } from './support/session';

// TWAP orders (issue 30): a total cut into IOC slices over a duration, run by this tab against the
// devnet; a reload stops it and asks before anything more is sent.

const form = (page: Page) => page.getByTestId('order-form');
const card = (page: Page) => page.getByTestId('twap-card').first();

interface OrderRow {
  cl_ord_id: string;
  time_in_force: string;
  fill_qty: string;
  status: string;
}

/** The account's BTC-USD orders, as the exchange recorded them. */
async function ordersOf(request: APIRequestContext, token: string): Promise<OrderRow[]> {
  const res = await request.get(`${BASE}/api/query_orders?symbol=BTC-USD&limit=100`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { result: OrderRow[] }).result;
}

async function positionQty(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get(`${BASE}/api/query_positions?symbol=BTC-USD`, { headers: { authorization: `Bearer ${token}` } });
  const list = (await res.json()) as { qty: string }[];
  return list[0]?.qty ?? '0';
}

async function startTwap(page: Page, size: string, seconds: string, slices: string) {
  await form(page).getByRole('tab', { name: 'TWAP' }).click();
  await page.getByLabel('Total size').fill(size);
  await page.getByLabel('Duration', { exact: true }).fill(seconds);
  await page.getByLabel('Duration unit').selectOption('s');
  await page.getByLabel('Slices').fill(slices);
  await expect(page.getByTestId('twap-preview')).toContainText('Never more than');
  await expect(page.getByTestId('twap-tab-note')).toHaveText('Runs only while this tab is open.');
  await page.getByTestId('twap-start').click();
  await expect(card(page)).toHaveAttribute('data-status', 'running');
  await expect(page.getByTestId('twap-panel')).toContainText('Runs only while this tab is open.');
}

/** The client order ids of the TWAP's slices, as this browser stored them. */
async function sliceIds(page: Page): Promise<string[]> {
  const stored = await page.evaluate(() => localStorage.getItem('perps.twaps'));
  const byAccount = (JSON.parse(stored ?? '{}') as { state?: { byAccount?: Record<string, { slices: { clOrdId: string }[] }[]> } }).state?.byAccount ?? {};
  return Object.values(byAccount).flatMap((list) => list.flatMap((tw) => tw.slices.map((s) => s.clOrdId)));
}

test('a TWAP of 4 slices over 20 s fills 4 times, on the Wallets page too, and the position is the total', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await signInFunded(page, 'BTC-USD');
  const before = Number(await positionQty(page.request, token));
  await startTwap(page, '0.010', '20', '4');

  // Mid-run: the screenshots (desktop, then the phone's order sheet).
  await expect(card(page).getByTestId('twap-filled')).not.toHaveText('0.000', { timeout: 10_000 });
  await page.screenshot({ path: 'docs/twap.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('phone-trade-bar').getByRole('button', { name: 'Buy / Long' }).click();
  await expect(card(page)).toBeVisible();
  await card(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/twap-phone.png' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The rest runs while the trader is on the Wallets page: the runner lives with the tab.
  await page.getByTestId('wallets-link').click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect
    .poll(async () => {
      const ids = await sliceIds(page);
      return (await ordersOf(page.request, token)).filter((o) => ids.includes(o.cl_ord_id) && Number(o.fill_qty) > 0).length;
    }, { timeout: 25_000 })
    .toBe(4);
  await page.goBack();
  await expect(card(page)).toHaveAttribute('data-status', 'done', { timeout: 10_000 });
  await expect(card(page).getByTestId('twap-filled')).toHaveText('0.010');
  const ids = await sliceIds(page);
  expect(ids).toHaveLength(4);
  const slices = (await ordersOf(page.request, token)).filter((o) => ids.includes(o.cl_ord_id));
  expect(slices).toHaveLength(4);
  expect(slices.every((o) => o.time_in_force === 'ioc' && Number(o.fill_qty) > 0)).toBe(true);
  expect(slices.reduce((a, o) => a + Number(o.fill_qty), 0)).toBeCloseTo(0.01, 9);
  expect(Number(await positionQty(page.request, token)) - before).toBeCloseTo(0.01, 9);
});

test('pause and resume; a reload stops a running TWAP and asks; cancel sends nothing more', async ({ page }) => {
  test.setTimeout(60_000);
  const token = await signInFunded(page, 'BTC-USD');
  await startTwap(page, '0.010', '40', '4');
  await expect(card(page).getByTestId('twap-filled')).toHaveText('0.003', { timeout: 10_000 });
  // Pause, then resume: the same button, renamed; the focus stays on it.
  const pause = card(page).getByRole('button', { name: /^Pause TWAP/ });
  await pause.click();
  await expect(card(page)).toHaveAttribute('data-status', 'paused');
  const resume = card(page).getByRole('button', { name: /^Resume TWAP/ });
  await expect(resume).toBeFocused();
  await resume.click();
  await expect(card(page)).toHaveAttribute('data-status', 'running');

  await page.reload();
  await expect(card(page)).toHaveAttribute('data-status', 'interrupted', { timeout: 15_000 });
  await expect(card(page)).toContainText('Resume it?');
  await expect(page.getByTestId('toasts')).toContainText('A TWAP stopped when the page reloaded');
  await expect(card(page).getByRole('button', { name: /^Resume TWAP/ })).toBeVisible();
  const sentBefore = (await ordersOf(page.request, token)).length;
  await card(page).getByRole('button', { name: /^Cancel TWAP/ }).click();
  await expect(card(page)).toHaveAttribute('data-status', 'canceled');
  await expect(card(page).getByRole('button', { name: /^Dismiss TWAP/ })).toBeFocused();

  // Longer than the 10 s interval: nothing more goes out.
  await page.waitForTimeout(11_000);
  expect((await ordersOf(page.request, token)).length).toBe(sentBefore);
  await expect(card(page).getByTestId('twap-filled')).toHaveText('0.003');
});
