import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInFunded } from './support/session';

// Issue 29, items 5–7: theme (dark / light / system), colour convention (green up / red up /
// colour-blind), desktop layout (book and order form left or right) and density, chosen in
// Settings, applied at once (the chart too) and kept across a reload.

const DESKTOP = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

// The tokens of src/app/styles.css, as computed styles give them.
const DARK = { bg: 'rgb(11, 14, 20)', panel: [0x11, 0x15, 0x1d], green: 'rgb(34, 197, 94)', red: 'rgb(248, 113, 113)', blue: 'rgb(96, 165, 250)', orange: 'rgb(251, 146, 60)' };
const LIGHT = { bg: 'rgb(244, 246, 249)', panel: [0xff, 0xff, 0xff], green: 'rgb(10, 106, 50)', red: 'rgb(180, 35, 24)' };

async function tradePageReady(page: Page) {
  await expect(page.getByTestId('book-asks-row').first()).toContainText(/\d/);
  await expect(page.getByTestId('chart-canvas').locator('canvas').first()).toBeVisible();
  await expect(page.getByText('Loading chart…')).toBeHidden();
}

async function openSettings(page: Page) {
  await page.getByTestId('settings-button').click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog.getByTestId('display-settings')).toBeVisible();
  return dialog;
}

async function choose(page: Page, group: string, option: string) {
  const dialog = await openSettings(page);
  const radio = dialog.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option, exact: true });
  await radio.click();
  await expect(radio).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

const colourOf = (l: Locator, property: 'color' | 'backgroundColor' = 'color') => l.evaluate((el, p) => getComputedStyle(el)[p], property);
const bidPrice = (page: Page) => page.getByTestId('book-bids-row').first().locator('> :nth-child(2)');
const askPrice = (page: Page) => page.getByTestId('book-asks-row').first().locator('> :nth-child(2)');
const buySide = (page: Page) => page.getByTestId('order-form').getByRole('radio', { name: 'Buy / Long' });
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** How many pixels of the chart's canvases are exactly each colour (`rgb(r, g, b)`), and the colour at the pane's top-left. */
async function chartPixels(page: Page, colours: string[]) {
  return page.getByTestId('chart-canvas').evaluate((root, wanted) => {
    const rgb = wanted.map((c) => c.match(/\d+/g)!.map(Number));
    const counts = wanted.map(() => 0);
    let corner: number[] = [];
    for (const canvas of root.querySelectorAll('canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      if (corner.length === 0) corner = [data[0]!, data[1]!, data[2]!];
      for (let i = 0; i < data.length; i += 4) {
        rgb.forEach(([r, g, b], k) => {
          if (data[i] === r && data[i + 1] === g && data[i + 2] === b && data[i + 3] === 255) counts[k]! += 1;
        });
      }
    }
    return { counts, corner };
  }, colours);
}

test.describe('desktop', () => {
  test.use(DESKTOP);

  test('colour conventions: book, buy side and candles take green up, red up or blue / orange, kept across a reload', async ({ page }) => {
    await page.goto('/trade/BTC-USD');
    await tradePageReady(page);
    expect(await colourOf(bidPrice(page))).toBe(DARK.green);
    expect(await colourOf(askPrice(page))).toBe(DARK.red);
    expect(await colourOf(buySide(page), 'backgroundColor')).toBe(DARK.green);
    // Candles: the bodies are drawn in the convention's two colours.
    await expect.poll(async () => (await chartPixels(page, [DARK.green, DARK.red])).counts.every((n) => n > 0)).toBe(true);

    await choose(page, 'Colours', 'Red up');
    expect(await colourOf(bidPrice(page))).toBe(DARK.red);
    expect(await colourOf(askPrice(page))).toBe(DARK.green);
    expect(await colourOf(buySide(page), 'backgroundColor')).toBe(DARK.red);
    // Side still reads without colour: the words are on the button.
    await expect(buySide(page)).toHaveText('Buy / Long');

    await choose(page, 'Colours', 'Colour-blind');
    expect(await colourOf(bidPrice(page))).toBe(DARK.blue);
    expect(await colourOf(askPrice(page))).toBe(DARK.orange);
    expect(await colourOf(buySide(page), 'backgroundColor')).toBe(DARK.blue);
    await expect
      .poll(async () => (await chartPixels(page, [DARK.blue, DARK.orange, DARK.green])).counts.map((n) => n > 0))
      .toEqual([true, true, false]);

    await page.reload();
    await tradePageReady(page);
    expect(await colourOf(bidPrice(page))).toBe(DARK.blue);
    expect(await page.locator('html').getAttribute('data-updown')).toBe('colour-blind');
  });

  test('theme: light and dark surfaces, the chart with them, and "system" following the system live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/trade/BTC-USD');
    await tradePageReady(page);
    expect(await bodyBackground(page)).toBe(DARK.bg);
    expect((await chartPixels(page, [])).corner).toEqual(DARK.panel);

    await choose(page, 'Theme', 'Light');
    expect(await bodyBackground(page)).toBe(LIGHT.bg);
    expect(await colourOf(bidPrice(page))).toBe(LIGHT.green);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');
    await expect.poll(async () => (await chartPixels(page, [])).corner).toEqual(LIGHT.panel);
    await expect.poll(async () => (await chartPixels(page, [LIGHT.green, LIGHT.red])).counts.every((n) => n > 0)).toBe(true);

    await choose(page, 'Theme', 'System');
    expect(await bodyBackground(page)).toBe(DARK.bg);
    await expect.poll(async () => (await chartPixels(page, [])).corner).toEqual(DARK.panel);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => bodyBackground(page)).toBe(LIGHT.bg);
    await expect.poll(async () => (await chartPixels(page, [])).corner).toEqual(LIGHT.panel);

    await page.reload();
    await tradePageReady(page);
    expect(await bodyBackground(page)).toBe(LIGHT.bg);
    const dialog = await openSettings(page);
    await expect(dialog.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => bodyBackground(page)).toBe(DARK.bg);
  });

  test('layout: the book left or right of the chart, the order form left or right, compact density, kept across a reload', async ({ page }) => {
    await page.goto('/trade/BTC-USD');
    await tradePageReady(page);
    const box = async (testId: string) => (await page.getByTestId(testId).or(page.locator(`[data-area=${testId}]`)).boundingBox())!;
    const xs = async () => ({ chart: (await box('price-chart')).x, book: (await box('order-book')).x, trades: (await box('recent-trades')).x, form: (await box('order-form')).x });

    let at = await xs();
    expect(at.chart).toBeLessThan(at.book);
    expect(at.book).toBeLessThan(at.form);

    await choose(page, 'Order book', 'Left of chart');
    at = await xs();
    expect(at.book).toBeLessThan(at.chart);
    expect(at.trades).toBe(at.book);
    expect(at.chart).toBeLessThan(at.form);

    await choose(page, 'Order form', 'Left');
    at = await xs();
    expect(at.form).toBeLessThan(at.book);
    expect(at.book).toBeLessThan(at.chart);

    await choose(page, 'Order book', 'Right of chart');
    at = await xs();
    expect(at.form).toBeLessThan(at.chart);
    expect(at.chart).toBeLessThan(at.book);
    // The account panel sits under the chart and the book, beside the form.
    expect((await box('account')).x).toBeGreaterThan(at.form);

    // Compact: a shorter account panel (the chart gets the room) and a tighter order form.
    const heights = async () => [(await box('account')).height, (await page.getByTestId('order-form').getByRole('radio', { name: 'Buy / Long' }).boundingBox())!.y];
    const [account, side] = await heights();
    await choose(page, 'Density', 'Compact');
    const [compactAccount, compactSide] = await heights();
    expect(compactAccount).toBeLessThan(account!);
    expect(compactSide).toBeLessThan(side!);

    await page.reload();
    await tradePageReady(page);
    at = await xs();
    expect(at.form).toBeLessThan(at.chart);
    expect(at.chart).toBeLessThan(at.book);
    expect(await page.locator('html').getAttribute('data-density')).toBe('compact');
  });

  test('screenshot: light theme, red up, desktop', async ({ page }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem('perps.display-settings'))
        localStorage.setItem('perps.display-settings', JSON.stringify({ state: { theme: 'light', upDown: 'red-up' }, version: 1 }));
    });
    await withPosition(page);
    await page.screenshot({ path: 'docs/trade-light-red-up-desktop.png' });
  });
});

