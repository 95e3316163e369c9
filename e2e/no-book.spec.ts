import { expect, test } from '@playwright/test';
import { relayFor } from './support/relay-control';

// The chart, the order form and the account tabs wait for the book's first paint (cold start). When
// the book never comes — here the exchange's depth is withheld on both its HTTP read and the market
// stream from page load — they must load anyway after about 2 s, not stay on "Loading…".

test('with no order book from page load, the order form and the account tabs load anyway', async ({ page }) => {
  await page.route(/\/api\/query_depth_book/, (route) => route.abort('connectionrefused'));
  // The stream relay (wherever the page opens the socket, its worker included) withholds the book.
  const relay = await relayFor(page.context());
  await relay.withhold(['depth_book'], 'market');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/trade/BTC-USD');
  // The form itself, not the placeholder gone (hidden too before the page has rendered at all):
  // 2 s after mount plus the page's and the form's code loading, with room for a loaded CI machine.
  // Without the fallback it never comes.
  await expect(page.locator('#order-size')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Loading order form…')).toBeHidden();
  // Signed out, the account tabs say what signing in shows.
  await expect(page.getByText('Sign in with your wallet to see positions')).toBeVisible();
  await expect(page.getByText(/Order book unavailable/)).toBeVisible();
  // The market stream was up and its book was withheld: this was the fallback, not a dead stream.
  const { market } = await relay.counts();
  expect(market.live).toBeGreaterThan(0);
  expect(market.withheld).toBeGreaterThan(0);
});
