import { expect, test } from '@playwright/test';

// Issue 31: a depth view beside Price and Funding rate — the book's bids and asks summed from the
// mid outward, live from the same stream, at the symbol's precision.

test('the depth view shows both sides of the book summed from the mid, and the depth at the pointer', async ({ page }) => {
  await page.goto('/trade/BTC-USD');
  await expect(page.getByTestId('book-asks-row').first()).toContainText(/\d/);
  await page.getByRole('tablist', { name: 'Chart view' }).getByRole('tab', { name: 'Depth' }).click();
  const depth = page.getByTestId('depth-chart');
  // Totals at BTC-USD's size step (3 places), both sides, and the mid between them.
  await expect(depth.getByTestId('depth-bids')).toContainText(/Bids to [\d,]+\.\d{2}: [\d,]+\.\d{3} BTC/);
  await expect(depth.getByTestId('depth-asks')).toContainText(/Asks to [\d,]+\.\d{2}: [\d,]+\.\d{3} BTC/);
  await expect(depth.getByTestId('depth-mid')).toHaveCount(1);
  await expect(depth.locator('path')).toHaveCount(2);
  const box = (await depth.locator('svg').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await expect(depth.getByTestId('depth-hover')).toContainText(/Bids at [\d,]+\.\d{2} or better: [\d,]+\.\d{3} BTC/);
  await page.mouse.move(box.x + box.width * 0.85, box.y + box.height * 0.5);
  await expect(depth.getByTestId('depth-hover')).toContainText(/Asks at [\d,]+\.\d{2} or better/);
  await page.locator('[data-area=chart]').screenshot({ path: 'docs/depth-chart.png' });
});

test('on a phone the depth view fills the chart tab, and an alert is set from the chart', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await page.goto('/trade/BTC-USD');
    await expect(page.getByTestId('book-asks-row').first()).toContainText(/\d/);
    await page.getByRole('tablist', { name: 'Chart view' }).getByRole('tab', { name: 'Depth' }).tap();
    const depth = page.getByTestId('depth-chart');
    await expect(depth.getByTestId('depth-bids')).toContainText(/[\d,]+\.\d{3} BTC/);
    await expect(depth.getByTestId('depth-asks')).toContainText(/[\d,]+\.\d{3} BTC/);
    expect((await depth.locator('svg').boundingBox())!.width).toBeGreaterThan(300);
    await page.screenshot({ path: 'docs/depth-chart-phone.png' });

    // The chart's Alert: the alerts dialog, its price field taking the focus, fits the phone.
    await page.getByRole('tablist', { name: 'Chart view' }).getByRole('tab', { name: 'Price' }).tap();
    await page.getByTestId('chart-alert-button').tap();
    const dialog = page.getByTestId('price-alerts-dialog');
    await expect(dialog.getByLabel('Alert price')).toBeFocused();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'docs/price-alerts-phone.png' });
  } finally {
    await context.close();
  }
});