/** Signed in and funded, a long of 0.01 BTC-USD open: PnL, side and the book all coloured. */
async function withPosition(page: Page) {
  await signInFunded(page, 'BTC-USD');
  await tradePageReady(page);
  const form = page.getByTestId('order-form');
  if (!(await form.isVisible())) await page.getByTestId('phone-trade-bar').getByRole('button', { name: 'Buy / Long' }).tap();
  await form.getByRole('tab', { name: 'Market' }).click();
  await page.locator('#order-size').fill('0.01');
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('toasts')).toContainText('Filled');
}

test.describe('phone', () => {
  test.use(PHONE);

  test('screenshot: light theme, red up, phone', async ({ page }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem('perps.display-settings'))
        localStorage.setItem('perps.display-settings', JSON.stringify({ state: { theme: 'light', upDown: 'red-up', book: 'left', form: 'left' }, version: 1 }));
    });
    await withPosition(page);
    // Layout settings are for wide screens: the phone keeps its tabs and its Buy / Sell bar.
    await page.getByRole('button', { name: 'Close the order form' }).tap();
    await expect(page.getByTestId('phone-trade-bar')).toBeVisible();
    expect(await bodyBackground(page)).toBe(LIGHT.bg);
    await page.getByTestId('toasts').getByRole('button', { name: /Dismiss|Close/ }).first().tap();
    await expect(page.getByTestId('toasts')).not.toContainText('Filled');
    await page.screenshot({ path: 'docs/trade-light-red-up-phone.png' });
  });
});
