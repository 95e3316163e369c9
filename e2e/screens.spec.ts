import { expect, test } from '@playwright/test';
import { bestBookPrice, wholePrice } from './support/book';
import { installEvmWallet, installSolanaWallet } from './support/injected-wallets';
import { BASE } from './support/ports';
import { openSignIn, signInWith, storedToken } from './support/session';

test.use({ viewport: { width: 1440, height: 900 } });

test('screenshot: the sign-in dialog with EVM and Solana wallets found', async ({ page }) => {
  await installEvmWallet(page, 4);
  await installSolanaWallet(page, new Uint8Array(32).fill(4));
  await page.goto('/trade/BTC-USD');
  const dialog = await openSignIn(page);
  await expect(dialog.getByRole('button', { name: /Test EVM Wallet/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Test Solana Wallet/ })).toBeVisible();
  await page.screenshot({ path: 'docs/sign-in.png' });
});

test('screenshot: the wallets page with balances, deposit and withdraw history', async ({ page }) => {
  await installEvmWallet(page, 3);
  await page.goto('/trade/BTC-USD');
  await signInWith(page, /Test EVM Wallet/);
  const token = (await storedToken(page))!;
  await page.request.post(`${BASE}/devnet/faucet`, { headers: { authorization: `Bearer ${token}` }, data: { amount: '2500' } });
  await page.getByTestId('wallets-link').click();
  await expect(page.getByTestId('cash-wallet-free')).toContainText('2,500.00');
  const transfer = page.getByRole('form', { name: 'Transfer' });
  await transfer.getByLabel('Transfer amount').fill('1000');
  await transfer.getByRole('button', { name: /Move to Perps/ }).click();
  await transfer.getByRole('button', { name: 'Move 1,000.00 DUSD' }).click();
  await expect(page.getByTestId('perps-wallet-free')).toContainText('1,000.00');
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(page.getByTestId('wallet-dusd')).toContainText(/\d/);
  await page.screenshot({ path: 'docs/wallets.png' });
});

test('screenshot: the trade page with a position and a resting order', async ({ page }) => {
  await page.goto('/trade/BTC-USD');
  await signInWith(page, /Devnet wallet/);
  const token = (await storedToken(page))!;
  await page.request.post(`${BASE}/devnet/faucet`, { headers: { authorization: `Bearer ${token}` }, data: { amount: '25000', wallet: 'perps' } });
  await expect(page.getByTestId('available')).toContainText('25,000');
  const form = page.getByTestId('order-form');
  await form.getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill('0.05');
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('position-BTC-USD')).toBeVisible();
  await form.getByRole('tab', { name: 'Limit' }).click();
  await page.locator('#order-price').fill(wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.99'));
  await page.locator('#order-size').fill('0.02');
  await page.getByTestId('submit-order').click();
  await expect(page.getByRole('tab', { name: 'Open orders (1)' })).toBeVisible();
  await page.waitForTimeout(1500); // let the toasts settle and the chart draw its order and position lines
  await page.screenshot({ path: 'docs/screenshot-desktop.png' });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('screenshot: the phone layout with the panels in tabs', async ({ page }) => {
    await page.goto('/trade/BTC-USD');
    await expect(page.locator('canvas').first()).toBeVisible();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: 'docs/screenshot-phone.png' });
  });
});
