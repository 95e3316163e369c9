import { expect, test, type Page } from '@playwright/test';
import { relayFor } from './support/relay-control';
import { signInWith } from './support/session';

// Issue 18 leftover: on a phone the header still tells each stream's state — a dot per stream in its
// state's colour, its words kept as its name for screen readers (the banner says them in full) —
// within 390 px beside the account, never scrolling sideways. Screenshots go to the test's output
// folder, not docs/.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
  const header = (await page.locator('header').first().boundingBox())!;
  for (const id of ['stream-state-market', 'stream-state-orders', 'session-area']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x + box.width, `${id} fits the header`).toBeLessThanOrEqual(header.x + header.width);
    expect(box.y + box.height, `${id} stays on the header's line`).toBeLessThanOrEqual(header.y + header.height);
  }
}

test("phone header: each stream's state in a dot with its name, its colour turning when it is not live, no sideways scroll", async ({ page }, testInfo) => {
  // The market stream's socket goes through the stream relay, which this test can cut and refuse
  // the reconnects on.
  const relay = await relayFor(page.context());
  await page.goto('/trade/BTC-USD');
  await signInWith(page, /Devnet wallet/);

  const state = (name: string) => page.getByTestId(`stream-state-${name}`);
  await expect(state('market')).toHaveAttribute('data-health', 'live');
  await expect(state('orders')).toHaveAttribute('data-health', 'live');
  // The dot alone on screen; its words are its name for a screen reader, not drawn.
  for (const name of ['market', 'orders']) {
    await expect(state(name).getByTestId('stream-state-dot')).toBeVisible();
    await expect(state(name).getByTestId('stream-state-words')).toHaveText(name === 'market' ? 'Market live' : 'Orders live');
    expect((await state(name).getByTestId('stream-state-words').boundingBox())!.width).toBeLessThanOrEqual(1);
  }
  const colour = () => state('market').getByTestId('stream-state-dot').evaluate((e) => getComputedStyle(e).backgroundColor);
  const liveColour = await colour();
  await noSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('header-phone-live.png') });

  // The market stream drops and cannot come back: its dot turns, its name says so, and the banner
  // under the header says it in words; all still within the screen.
  await relay.cut('market');
  await expect(state('market')).toHaveAttribute('data-health', /^(reconnecting|offline)$/);
  await expect(state('market').getByTestId('stream-state-words')).toHaveText(/^Market (reconnecting|offline)$/);
  expect(await colour()).not.toBe(liveColour);
  await expect(state('orders')).toHaveAttribute('data-health', 'live');
  await expect(page.getByTestId('stream-banner')).toContainText(/Market data (reconnecting|offline)/);
  await noSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('header-phone-reconnecting.png') });
});
