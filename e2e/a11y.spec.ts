import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { bestBookPrice, wholePrice } from './support/book';
import { BASE } from './support/ports';
import { signInFunded, signInWith, storedToken } from './support/session';

// Issue 28: axe (WCAG 2.1 A and AA) on every screen and state of the app. A state fails on any
// critical or serious violation; moderate and minor ones are counted in the summary line only.
//
// A new screen or state joins with one row in STATES: a name, the device, and a setup that brings
// the page to the state and waits for it by role or test id (never a sleep).

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['critical', 'serious']);

const DEVICES = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

type State = {
  name: string;
  device: keyof typeof DEVICES;
  setup: (page: Page) => Promise<void>;
  timeout?: number;
};

// Every state of the table failed on 2026-11-28, before the fixes of issue 28 (critical: the toasts'
// buttons without names, the tablist holding a checkbox, the market picker's table listbox; serious:
// contrast, names without their visible text, scroll areas the keyboard could not reach); all pass now.

// ---- setups -------------------------------------------------------------------------------------

const form = (page: Page) => page.getByTestId('order-form');

/** The trade page drawn: book rows with prices, the chart's canvas, no "Loading chart…". */
async function tradePageReady(page: Page) {
  await expect(page.getByTestId('book-asks-row').first()).toContainText(/\d/);
  await expect(page.locator('canvas').first()).toBeVisible();
  await expect(page.getByText('Loading chart…')).toBeHidden();
}

async function signedOut(page: Page) {
  await page.goto('/trade/BTC-USD');
  await tradePageReady(page);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true }).first()).toBeVisible();
}

/** Signed in and funded, a BTC-USD long of 0.01 and a resting limit buy under the book. */
async function withPositionAndOrder(page: Page) {
  await signInFunded(page, 'BTC-USD');
  await tradePageReady(page);
  await form(page).getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill('0.01');
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('position-BTC-USD')).toBeVisible();
  await form(page).getByRole('tab', { name: 'Limit' }).click();
  await page.locator('#order-price').fill(wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.97'));
  await page.locator('#order-size').fill('0.01');
  await page.getByTestId('submit-order').click();
  await expect(page.getByRole('tab', { name: 'Open orders (1)' })).toBeVisible();
}

/** The trade page with a position and an order, on one account tab, its content shown. */
function accountTab(tab: string, shown: (page: Page) => Promise<void>) {
  return async (page: Page) => {
    await withPositionAndOrder(page);
    const tabOf = page.getByTestId('account-tabs').getByRole('tab', { name: new RegExp(`^${tab}`) });
    await tabOf.click();
    await expect(tabOf).toHaveAttribute('aria-selected', 'true');
    await shown(page);
  };
}

/** Signed in with the built-in wallet on the Wallets page with `cash` DUSD in the Cash Wallet. */
async function walletsWithCash(page: Page, cash: string) {
  await page.goto('/trade/BTC-USD');
  await signInWith(page, /Devnet wallet/);
  const token = (await storedToken(page))!;
  const res = await page.request.post(`${BASE}/devnet/faucet`, { headers: { authorization: `Bearer ${token}` }, data: { amount: cash } });
  expect(res.status()).toBe(200);
  await page.getByTestId('wallets-link').click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect(page.getByTestId('cash-wallet-free')).toContainText(Number(cash).toFixed(2));
}

// ---- the states ---------------------------------------------------------------------------------

