import { expect, test, type Page } from '@playwright/test';
import { signInFunded } from './support/session';

// Toasts after fills must never sit on a control the trader's next click aims at: the positions
// table's buttons (close at market / limit, margin, TP/SL) and the order form's (submit first).

const form = (page: Page) => page.getByTestId('order-form');

/** Every toast's box against every visible button of the positions table and the order form, at once. */
async function overlaps(page: Page) {
  return page.evaluate(() => {
    const boxes = (sel: string) =>
      [...document.querySelectorAll<HTMLElement>(sel)]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0);
    const toasts = boxes('[data-testid="toasts"] > *');
    const buttons = boxes('[data-testid="positions-table"] button, [data-testid="order-form"] button');
    const hits: string[] = [];
    for (const t of toasts) {
      for (const b of buttons) {
        const apart = t.r.right <= b.r.left || b.r.right <= t.r.left || t.r.bottom <= b.r.top || b.r.bottom <= t.r.top;
        if (!apart) hits.push(`toast "${t.el.textContent?.slice(0, 40)}" covers button "${b.el.textContent?.trim() || b.el.title}"`);
      }
    }
    return { toasts: toasts.length, buttons: buttons.length, hits };
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`toasts after fills leave the positions table and the order form clickable at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInFunded(page, 'ETH-USD');
    await page.getByRole('tab', { name: /Positions/ }).click();
    await form(page).getByRole('tab', { name: 'Market' }).click();
    for (let i = 1; i <= 4; i++) {
      await page.locator('#order-size').fill('0.1');
      await page.getByTestId('submit-order').click();
      // The next order once this one is answered (the button leaves "Sending…").
      await expect(page.getByTestId('submit-order')).toHaveText('Buy / Long ETH-USD');
    }
    await expect(page.getByTestId('toasts')).toContainText('Filled');
    await expect(page.getByTestId('position-ETH-USD')).toBeVisible();
    const seen = await overlaps(page);
    expect(seen.toasts).toBeGreaterThan(0);
    expect(seen.buttons).toBeGreaterThan(3);
    expect(seen.hits).toEqual([]);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/toasts-${viewport.width}.png` });
    // The stack is capped: what does not fit collapses into one line.
    expect(await page.getByTestId('toasts').locator('[role=status], [role=alert]').count()).toBeLessThanOrEqual(3);

    // Leave the devnet as found: the position closed, straight through the stack's corner.
    await page.getByTestId('position-ETH-USD').getByRole('button', { name: 'Market' }).click();
    await expect(page.getByTestId('position-ETH-USD')).toHaveCount(0);
  });
}
