import { expect, test, type Page, type Request } from '@playwright/test';
import { dec, type Dec } from '../src/lib/decimal';
import { formatFixed } from '../src/lib/format';
import { bestBookPrice, wholePrice } from './support/book';
import { BASE } from './support/ports';
import { signInFunded } from './support/session';

// Issue 16: the order form protects the trader — a leverage typo is refused and a change to an open
// position waits for confirmation, a market order carries a slippage limit, 100 % is a size the
// exchange accepts — and the account health strip tells the truth about the account.

// These specs read the order the form sends, and check that nothing is sent, from the page's HTTP
// requests: orders take HTTP here (src/trading/order-path.ts). The order stream path has its own spec
// (order-stream.spec.ts).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('perps.order-path', 'http'));
});

const form = (page: Page) => page.getByTestId('order-form');
const toasts = (page: Page) => page.getByTestId('toasts');

interface OrderRecord {
  cl_ord_id: string;
  order_type: string;
  price: string;
  qty: string;
  fill_qty: string;
  fill_avg_price: string;
  status: string;
  remark?: string;
}
interface PositionRow {
  symbol: string;
  qty: string;
  leverage: string;
  holding_margin: string;
  entry_value: string;
  mark_price: string;
  maint_margin: string;
}

/** A signed-in GET of the service, with the session's token, as the app makes it. */
async function query<T>(page: Page, token: string, path: string): Promise<T> {
  const res = await page.request.get(`${BASE}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}
/**
 * Takes the test's resting orders off the book: a 100 % order left there would stand in the way of
 * the specs that trade the same market on the same devnet after this one.
 */
async function cancelAllOpenOrders(page: Page) {
  await page.getByRole('tab', { name: /Open orders/ }).click();
  await expect(page.getByTestId('open-order').first()).toBeVisible();
  await page.getByTestId('cancel-all').click();
  await expect(page.getByTestId('open-order')).toHaveCount(0, { timeout: 10_000 });
}
const leverageOf = async (page: Page, token: string, symbol: string) =>
  (await query<{ leverage: number }>(page, token, `/api/query_position_config?symbol=${symbol}`)).leverage;
const orderByClientId = async (page: Page, token: string, clOrdId: string) =>
  (await query<{ result: OrderRecord[] }>(page, token, '/api/query_orders?limit=50')).result.find((o) => o.cl_ord_id === clOrdId);

/** Every signed command the page sends, by path (change_leverage, new_order, …). */
function recordCommands(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r: Request) => {
    const m = /\/api\/(new_order|change_leverage|cancel_order|change_margin_mode)$/.exec(new URL(r.url()).pathname);
    if (m && r.method() === 'POST') sent.push(m[1]!);
  });
  return sent;
}

/** Submits the form and returns the new_order body it sent. */
async function submitAndCapture(page: Page): Promise<Record<string, string>> {
  const [req] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/api/new_order') && r.method() === 'POST'), page.getByTestId('submit-order').click()]);
  return JSON.parse(req.postData() ?? '{}') as Record<string, string>;
}

async function openLong(page: Page, size: string) {
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill(size);
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('position-BTC-USD')).toBeVisible();
}

test('a leverage typo is refused beside the box and changes nothing; a real change waits for confirmation', async ({ page }) => {
  const token = await signInFunded(page, 'BTC-USD');
  await openLong(page, '0.02');
  const before = await leverageOf(page, token, 'BTC-USD');
  const position = (await query<PositionRow[]>(page, token, '/api/query_positions?symbol=BTC-USD'))[0]!;
  const sent = recordCommands(page);

  const box = form(page).getByLabel('Leverage', { exact: true });
  for (const typo of ['2.5', '-3']) {
    await box.fill(typo);
    await expect(box).toHaveValue(typo);
    await expect(form(page).getByText('Leverage must be a whole number from 1 to 20')).toBeVisible();
    await expect(form(page).getByRole('button', { name: 'Apply' })).toHaveCount(0);
  }
  // An order while the box says 2.5: neither the leverage nor the order goes out.
  await box.fill('2.5');
  await form(page).getByRole('tab', { name: 'Limit' }).click();
  await page.locator('#order-price').fill(wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.97'));
  await page.locator('#order-size').fill('0.01');
  await page.getByTestId('submit-order').click();
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);
  expect(await leverageOf(page, token, 'BTC-USD')).toBe(before);
  const after = (await query<PositionRow[]>(page, token, '/api/query_positions?symbol=BTC-USD'))[0]!;
  expect(after.leverage).toBe(position.leverage);
  expect(after.holding_margin).toBe(position.holding_margin);

  // 20× with the position open: Apply shows what it does to the position; Keep sends nothing.
  await box.fill('20');
  await form(page).getByRole('button', { name: 'Apply' }).click();
  const confirm = page.getByTestId('leverage-confirm');
  const newMargin = formatFixed(dec(position.entry_value).div(20), 2);
  await expect(confirm).toContainText(`${formatFixed(dec(position.holding_margin), 2)} → ${newMargin} USD`);
  await expect(confirm).toContainText('Liq. price (est.)');
  await confirm.getByRole('button', { name: `Keep ${before}×` }).click();
  await expect(confirm).toHaveCount(0);
  // The order at 20× asks first too; Cancel sends nothing.
  await page.getByTestId('submit-order').click();
  await expect(confirm).toContainText(`This order sets your BTC-USD position to 20×`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForTimeout(300);
  expect(sent).toEqual([]);
  expect(await leverageOf(page, token, 'BTC-USD')).toBe(before);

  // Confirmed, it applies.
  await form(page).getByRole('button', { name: 'Apply' }).click();
  await confirm.getByRole('button', { name: 'Set 20×' }).click();
  await expect(toasts(page)).toContainText('Leverage set to 20× on BTC-USD');
  expect(sent).toEqual(['change_leverage']);
  expect(await leverageOf(page, token, 'BTC-USD')).toBe(20);
});

test('a market order carries the slippage limit; a size the book cannot fill within it is refused before sending', async ({ page }) => {
  const token = await signInFunded(page, 'BTC-USD');
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await expect(page.locator('#order-slippage')).toHaveValue('1');
  await page.locator('#order-size').fill('0.05');
  await expect(page.getByTestId('market-estimate')).toHaveText(/^Est\. fill ≈ [\d,]+\.\d{2} · impact \d+\.\d{2} %$/);
  const mark = dec(((await (await page.request.get(`${BASE}/api/query_symbol_price?symbol=BTC-USD`)).json()) as { mark_price: string }).mark_price);
  const body = await submitAndCapture(page);
  expect(body.order_type).toBe('market');
  const limit = dec(body.price!);
  // mark × 1.01 on the 0.01 tick (the mark may have moved a tick or two since it was read)
  expect(limit.div(mark).minus('1.01').abs().toNumber()).toBeLessThan(0.0005);
  expect(limit.decimalPlaces()).toBeLessThanOrEqual(2);
  await expect.poll(async () => (await orderByClientId(page, token, body.cl_ord_id!))?.status, { timeout: 10_000 }).toBe('filled');
  const record = (await orderByClientId(page, token, body.cl_ord_id!))!;
  expect(record.price).toBe(body.price); // the exchange keeps the limit the order was sent with
  expect(dec(record.fill_avg_price).lte(limit)).toBe(true);

  // 0.01 % leaves a level or two: 3 BTC cannot fill there, and the form says so instead of sending.
  const sent = recordCommands(page);
  await page.locator('#order-slippage').fill('0.01');
  await page.locator('#order-size').fill('3');
  await expect(form(page).getByRole('alert').filter({ hasText: 'The book fills only' })).toContainText(/of 3\.000 BTC within 0\.01 % of the mark \(up to [\d,]+\.\d{2}\): lower the size or raise the slippage/);
  await page.getByTestId('submit-order').click();
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);
  // The setting is the trader's: it survives a reload.
  await page.reload();
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await expect(page.locator('#order-slippage')).toHaveValue('0.01');
});

for (const kind of ['limit', 'market'] as const) {
  test(`100 % is a ${kind} order the exchange accepts`, async ({ page }) => {
    const token = await signInFunded(page, 'BTC-USD');
    await form(page).getByRole('tab', { name: kind === 'limit' ? 'Limit' : 'Market' }).click();
    if (kind === 'limit') await page.locator('#order-price').fill(wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.99'));
    await form(page).getByRole('button', { name: '100%' }).click();
    const size = dec(await page.locator('#order-size').inputValue());
    expect(size.gt(0)).toBe(true);
    await expect(page.locator('#order-size-error')).toHaveCount(0);
    const body = await submitAndCapture(page);
    expect(body.qty).toBe(size.toFixed());
    const outcome = async () => {
      const o = await orderByClientId(page, token, body.cl_ord_id!);
      return o ? `${o.status} ${o.fill_qty}/${o.qty} ${o.remark ?? ''}`.trim() : 'not yet';
    };
    await expect.poll(outcome, { timeout: 10_000 }).toMatch(kind === 'limit' ? /^open 0/ : /^filled /);
    const record = (await orderByClientId(page, token, body.cl_ord_id!))!;
    if (kind === 'market') expect(record.fill_qty).toBe(record.qty);
    await expect(toasts(page)).not.toContainText(/insufficient/i);
    if (kind === 'limit') await cancelAllOpenOrders(page);
  });
}

test('100 % of a sell limit priced through the book fills at the better bids without running out of margin', async ({ page }) => {
  const token = await signInFunded(page, 'BTC-USD');
  await form(page).getByRole('tab', { name: 'Limit' }).click();
  await form(page).getByRole('radio', { name: 'Sell / Short' }).click();
  // 2 % under the best bid: it takes every bid down to there, each above its limit, and rests the rest.
  await page.locator('#order-price').fill(wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.98'));
  await form(page).getByRole('button', { name: '100%' }).click();
  const size = dec(await page.locator('#order-size').inputValue());
  expect(size.gt(0)).toBe(true);
  const body = await submitAndCapture(page);
  const outcome = async () => {
    const o = await orderByClientId(page, token, body.cl_ord_id!);
    return o ? `${o.status} ${o.remark ?? ''}`.trim() : 'not yet';
  };
  await expect.poll(outcome, { timeout: 10_000 }).toMatch(/^(open|filled)$/);
  const record = (await orderByClientId(page, token, body.cl_ord_id!))!;
  expect(dec(record.fill_qty).gt(0)).toBe(true);
  await expect(toasts(page)).not.toContainText(/insufficient/i);
  if (record.status === 'open') await cancelAllOpenOrders(page);
});

test('the health strip shows what query_balance and query_positions add up to', async ({ page }) => {
  const token = await signInFunded(page, 'BTC-USD');
  await openLong(page, '0.2');
  await page.goto('/trade/ETH-USD');
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await form(page).getByRole('radio', { name: 'Sell / Short' }).click();
  await page.locator('#order-size').fill('3');
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('position-ETH-USD')).toBeVisible();

  // The strip reads the cache; the cache holds the latest query_balance / query_positions answers.
  // (Answers are kept in the order they arrived; one whose page was navigated away has no body.)
  const latest: { balance?: Record<string, string>; positions?: PositionRow[] } = {};
  const arrived = { balance: 0, positions: 0 };
  let seq = 0;
  page.on('response', async (r) => {
    const url = new URL(r.url());
    const kind = url.pathname === '/api/query_balance' ? 'balance' : url.pathname === '/api/query_positions' && !url.searchParams.has('symbol') ? 'positions' : null;
    if (!kind || r.status() !== 200) return;
    const n = ++seq;
    try {
      const body = (await r.json()) as never;
      if (n < arrived[kind]) return;
      arrived[kind] = n;
      latest[kind] = body;
    } catch {
      // answered to the page before the reload
    }
  });
  await page.reload();
  const strip = page.getByTestId('account-health');
  const shown = async () => ({
    equity: await strip.getByTestId('health-equity').innerText(),
    available: await strip.getByTestId('health-available').innerText(),
    maintenance: await strip.getByTestId('health-maintenance').innerText(),
    ratio: await strip.getByTestId('health-margin-ratio').innerText(),
    leverage: await strip.getByTestId('health-leverage').innerText(),
  });
  const expected = () => {
    const b = latest.balance;
    const ps = latest.positions;
    if (!b || !ps) return null;
    const equity = dec(b.equity!);
    const maint = ps.reduce((s: Dec, p) => s.plus(p.maint_margin), dec(0));
    const exposure = ps.reduce((s: Dec, p) => s.plus(dec(p.qty).abs().mul(p.mark_price)), dec(0));
    return {
      equity: formatFixed(equity, 2),
      available: formatFixed(dec(b.cross_available!), 2),
      maintenance: formatFixed(maint, 2),
      ratio: `${maint.div(equity).mul(100).toFixed(2)} %`,
      leverage: `${exposure.div(equity).toFixed(2)}×`,
    };
  };
  await expect.poll(async () => JSON.stringify(await shown()) === JSON.stringify(expected()), { timeout: 15_000 }).toBe(true);
  expect(latest.positions!.map((p) => p.symbol).sort()).toEqual(['BTC-USD', 'ETH-USD']);
  await expect(strip).toHaveAttribute('data-level', 'safe');
  // The strip's equity is the service's: query_balance answers the same now (nothing traded since).
  const now = await query<Record<string, string>>(page, token, '/api/query_balance');
  expect(now.cross_balance).toBe(latest.balance!.cross_balance);
});

test.describe('screenshots', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test('screenshot: the market estimate in the order form and the account health strip', async ({ page }) => {
    await signInFunded(page, 'BTC-USD');
    await openLong(page, '0.3');
    await page.locator('#order-size').fill('1.5');
    await expect(page.getByTestId('market-estimate')).toContainText('Est. fill ≈');
    await expect(toasts(page).getByRole('status')).toHaveCount(0, { timeout: 15_000 }); // the order's toasts gone
    await form(page).screenshot({ path: 'docs/order-form-market-estimate.png' });
    const strip = page.getByTestId('account-health');
    await expect(strip.getByTestId('health-leverage')).toContainText('×');
    await strip.locator('..').screenshot({ path: 'docs/account-health.png' });
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('screenshot: the order form on a phone, market order with its estimate', async ({ page }) => {
    await page.goto('/trade/BTC-USD');
    // The phone's order form is a sheet that Buy / Sell open (issue 18 #7), no longer a tab.
    await page.getByTestId('phone-trade-bar').getByRole('button', { name: 'Buy / Long' }).click();
    await form(page).getByRole('tab', { name: 'Market' }).click();
    await page.locator('#order-size').fill('0.8');
    await expect(page.getByTestId('market-estimate')).toContainText('Est. fill ≈');
    await page.waitForTimeout(500);
    await page.screenshot({ path: 'docs/order-form-phone.png' });
  });
});