const STATES: State[] = [
  { name: 'signed out, trade page', device: 'desktop', setup: signedOut },
  {
    name: 'sign-in dialog',
    device: 'desktop',
    setup: async (page) => {
      await signedOut(page);
      await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
      await expect(page.getByRole('dialog', { name: /Sign in/ }).getByRole('button', { name: /Devnet wallet/ })).toBeVisible();
    },
  },
  {
    name: 'trade page, Positions tab',
    device: 'desktop',
    setup: accountTab('Positions', (page) => expect(page.getByTestId('position-BTC-USD')).toBeVisible()),
  },
  {
    name: 'trade page, Open orders tab',
    device: 'desktop',
    setup: accountTab('Open orders', (page) => expect(page.getByTestId('open-order')).toHaveCount(1)),
  },
  {
    name: 'trade page, Order history tab',
    device: 'desktop',
    setup: accountTab('Order history', (page) => expect(page.getByTestId('order-history-row').filter({ hasText: 'Filled' })).toHaveCount(1)),
  },
  {
    name: 'trade page, Trade history tab',
    device: 'desktop',
    setup: accountTab('Trade history', (page) => expect(page.getByRole('tabpanel')).toContainText('BTC-USD')),
  },
  {
    name: 'trade page, Funding tab',
    device: 'desktop',
    setup: accountTab('Funding', (page) => expect(page.getByRole('tabpanel').getByText(/Loading/)).toHaveCount(0)),
  },
  {
    name: 'trade page, Balance tab',
    device: 'desktop',
    setup: accountTab('Balance', (page) => expect(page.getByRole('tabpanel')).toContainText(/\d/)),
  },
  {
    name: 'trade page, TWAP running',
    device: 'desktop',
    setup: async (page) => {
      await signInFunded(page, 'BTC-USD');
      await tradePageReady(page);
      await form(page).getByRole('tab', { name: 'TWAP' }).click();
      await page.getByLabel('Total size').fill('0.010');
      await page.getByTestId('twap-start').click();
      await expect(page.getByTestId('twap-card')).toHaveAttribute('data-status', 'running');
    },
  },
  {
    name: 'market picker open',
    device: 'desktop',
    setup: async (page) => {
      await signedOut(page);
      await page.getByTestId('symbol-selector').click();
      await expect(page.getByRole('listbox', { name: 'Markets' }).getByRole('option').filter({ hasText: 'BTC-USD' })).toContainText(/\d/);
    },
  },
  {
    name: 'TP/SL editor open',
    device: 'desktop',
    setup: async (page) => {
      await accountTab('Positions', async () => undefined)(page);
      await page.getByTestId('position-BTC-USD').getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByTestId('position-tpsl-editor')).toBeVisible();
    },
  },
  {
    name: 'modify-order editor open',
    device: 'desktop',
    setup: async (page) => {
      await accountTab('Open orders', async () => undefined)(page);
      await page.getByTestId('open-order').getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByTestId('order-modify-editor').getByLabel('New price')).toBeVisible();
    },
  },
  {
    name: 'close-all question, with its choice of positions',
    device: 'desktop',
    setup: async (page) => {
      await accountTab('Positions', (p) => expect(p.getByTestId('position-BTC-USD')).toBeVisible())(page);
      await page.getByTestId('close-all').click();
      await expect(page.getByRole('dialog', { name: 'Close positions at market?' }).getByRole('radiogroup', { name: 'Which positions' })).toBeVisible();
    },
  },
  {
    name: 'position close editor, at market by share',
    device: 'desktop',
    setup: async (page) => {
      await accountTab('Positions', (p) => expect(p.getByTestId('position-BTC-USD')).toBeVisible())(page);
      await page.getByTestId('position-BTC-USD').getByRole('button', { name: 'Limit' }).click();
      await page.getByRole('radiogroup', { name: 'Close order type' }).getByRole('radio', { name: 'Market' }).click();
      await expect(page.getByRole('form', { name: 'Market close BTC-USD' }).getByRole('radio', { name: '100%' })).toBeVisible();
    },
  },
  {
    name: 'scale order form, its preview and a placed batch',
    device: 'desktop',
    setup: async (page) => {
      await signInFunded(page, 'BTC-USD');
      await tradePageReady(page);
      const top = Number(wholePrice(await bestBookPrice(page.request, 'BTC-USD', 'bid'), '0.97'));
      await form(page).getByRole('tab', { name: 'Scale' }).click();
      await page.getByLabel('From price').fill(String(top));
      await page.getByLabel('To price').fill(String(top - 1000));
      await page.getByLabel('Total size').fill('0.05');
      // Enter in a scale field sends the scale.
      await page.getByLabel('Total size').press('Enter');
      await expect(page.getByTestId('scale-batch-resting')).toHaveText('5 resting');
      await page.getByLabel('Total size').fill('0.05');
      await expect(page.getByTestId('scale-preview-row')).toHaveCount(5);
    },
  },
  {
    name: 'reverse position question (market orders confirmed)',
    device: 'desktop',
    setup: async (page) => {
      await accountTab('Positions', (p) => expect(p.getByTestId('position-BTC-USD')).toBeVisible())(page);
      await page.getByTestId('settings-button').click();
      await page.getByTestId('settings-dialog').getByLabel('Sending a market order').check();
      await page.keyboard.press('Escape');
      await page.getByTestId('position-BTC-USD').getByRole('button', { name: /^Reverse BTC-USD long/ }).click();
      await expect(page.getByRole('dialog', { name: 'Reverse the position at market?' }).getByTestId('reverse-question')).toBeVisible();
    },
  },
  {
    name: 'PnL share card dialog',
    device: 'desktop',
    setup: async (page) => {
      await accountTab('Positions', (p) => expect(p.getByTestId('position-BTC-USD')).toBeVisible())(page);
      await page.getByTestId('position-BTC-USD').getByRole('button', { name: 'Share BTC-USD long PnL card' }).click();
      await expect(page.getByRole('dialog', { name: 'Share PnL: BTC-USD' }).getByRole('img', { name: /^PnL card: BTC-USD Long/ })).toBeVisible();
    },
  },
  {
    name: 'settings dialog',
    device: 'desktop',
    setup: async (page) => {
      await signedOut(page);
      await page.getByTestId('settings-button').click();
      await expect(page.getByTestId('settings-dialog')).toBeVisible();
    },
  },
  {
    name: 'shortcuts list',
    device: 'desktop',
    setup: async (page) => {
      await signedOut(page);
      await page.locator('body').press('?');
      await expect(page.getByTestId('shortcuts-overlay')).toBeVisible();
    },
  },
  {
    name: 'depth view',
    device: 'desktop',
    setup: async (page) => {
      await signedOut(page);
      await page.getByRole('tablist', { name: 'Chart view' }).getByRole('tab', { name: 'Depth' }).click();
      await expect(page.getByTestId('depth-asks')).toContainText(/\d/);
    },
  },
  {
    name: 'price alerts dialog with an alert',
    device: 'desktop',
    setup: async (page) => {
      await signedOut(page);
      await page.getByTestId('alerts-button').click();
      await page.getByLabel('Alert price').fill('1000000');
      await page.getByRole('button', { name: 'Add alert' }).click();
      await expect(page.getByTestId('price-alert-state')).toHaveText('Armed');
    },
  },
  {
    name: 'chart with indicators, and the Indicators dialog',
    device: 'desktop',
    setup: async (page) => {
      await signedOut(page);
      await page.getByTestId('indicators-button').click();
      const dialog = page.getByTestId('indicators-dialog');
      await dialog.getByRole('button', { name: 'Add Bollinger Bands (BB)' }).click();
      await dialog.getByRole('button', { name: 'Add MACD' }).click();
      await expect(page.getByTestId('indicator-legend').getByTestId('indicator-macd')).toContainText(/\d/);
    },
  },
  {
    name: 'chart with a drawing selected, and the Drawings list',
    device: 'desktop',
    setup: async (page) => {
      await signedOut(page);
      await page.getByRole('button', { name: 'Horizontal line', exact: true }).click();
      await page.getByTestId('chart-canvas').click({ position: { x: 200, y: 120 } });
      await expect(page.getByTestId('drawing-alert')).toBeVisible();
      await page.getByTestId('drawings-button').click();
      await expect(page.getByTestId('drawing-row')).toHaveCount(1);
    },
  },
  {
    name: 'wallets, transfer confirm',
    device: 'desktop',
    setup: async (page) => {
      await walletsWithCash(page, '100');
      const transfer = page.getByRole('form', { name: 'Transfer' });
      await transfer.getByLabel('Transfer amount').fill('40');
      await transfer.getByRole('button', { name: /Move to Perps/ }).click();
      await expect(transfer.getByRole('group', { name: /Move 40.00 DUSD/ })).toContainText('Cash Wallet → Perps Wallet');
    },
  },
  {
    name: 'wallets, withdraw error',
    device: 'desktop',
    setup: async (page) => {
      await walletsWithCash(page, '10');
      const withdraw = page.getByRole('form', { name: 'Withdraw' });
      await withdraw.getByLabel('Withdraw amount').fill('0.1');
      await withdraw.getByRole('button', { name: 'Withdraw' }).click();
      await expect(withdraw.getByText('The amount must be more than the 0.10 DUSD bridge fee')).toBeVisible();
    },
  },
  {
    name: 'wallets, withdraw history',
    device: 'desktop',
    timeout: 150_000,
    setup: async (page) => {
      // A withdrawal of 5 followed to Confirmed: its steps and its history row are on the page.
      await walletsWithCash(page, '10');
      const withdraw = page.getByRole('form', { name: 'Withdraw' });
      await withdraw.getByLabel('Withdraw amount').fill('5');
      await withdraw.getByRole('button', { name: 'Withdraw' }).click();
      await expect(page.getByRole('list', { name: 'Withdraw steps' }).locator('[data-step="confirm"]')).toHaveAttribute('data-state', 'done', {
        timeout: 90_000,
      });
      await expect(page.getByTestId('withdraw-history')).toContainText('Confirmed', { timeout: 15_000 });
    },
  },
  {
    name: 'portfolio with a round trip, account value curve',
    device: 'desktop',
    setup: async (page) => {
      await withPositionAndOrder(page);
      await page.getByTestId('portfolio-link').click();
      await expect(page.getByTestId('history-status')).toHaveAttribute('data-status', 'complete');
      await expect(page.getByTestId('market-row-BTC-USD')).toBeVisible();
      await page.getByTestId('portfolio').getByRole('tab', { name: 'Account value' }).click();
      await expect(page.getByTestId('value-basis')).toBeVisible();
    },
  },
  {
    name: 'phone portfolio',
    device: 'phone',
    setup: async (page) => {
      await signInFunded(page, 'ETH-USD');
      await page.goto('/portfolio');
      await expect(page.getByTestId('history-status')).toHaveAttribute('data-status', 'complete');
      await expect(page.getByTestId('portfolio-figures')).toBeVisible();
    },
  },
  {
    name: 'phone trade page',
    device: 'phone',
    setup: async (page) => {
      await signInFunded(page, 'ETH-USD');
      await expect(page.getByTestId('phone-trade-bar')).toBeVisible();
      await expect(page.getByTestId('book-asks-row').first()).toContainText(/\d/);
    },
  },
  {
    name: 'phone order sheet',
    device: 'phone',
    setup: async (page) => {
      await signInFunded(page, 'ETH-USD');
      await page.getByTestId('phone-trade-bar').getByRole('button', { name: 'Buy / Long' }).tap();
      await expect(page.getByRole('dialog', { name: 'Order form' })).toBeVisible();
      await expect(page.locator('#order-size')).toBeVisible();
    },
  },
];

