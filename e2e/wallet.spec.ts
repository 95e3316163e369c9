import { expect, test, type Page } from '@playwright/test';
import { bestBookPrice, shownWhole, wholePrice } from './support/book';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { AUTH, BASE } from './support/ports';
import { installEvmWallet, installSolanaWallet, onChainDusd } from './support/injected-wallets';
import { openSignIn, signInWith, storedToken } from './support/session';

async function chainInfo() {
  const res = await fetch(`${BASE}/devnet/config`);
  return ((await res.json()) as { chain: { token: string; vault: string; bridge: string } }).chain;
}

test('BSC wallet: sign in, get DUSD, deposit, transfer both ways, trade, withdraw through reqRemoteCall', async ({ page }) => {
  test.setTimeout(180_000);
  const wallet = await installEvmWallet(page, 7);
  const { token } = await chainInfo();
  await page.goto('/trade/BTC-USD');
  await signInWith(page, /Test EVM Wallet/);
  expect(wallet.calls.filter((c) => c.method === 'personal_sign')).toHaveLength(1);
  await expect(page.getByTestId('account-menu')).toContainText(wallet.address.slice(0, 6));

  await page.getByTestId('wallets-link').click();
  await expect(page).toHaveURL(/\/wallets$/);
  const deposit = page.getByTestId('deposit-card');
  await expect(deposit.getByTestId('deposit-address')).toHaveText((await chainInfo()).vault);
  await expect(deposit.getByRole('img', { name: /QR code/ })).toBeVisible();

  // Get test DUSD: minted on-chain to the connected wallet.
  const before = await onChainDusd(token, wallet.address);
  await deposit.getByRole('button', { name: /Get test DUSD/ }).click();
  await expect(deposit.getByText(/Minted 1,000 test DUSD/)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => onChainDusd(token, wallet.address)).toBe(before + 1000n * 10n ** 18n);
  await expect(deposit.getByTestId('wallet-dusd')).toHaveText('1,000.00');

  // Below the minimum is refused before the wallet is asked.
  await deposit.getByLabel('Deposit amount').fill('0.4');
  await deposit.getByRole('button', { name: 'Deposit from wallet' }).click();
  await expect(deposit.getByText('The minimum is 0.5 DUSD')).toBeVisible();
  expect(wallet.calls.some((c) => c.method === 'eth_sendTransaction')).toBe(false);

  // Deposit through the wallet, tracked until the Cash Wallet is credited.
  await deposit.getByLabel('Deposit amount').fill('200');
  await deposit.getByRole('button', { name: 'Deposit from wallet' }).click();
  await expect(deposit.getByTestId('deposit-status')).toContainText('Credited', { timeout: 60_000 });
  await expect(page.getByTestId('cash-wallet-free')).toContainText('200.00');

  // Cash → Perps, with the amount checked against what is there.
  const transfer = page.getByRole('form', { name: 'Transfer' });
  await transfer.getByLabel('Transfer amount').fill('500');
  await transfer.getByRole('button', { name: /Move to Perps/ }).click();
  await expect(transfer.getByText('You have 200.00 DUSD available')).toBeVisible();
  await transfer.getByLabel('Transfer amount').fill('150');
  await transfer.getByRole('button', { name: /Move to Perps/ }).click();
  await transfer.getByRole('button', { name: 'Move 150.00 DUSD' }).click();
  await expect(page.getByTestId('perps-wallet-free')).toContainText('150.00');
  await expect(page.getByTestId('cash-wallet-free')).toContainText('50.00');

  // A market order with the Perps Wallet margin (the wallet stays connected: same page load).
  await page.getByRole('link', { name: 'Trade' }).click();
  await expect(page.getByTestId('available')).toContainText('150');
  await page.getByTestId('order-form').getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill('0.001');
  await page.getByTestId('submit-order').click();
  await page.getByRole('tab', { name: /Positions/ }).click();
  await expect(page.getByTestId('position-BTC-USD')).toBeVisible();
  await page.getByTestId('wallets-link').click();

  // Perps → Cash.
  await transfer.getByRole('radio', { name: 'Perps → Cash' }).click();
  await transfer.getByLabel('Transfer amount').fill('50');
  await transfer.getByRole('button', { name: /Move to Cash/ }).click();
  await transfer.getByRole('button', { name: 'Move 50.00 DUSD' }).click();
  await expect(page.getByTestId('cash-wallet-free')).toContainText('100.00');

  // Withdraw 120: Cash has 100, so the stepper first moves 20 from Perps, then reqRemoteCall.
  const beforeWithdraw = await onChainDusd(token, wallet.address);
  const withdraw = page.getByRole('form', { name: 'Withdraw' });
  await withdraw.getByLabel('Withdraw amount').fill('120');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  const steps = page.getByRole('list', { name: 'Withdraw steps' });
  await expect(steps.locator('[data-step="transfer"]')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(steps.locator('[data-step="confirm"]')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await expect(page.getByTestId('withdraw-status')).toContainText('Confirmed');
  expect(wallet.calls.some((c) => c.method === 'eth_sendTransaction')).toBe(true);
  // On-chain: token_amount − fee (devnet fee 0.1) arrived in the wallet.
  await expect.poll(() => onChainDusd(token, wallet.address)).toBe(beforeWithdraw + 1199n * 10n ** 17n);
  await expect(page.getByTestId('withdraw-history')).toContainText('Confirmed');
  await expect(page.getByTestId('withdraw-history')).toContainText('120.00');
});

test('switching the wallet account signs out', async ({ page }) => {
  const wallet = await installEvmWallet(page, 6);
  await page.goto('/trade/BTC-USD');
  await signInWith(page, /Test EVM Wallet/);
  await wallet.switchAccount('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720');
  await expect(page.getByTestId('account-menu')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect.poll(() => storedToken(page)).toBeNull();
});

test('Solana wallet (Wallet Standard): sign in and trade', async ({ page }) => {
  const wallet = await installSolanaWallet(page);
  await page.goto('/trade/ETH-USD');
  await signInWith(page, /Test Solana Wallet/);
  expect(wallet.signed).toHaveLength(1);
  await expect(page.getByTestId('account-menu')).toContainText('solana');
  await expect(page.getByTestId('account-menu')).toContainText(wallet.address.slice(0, 6));
  // Fund the Perps Wallet through the devnet faucet + a transfer, then a market order.
  const token = (await storedToken(page))!;
  expect((await page.request.post(`${BASE}/devnet/faucet`, { headers: { authorization: `Bearer ${token}` }, data: { amount: '1000' } })).status()).toBe(200);
  await page.getByTestId('wallets-link').click();
  await expect(page.getByTestId('cash-wallet-free')).toContainText('1,000.00');
  const transfer = page.getByRole('form', { name: 'Transfer' });
  await transfer.getByRole('button', { name: 'Max' }).click();
  await transfer.getByRole('button', { name: /Move to Perps/ }).click();
  await transfer.getByRole('button', { name: 'Move 1,000.00 DUSD' }).click();
  await expect(page.getByTestId('perps-wallet-free')).toContainText('1,000.00');
  await expect(page.getByTestId('withdraw-card')).toContainText('sign in with a BSC wallet');
  await page.getByRole('link', { name: 'Trade' }).click();
  await expect(page.getByTestId('available')).toContainText('1,000');
  await page.getByTestId('order-form').getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill('0.1');
  await page.getByTestId('submit-order').click();
  await page.getByRole('tab', { name: /Positions/ }).click();
  // "Trade" returns to the market the trader had open.
  await expect(page).toHaveURL(/\/trade\/ETH-USD$/);
  await expect(page.getByTestId('position-ETH-USD')).toBeVisible();
});

/** Devnet wallet sign-in, 1,000 DUSD from the faucet moved Cash → Perps on the wallets page, back on Trade. */
async function signInWithPerpsMargin(page: Page): Promise<string> {
  await page.goto('/trade/BTC-USD');
  await signInWith(page, /Devnet wallet/);
  const token = (await storedToken(page))!;
  await page.request.post(`${BASE}/devnet/faucet`, { headers: { authorization: `Bearer ${token}` }, data: { amount: '1000' } });
  await page.getByTestId('wallets-link').click();
  const transfer = page.getByRole('form', { name: 'Transfer' });
  await expect(page.getByTestId('cash-wallet-free')).toContainText('1,000.00');
  await transfer.getByLabel('Transfer amount').fill('1000');
  await transfer.getByRole('button', { name: /Move to Perps/ }).click();
  await transfer.getByRole('button', { name: 'Move 1,000.00 DUSD' }).click();
  await expect(page.getByTestId('perps-wallet-free')).toContainText('1,000.00');
  await page.getByRole('link', { name: 'Trade' }).click();
  await expect(page.getByTestId('available')).toContainText('1,000');
  return token;
}

test('a 401 prompts re-sign-in over the page and keeps the typed order', async ({ page }) => {
  // The 401 comes from a routed HTTP new_order, so orders take HTTP here (src/trading/order-path.ts).
  await page.addInitScript(() => localStorage.setItem('perps.order-path', 'http'));
  const token = await signInWithPerpsMargin(page);

  const form = page.getByTestId('order-form');
  await form.getByRole('tab', { name: 'Limit' }).click();
  // 3 % under the best bid: rests, and within the ±5 % band of the mark.
  const price = wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.97');
  await page.locator('#order-price').fill(price);
  await page.locator('#order-size').fill('0.002');
  // The service now refuses the token (as it does once it expires).
  await page.route('**/api/new_order', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 401, message: 'token expired', request_id: 'e2e' }) }),
  );
  await page.getByTestId('submit-order').click();
  const dialog = page.getByRole('dialog', { name: /Sign in/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('sign-in-reason')).toContainText('Sign in again');
  // Underneath, the form is still there with what was typed.
  await expect(page.locator('#order-price')).toHaveValue(price);
  await expect(page.locator('#order-size')).toHaveValue('0.002');
  await page.unroute('**/api/new_order');
  await dialog.getByRole('button', { name: /Devnet wallet/ }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect.poll(() => storedToken(page)).not.toBe(token);
  await expect(page.locator('#order-price')).toHaveValue(price);
  await expect(page.locator('#order-size')).toHaveValue('0.002');
  await page.getByTestId('submit-order').click();
  await page.getByRole('tab', { name: /Open orders/ }).click();
  await expect(page.getByTestId('open-order').filter({ hasText: shownWhole(price) })).toBeVisible();
});

test('a challenge for another domain is refused before the wallet is asked', async ({ page }) => {
  const wallet = await installEvmWallet(page, 5);
  // A man in the middle serves its own key and a challenge minted for its own domain.
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'evil', alg: 'ES256' };
  await page.route(`${AUTH}/v1/offchain/certs`, (route) => route.fulfill({ json: { keys: [jwk] } }));
  await page.route(`${AUTH}/v1/offchain/prepare-signin*`, async (route) => {
    const { address, requestId } = route.request().postDataJSON() as { address: string; requestId: string };
    const nonce = 'n0nce1234';
    const now = Math.floor(Date.now() / 1000);
    const message = `evil.example wants you to sign in with your Ethereum account:\n${address}\n\nURI: https://evil.example\nNonce: ${nonce}`;
    const signedData = await new SignJWT({
      domain: 'evil.example',
      uri: 'https://evil.example',
      statement: 'Sign in',
      version: '1',
      chainId: 31337,
      nonce,
      address,
      requestId,
      issuedAt: new Date().toISOString(),
      message,
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'evil' })
      .setIssuedAt(now)
      .setExpirationTime(now + 180)
      .sign(privateKey);
    await route.fulfill({ json: { success: true, signedData } });
  });
  await page.goto('/trade/BTC-USD');
  const dialog = await openSignIn(page);
  await dialog.getByRole('button', { name: /Test EVM Wallet/ }).click();
  await expect(dialog.getByRole('alert')).toContainText('The sign-in challenge is for evil.example, not devnet.perps.local.');
  expect(wallet.calls.filter((c) => c.method === 'personal_sign')).toHaveLength(0);
  await expect(page.getByTestId('account-menu')).toBeHidden();
});

