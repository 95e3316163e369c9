import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { summarizePortfolio } from '../../lib/portfolio/portfolio-summary';
import type { PortfolioInput } from '../../lib/portfolio/portfolio-input';
import { closeKeptSummaries, keepSummary, KEPT_SUMMARY_DB, KEPT_SUMMARY_VERSION, readKeptSummary } from './kept-summary';

const NOW = Date.parse('2026-11-29T00:00:00Z');
const input: PortfolioInput = {
  trades: [
    { id: 1, symbol: 'BTC-USD', side: 'buy', price: '100', qty: '1', value: '100', fee_asset: 'DUSD', fee_qty: '0.05', pnl: '0', created_at: '2026-11-28T00:00:00Z' },
    { id: 2, symbol: 'BTC-USD', side: 'sell', price: '110', qty: '1', value: '110', fee_asset: 'DUSD', fee_qty: '0.055', pnl: '10', created_at: '2026-11-28T01:00:00Z' },
  ],
  funding: [],
  now: NOW,
  settlementAsset: 'DUSD',
  balance: { equity: '1009.895', pnl_freeze: '0' },
  unrealizedPnl: '0',
  openPositions: [],
  moves: [],
};

afterEach(async () => {
  closeKeptSummaries();
  await new Promise<void>((resolve) => {
    const del = indexedDB.deleteDatabase(KEPT_SUMMARY_DB);
    del.onsuccess = () => resolve();
    del.onerror = () => resolve();
  });
});

describe('kept summary (the figures of the last visit)', () => {
  it('is nothing for an account never summarized', async () => {
    expect(await readKeptSummary('http://devnet|bsc_0xaaa')).toBeNull();
  });

  it('gives back the figures kept for the account, as of their time, exactly; another account has none', async () => {
    const summary = summarizePortfolio(input);
    await keepSummary('http://devnet|bsc_0xaaa', summary);
    const kept = await readKeptSummary('http://devnet|bsc_0xaaa');
    expect(kept?.asOf).toBe(NOW);
    expect(kept?.summary).toEqual(summary);
    expect(kept?.summary.windows.all.totals).toEqual(summary.windows.all.totals);
    expect(await readKeptSummary('http://devnet|bsc_0xbbb')).toBeNull();
  });

  it('a newer keep replaces the older', async () => {
    await keepSummary('k', summarizePortfolio(input));
    const later = summarizePortfolio({ ...input, now: NOW + 60_000 });
    await keepSummary('k', later);
    expect((await readKeptSummary('k'))?.asOf).toBe(NOW + 60_000);
  });

  it('ignores a record of another version or a damaged one (the page then waits for fresh figures)', async () => {
    const summary = summarizePortfolio(input);
    await keepSummary('old', summary);
    await keepSummary('damaged', summary);
    const db = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open(KEPT_SUMMARY_DB, 1);
      open.onsuccess = () => resolve(open.result);
    });
    await new Promise<void>((resolve) => {
      const tx = db.transaction('summary', 'readwrite');
      tx.objectStore('summary').put({ key: 'old', v: KEPT_SUMMARY_VERSION + 1, summary });
      tx.objectStore('summary').put({ key: 'damaged', v: KEPT_SUMMARY_VERSION, summary: { now: NOW, windows: {} } });
      tx.oncomplete = () => resolve();
    });
    db.close();
    expect(await readKeptSummary('old')).toBeNull();
    expect(await readKeptSummary('damaged')).toBeNull();
  });

  it('reads as nothing and keeps nothing, without throwing, where IndexedDB is missing', async () => {
    closeKeptSummaries();
    const none = undefined as unknown as IDBFactory;
    await expect(keepSummary('k', summarizePortfolio(input), none)).resolves.toBeUndefined();
    closeKeptSummaries();
  });
});
