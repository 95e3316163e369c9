import { expect, test, type Page } from '@playwright/test';
import { BASE } from './support/ports';
import { signInWith, storedToken } from './support/session';

test.use({ viewport: { width: 1440, height: 900 } });

/**
 * decisions.md "Errors": the public service answers a malformed query string with a plain-text 400;
 * the app must survive it and show the service's own words. The app never sends a malformed query, so
 * the browser's real request is rewritten on its way out and the real devnet answers it.
 */
async function malformOutgoing(page: Page, path: string, param: string, value: string) {
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set(param, value);
      return route.continue({ url: url.toString() });
    },
  );
}

/** What the devnet itself answers to that malformed query: status, content-type and the plain text. */
async function devnetAnswer(page: Page, path: string, query: string) {
  const token = (await storedToken(page))!;
  const res = await page.request.get(`${BASE}${path}?${query}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status(), type: res.headers()['content-type'] ?? '', text: (await res.text()).trim() };
}

for (const { tab, path, param, value, testId, prefix } of [
  { tab: 'Order history', path: '/api/query_orders', param: 'limit', value: 'x', testId: 'order-history', prefix: 'Order history unavailable' },
  { tab: 'Trade history', path: '/api/query_trades', param: 'start', value: 'abc', testId: 'trade-history', prefix: 'Trade history unavailable' },
]) {
  test(`decisions.md "Errors": a plain-text 400 for ${param}=${value} shows its message on the ${tab} tab`, async ({ page }) => {
    await page.goto('/trade/BTC-USD');
    await signInWith(page, /Devnet wallet/);
    const answer = await devnetAnswer(page, path, `${param}=${value}`);
    expect(answer.status).toBe(400);
    expect(answer.type).toMatch(/^text\/plain/);
    expect(answer.text).toContain(param);

    await malformOutgoing(page, path, param, value);
    await page.getByRole('tab', { name: tab }).click();
    const table = page.getByTestId(testId);
    await expect(table).toContainText(`${prefix}: ${answer.text}`);
    // Not mistaken for a broken connection, not an unreadable response, and the rest of the page lives on.
    await expect(table).not.toContainText(/Cannot reach|network|Unexpected response/i);
    await expect(page.getByTestId('order-form')).toBeVisible();
    await page.getByRole('tab', { name: /Positions/ }).click();
    await expect(page.getByRole('tabpanel')).not.toContainText('unavailable');
  });
}