// ---- the check ----------------------------------------------------------------------------------

/** One line per violation a developer can act on: rule, impact, nodes, help, where. */
function describe(v: Result): string {
  const targets = v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}  ${n.html.replace(/\s+/g, ' ').slice(0, 140)}`);
  const more = v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : '';
  return `  ${v.id} [${v.impact}] ×${v.nodes.length}: ${v.help} (${v.helpUrl})\n      at ${targets.join('\n      at ')}${more}`;
}

// The light theme (issue 29) on a representative subset, each with one of the colour conventions:
// the trade page's panels and tables, dialogs, the market picker, a form error, the phone's sheet.
// Every token pair is also checked in both themes and all conventions by src/app/styles-contrast.test.ts.
const LIGHT_PASS: Record<string, 'green-up' | 'red-up' | 'colour-blind'> = {
  'signed out, trade page': 'green-up',
  'sign-in dialog': 'green-up',
  'trade page, Positions tab': 'red-up',
  'trade page, Order history tab': 'colour-blind',
  'market picker open': 'red-up',
  'settings dialog': 'colour-blind',
  'chart with indicators, and the Indicators dialog': 'green-up',
  'chart with a drawing selected, and the Drawings list': 'colour-blind',
  'wallets, withdraw error': 'green-up',
  'portfolio with a round trip, account value curve': 'red-up',
  'phone order sheet': 'red-up',
};

const RUNS = [
  ...STATES.map((state) => ({ state, name: state.name, display: null })),
  ...STATES.filter((s) => LIGHT_PASS[s.name]).map((state) => ({ state, name: `${state.name} (light, ${LIGHT_PASS[state.name]})`, display: { theme: 'light', upDown: LIGHT_PASS[state.name] } })),
];

for (const { state, name, display } of RUNS) {
  test.describe(name, () => {
    test.use(DEVICES[state.device]);
    test(`axe WCAG 2.1 A/AA: ${name}`, async ({ page }) => {
      if (state.timeout) test.setTimeout(state.timeout);
      if (display) await page.addInitScript((stored) => localStorage.setItem('perps.display-settings', stored), JSON.stringify({ state: display, version: 1 }));
      await state.setup(page);
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      // Rules broken, and in brackets the elements breaking them, by impact.
      const byImpact: Record<string, [number, number]> = { critical: [0, 0], serious: [0, 0], moderate: [0, 0], minor: [0, 0] };
      for (const v of violations) {
        const count = byImpact[v.impact ?? 'minor'] ?? [0, 0];
        count[0] += 1;
        count[1] += v.nodes.length;
      }
      const summary = Object.entries(byImpact).map(([impact, [rules, nodes]]) => `${impact} ${rules} (${nodes})`);
      console.log(`a11y ${name}: ${summary.join(', ')}`);
      const failing = violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
      if (failing.length) console.log(failing.map(describe).join('\n'));
      expect(failing.length, `critical/serious axe violations on "${name}":\n${failing.map(describe).join('\n')}`).toBe(0);
    });
  });
}
