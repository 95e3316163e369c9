import { expect, test, type Page } from '@playwright/test';

// Issue 31: indicators added from the chart's Indicators control are drawn with their values in the
// legend, kept across a reload, and removed from the legend.

const chart = (page: Page) => page.getByTestId('price-chart');
const legend = (page: Page) => page.getByTestId('indicator-legend');
/** A legend row's values: numbers (with separators), not "—". */
const NUMBER = /\d[\d,]*\.\d+/;

async function chartReady(page: Page) {
  await expect(page.getByTestId('book-asks-row').first()).toContainText(/\d/);
  await expect(chart(page).locator('canvas').first()).toBeVisible();
  await expect(page.getByText('Loading candles…')).toBeHidden();
}

test('EMA and RSI added from the Indicators control show values, stay after a reload, and go from their legend', async ({ page }) => {
  await page.goto('/trade/BTC-USD');
  await chartReady(page);

  await page.getByTestId('indicators-button').click();
  const dialog = page.getByTestId('indicators-dialog');
  await dialog.getByRole('button', { name: 'Add Exponential moving average (EMA)' }).click();
  await dialog.getByRole('button', { name: 'Add Relative strength index (RSI)' }).click();
  // A parameter typed wrong is refused beside it and kept; the indicator keeps its last good length.
  const length = dialog.getByLabel('EMA 21: Length (bars)');
  await length.fill('2.5');
  await expect(dialog).toContainText('Whole numbers only');
  await expect(length).toHaveValue('2.5');
  await length.fill('50');
  await expect(dialog.getByTestId('indicator-row-ema')).toContainText('EMA 50');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('indicators-button')).toBeFocused();

  await expect(legend(page).getByTestId('indicator-ema')).toContainText('EMA 50');
  await expect(legend(page).getByTestId('indicator-ema')).toContainText(NUMBER);
  await expect(legend(page).getByTestId('indicator-rsi')).toContainText('RSI 14');
  await expect(legend(page).getByTestId('indicator-rsi')).toContainText(NUMBER);
  // The RSI has a pane of its own below the candles.
  await expect.poll(() => chart(page).locator('table tr').count()).toBeGreaterThan(2);
  // Under the crosshair: the candle's OHLC and change beside the indicators' values at that bar.
  await page.getByTestId('chart-canvas').hover({ position: { x: 400, y: 150 } });
  await expect(page.getByTestId('candle-change')).toContainText(/^[+-]?\d+\.\d{2}%$/);
  await expect(legend(page).getByTestId('indicator-rsi')).toContainText(NUMBER);
  await chart(page).screenshot({ path: 'docs/chart-indicators.png' });

  await page.reload();
  await chartReady(page);
  await expect(legend(page).getByTestId('indicator-ema')).toContainText('EMA 50');
  await expect(legend(page).getByTestId('indicator-ema')).toContainText(NUMBER);
  await expect(legend(page).getByTestId('indicator-rsi')).toContainText(NUMBER);

  await legend(page).getByRole('button', { name: 'Remove RSI 14' }).click();
  await expect(legend(page).getByTestId('indicator-rsi')).toHaveCount(0);
  await expect(page.getByTestId('indicators-button')).toBeFocused();
  await expect(legend(page).getByTestId('indicator-ema')).toBeVisible();
});

test('on a phone the indicators fit the chart', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/trade/BTC-USD');
  await page.evaluate(() =>
    localStorage.setItem(
      'perps.chart-indicators',
      JSON.stringify({
        state: {
          list: [
            { id: 'e', kind: 'ema', params: [21], color: '#f59e0b', visible: true },
            { id: 'b', kind: 'bb', params: [20, 2], color: '#3b82f6', visible: true },
            { id: 'm', kind: 'macd', params: [12, 26, 9], color: '#a855f7', visible: true },
          ],
        },
        version: 1,
      }),
    ),
  );
  await page.reload();
  await page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name: 'Chart' }).tap();
  await expect(legend(page).getByTestId('indicator-macd')).toContainText(NUMBER);
  await expect(legend(page).getByTestId('indicator-bb')).toContainText(NUMBER);
  await page.screenshot({ path: 'docs/chart-indicators-phone.png' });
  await context.close();
});

test('Alt+click on the price chart puts that price, on the tick, into the order form as a limit price', async ({ page }) => {
  await page.goto('/trade/BTC-USD');
  await chartReady(page);
  const form = page.getByTestId('order-form');
  await form.getByRole('tab', { name: 'Market' }).click();
  const canvas = page.getByTestId('chart-canvas');
  const box = (await canvas.boundingBox())!;
  // A plain click leaves the form alone (apart from the next, not to be read as a double click).
  await canvas.click({ position: { x: box.width / 4, y: box.height / 2 } });
  await page.waitForTimeout(600);
  await expect(form.getByRole('tab', { name: 'Market' })).toHaveAttribute('aria-selected', 'true');
  await canvas.click({ position: { x: box.width / 2, y: box.height / 3 }, modifiers: ['Alt'] });
  await expect(form.getByRole('tab', { name: 'Limit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#order-price')).toHaveValue(/^\d{4,6}\.\d{2}$/);
  // Higher on the chart is a higher price.
  const upper = Number(await page.locator('#order-price').inputValue());
  await page.waitForTimeout(600);
  await canvas.click({ position: { x: box.width / 2, y: (box.height * 2) / 3 }, modifiers: ['Alt'] });
  await expect.poll(async () => Number(await page.locator('#order-price').inputValue())).toBeLessThan(upper);
});
