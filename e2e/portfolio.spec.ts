import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { marketOrderFilled } from './support/orders';
import { signInFunded } from './support/session';

// The Portfolio (issue 32) against the devnet: after two round trips its realized PnL is what Trade
// history shows, its figures count the fills, and a reload reads the history from this browser's
// cache (screenshots docs/portfolio.png, docs/portfolio-phone.png).

test.use({ viewport: { width: 1440, height: 900 } });

/** Trade history's export: every fill's exact realized PnL and fee, summed (the wire's decimals). */
async function tradeHistoryTotals(page: Page) {
  await page.getByRole('tab', { name: 'Trade history' }).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('csv-export').getByRole('button', { name: 'Export CSV' }).click();
  const lines = (await readFile((await (await download).path())!, 'utf8')).trim().split('\r\n');
  const header = lines[0]!.split(',');
  const rows = lines.slice(1).map((l) => l.split(','));
  const sum = (column: string) => rows.reduce((s, r) => s.plus(r[header.indexOf(column)]!), new Decimal(0));
  // Here every sell closes the long the buy before it opened, in as many fills as the book took.
  const closing = rows.filter((r) => r[header.indexOf('side')] === 'sell').length;
  return { fills: rows.length, closing, realized: sum('realized_pnl'), fees: sum('fee') };
}

/** A figure as the page shows it: cents with separators and an explicit sign. */
const cents = (d: Decimal) => {
  const s = d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).abs().toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return d.gt(0) ? `+${s}` : d.lt(0) ? `-${s}` : s;
};

test('after two round trips the Portfolio realized PnL equals Trade history, fills counted; a reload reads the cache', async ({ page }) => {
  test.setTimeout(90_000);
  await signInFunded(page, 'BTC-USD');
  for (let i = 0; i < 2; i++) {
    await marketOrderFilled(page, 'Buy / Long', '0.05');
    await marketOrderFilled(page, 'Sell / Short', '0.05');
  }
  const expected = await tradeHistoryTotals(page);
  expect(expected.fills).toBeGreaterThanOrEqual(4);
  expect(expected.closing).toBeGreaterThanOrEqual(2);

  await page.getByTestId('portfolio-link').click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole('heading', { name: 'Portfolio' })).toBeFocused();
  await expect(page.getByTestId('history-status')).toHaveAttribute('data-status', 'complete');
  const portfolio = page.getByTestId('portfolio');
  await portfolio.getByRole('radio', { name: 'All' }).click();
  await expect(page.getByTestId('figure-realized-pnl')).toContainText(cents(expected.realized));
  await expect(page.getByTestId('figure-fees')).toContainText(cents(expected.fees).replace('+', ''));
  await expect(page.getByTestId('figure-trades')).toContainText(String(expected.fills));
  // A closing order that took two levels of the book is two closing fills.
  await expect(page.getByTestId('figure-trades')).toContainText(`${expected.closing} closing`);
  await expect(page.getByTestId('market-row-BTC-USD')).toContainText(cents(expected.realized));
  // Both round trips closed: the 24 h realized figure from the history is the exchange's.
  await expect(page.getByTestId('realized-check')).toHaveAttribute('data-agrees', 'true');
  await expect(page.getByTestId('pnl-curve').getByRole('img')).toHaveAttribute('aria-label', /^Cumulative PnL: from 0\.00 on .* to [+-]?[\d,]+\.\d\d on /);
  await page.screenshot({ path: 'docs/portfolio.png', fullPage: true });

  // The account value curve says what it includes.
  await portfolio.getByRole('tab', { name: 'Account value' }).click();
  await expect(page.getByTestId('value-basis')).toContainText('The last point is your equity now');
  await page.getByTestId('value-curve').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/portfolio-value.png' });

  // A reload reads the history from this browser: complete, the same figure. The figures of the
  // visit before are drawn at once, said to be as of then (the figures' worker held back here so they
  // stay long enough to see), until this visit's own replace them.
  let releaseWorker = () => undefined as void;
  const workerHeld = new Promise<void>((resolve) => (releaseWorker = resolve));
  await page.context().route(/portfolio\.worker-[^/]*\.js$/, async (route) => {
    await workerHeld;
    await route.continue();
  });
  await page.reload();
  await expect(portfolio).toHaveAttribute('data-ready', 'kept');
  await expect(page.getByTestId('kept-summary-note')).toContainText('Figures as of');
  await portfolio.getByRole('radio', { name: 'All' }).click();
  await expect(page.getByTestId('figure-realized-pnl')).toContainText(cents(expected.realized));
  await page.screenshot({ path: 'docs/portfolio-kept.png' });
  releaseWorker();
  await expect(page.getByTestId('history-status')).toHaveAttribute('data-status', 'complete');
  await expect(portfolio).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('kept-summary-note')).toHaveCount(0);
  await expect(page.getByTestId('figure-realized-pnl')).toContainText(cents(expected.realized));

  // The history CSV: every fill once, and its last cumulative PnL is the net PnL (realized − fees).
  const download = page.waitForEvent('download');
  await page.getByTestId('portfolio-export').getByRole('button', { name: 'History CSV' }).click();
  const csv = (await readFile((await (await download).path())!, 'utf8')).trim().split('\r\n');
  const columns = csv[0]!.split(',');
  const fills = csv.slice(1).filter((l) => l.split(',')[columns.indexOf('kind')] === 'fill');
  expect(fills).toHaveLength(expected.fills);
  const last = csv.at(-1)!.split(',');
  expect(new Decimal(last[columns.indexOf('cumulative_pnl')]!).eq(expected.realized.minus(expected.fees))).toBe(true);

  // Sorting the markets by a heading says so to a screen reader.
  const heading = page.getByTestId('portfolio-markets').getByRole('columnheader', { name: 'Volume' });
  await heading.getByRole('button').click();
  await expect(heading).toHaveAttribute('aria-sort', 'descending');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'docs/portfolio-phone.png' });
});