test('acting as a vault shows its own (empty) positions under a clear label', async ({ page }) => {
  await signInWithPerpsMargin(page);
  await page.getByTestId('order-form').getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill('0.001');
  await page.getByTestId('submit-order').click();
  await page.getByRole('tab', { name: /Positions/ }).click();
  await expect(page.getByTestId('position-BTC-USD')).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  const picker = page.getByTestId('vault-picker');
  await picker.getByLabel('Vault id').fill('not-a-vault');
  await picker.getByRole('button', { name: 'Use' }).click();
  await expect(picker.getByRole('alert')).toContainText('starts with cv_');
  await picker.getByRole('button', { name: /Create a test vault/ }).click();
  // Every account is seeded with one vault; the one just created is listed after it.
  await expect(picker.getByRole('radio', { name: /^cv_/ })).toHaveCount(2);
  const vaultRadio = picker.getByRole('radio', { name: /^cv_/ }).last();
  const vaultId = await vaultRadio.evaluate((radio) => radio.closest('label')?.textContent?.trim() ?? '');
  expect(vaultId).toMatch(/^cv_/);
  await vaultRadio.check();
  await expect(page.getByTestId('vault-label')).toHaveText(`Acting as vault ${vaultId}`);
  await expect(page.getByTestId('position-BTC-USD')).toHaveCount(0);
  await expect(page.getByTestId('positions-table')).toContainText('No open positions');
  // Back to the own account: the position is there again.
  await picker.getByRole('radio', { name: 'My account' }).check();
  await expect(page.getByTestId('vault-label')).toHaveCount(0);
  await expect(page.getByTestId('position-BTC-USD')).toBeVisible();
});
