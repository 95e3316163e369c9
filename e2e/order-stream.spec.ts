import { expect, test, type Page } from '@playwright/test';
import { BASE } from './support/ports';
import { bestBookPrice, shownWhole, wholePrice } from './support/book';
import { signInFunded } from './support/session';

// Issue 17 #2: with the order stream logged in, an order and its cancel travel over the stream itself
// (signed order:new / order:cancel frames), not as HTTP requests.

interface Frame {
  method?: string;
  request_id?: string;
  params?: string;
  header?: Record<string, string>;
  code?: number;
  status?: string;
  message?: string;
}

/** Every frame on the order response stream, both ways, and every HTTP order command the page sends. */
function watchOrderTraffic(page: Page) {
  const sent: Frame[] = [];
  const received: Frame[] = [];
  const http: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(new_order|cancel_order)/.test(r.url())) http.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/ws-api/')) return;
    const parse = (payload: string | Buffer) => JSON.parse(payload.toString()) as Frame;
    ws.on('framesent', (f) => sent.push(parse(f.payload)));
    ws.on('framereceived', (f) => received.push(parse(f.payload)));
  });
  const repliesTo = (id: string | undefined) => received.filter((r) => r.request_id === id);
  const loggedIn = () => sent.filter((f) => f.method === 'auth:login').some((f) => repliesTo(f.request_id).some((r) => r.code === 0));
  return { sent, received, http, repliesTo, loggedIn };
}

test('a limit order is placed and cancelled over the order stream, with no HTTP order request', async ({ page }) => {
  const traffic = watchOrderTraffic(page);
  const token = await signInFunded(page);
  await expect.poll(traffic.loggedIn, { timeout: 10_000 }).toBe(true);

  const price = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.98');
  const form = page.getByTestId('order-form');
  await form.getByRole('tab', { name: 'Limit' }).click();
  await page.locator('#order-price').fill(price);
  await page.locator('#order-size').fill('0.01');
  await page.getByTestId('submit-order').click();

  // A signed order:new frame left on the socket, and its outcome came back on it.
  await expect.poll(() => traffic.sent.filter((f) => f.method === 'order:new').length).toBe(1);
  const placed = traffic.sent.find((f) => f.method === 'order:new')!;
  expect(JSON.parse(placed.params!)).toMatchObject({ symbol: 'BTC-USD', side: 'buy', order_type: 'limit', price, qty: '0.01' });
  expect(placed.header).toMatchObject({ 'x-request-id': placed.request_id, 'x-request-signature': expect.any(String) });
  await expect.poll(() => traffic.repliesTo(placed.request_id).map((r) => r.status ?? r.message)).toEqual(['accepted', 'success']);

  // It rests and shows in open orders.
  await page.getByRole('tab', { name: /Open orders/ }).click();
  const row = page.getByTestId('open-order').filter({ hasText: shownWhole(price) });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /Cancel/ }).click();
  await expect(row).toHaveCount(0);
  await expect.poll(() => traffic.sent.filter((f) => f.method === 'order:cancel').length).toBe(1);
  const canceled = traffic.sent.find((f) => f.method === 'order:cancel')!;
  expect(canceled.header).toMatchObject({ 'x-request-signature': expect.any(String) });
  await expect.poll(() => traffic.repliesTo(canceled.request_id).map((r) => r.status ?? r.message)).toEqual(['accepted', 'success']);

  // Nothing went over HTTP, and nothing of this trader is left resting on the shared devnet.
  expect(traffic.http).toEqual([]);
  const open = await page.request.get(`${BASE}/api/query_open_orders`, { headers: { authorization: `Bearer ${token}` } });
  expect(open.status()).toBe(200);
  expect(((await open.json()) as { result: unknown[] }).result).toEqual([]);
});
