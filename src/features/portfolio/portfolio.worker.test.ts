import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FundingTransaction, Trade } from '../../api/schemas';
import { historyKey } from '../../api/account-history';
import { idbHistoryStore, openHistoryDb, RECORD_VERSION } from '../../api/account-history/idb-history-store';
import type { HistoryFunding, HistoryTrade } from '../../lib/portfolio/portfolio-input';
import { handHistory, inputOf } from '../../lib/portfolio/testing/history-builders';
import type { FromPortfolioWorker, ToPortfolioWorker } from '../../lib/portfolio/worker-protocol';

async function worker() {
  const posted: FromPortfolioWorker[] = [];
  vi.stubGlobal('postMessage', (m: FromPortfolioWorker) => posted.push(m));
  vi.resetModules();
  await import('./portfolio.worker');
  const onmessage = (globalThis as unknown as { onmessage: (e: { data: ToPortfolioWorker }) => void }).onmessage;
  /** Waits until `n` answers were posted (a cache read takes a few turns). */
  const answers = async (n: number) => {
    for (let i = 0; i < 200 && posted.length < n; i++) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20)); // and nothing more comes
    return posted;
  };
  return { posted, answers, send: (data: ToPortfolioWorker) => onmessage({ data }) };
}

/** The rows as the cache keeps them (the service's whole records). */
const asCachedTrade = (t: HistoryTrade): Trade => ({ ...t, order_id: t.id * 10, user: 'bsc_0xaaa', updated_at: t.created_at });
const asCachedFunding = (f: HistoryFunding): FundingTransaction => ({ ...f, user: 'bsc_0xaaa', asset: 'DUSD', txn_type: 'funding_fee', created_at: f.transact_time, updated_at: f.transact_time });

let n = 0;
/** A fresh account's cache holding `trades` and `funding`. */
async function cached(trades: readonly HistoryTrade[], funding: readonly HistoryFunding[]) {
  const key = historyKey('http://devnet', `bsc_0x${++n}`);
  const db = await openHistoryDb();
  const store = idbHistoryStore(db);
  const write = (t: readonly HistoryTrade[], f: readonly HistoryFunding[]) =>
    Promise.all([store.save(key, 'trades', t.map(asCachedTrade), []), store.save(key, 'funding', f.map(asCachedFunding), [])]);
  await write(trades, funding);
  return { key, db, write };
}

const tradesOf = (m: FromPortfolioWorker | undefined) => (m?.kind === 'summary' ? m.summary.windows.all.totals.trades : null);

describe('portfolio.worker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('holds the history it is sent and answers a request with its id', async () => {
    const { answers, send } = await worker();
    const h = handHistory();
    const { trades, funding, ...state } = inputOf(h.trades, h.funding);
    send({ kind: 'history', reset: true, trades, funding });
    send({ id: 7, kind: 'summary', state });
    const posted = await answers(1);
    expect(posted).toHaveLength(1);
    const answer = posted[0]!;
    expect(answer.kind === 'summary' && answer.id).toBe(7);
    expect(answer.kind === 'summary' && answer.summary.windows.all.totals.realizedPnl).toBe('-5');
  });

  it('computes only the newest of a burst of requests, on the history each was sent with', async () => {
    const { answers, send } = await worker();
    const h = handHistory();
    const { trades, funding, ...state } = inputOf(h.trades, h.funding);
    send({ kind: 'history', reset: true, trades: trades.slice(0, 3), funding: [] });
    send({ id: 1, kind: 'summary', state });
    send({ id: 2, kind: 'summary', state });
    // rows after a request: the request is answered first, on the 3 trades it was sent with
    send({ kind: 'history', reset: false, trades: trades.slice(3), funding });
    send({ id: 3, kind: 'summary', state });
    const posted = await answers(2);
    expect(posted.map((p) => [p.kind === 'summary' && p.id, tradesOf(p)])).toEqual([[2, 3], [3, 7]]);
  });

  it('reads the history from the cache itself: what is new on top, what a backfill adds underneath, and rows only the page holds', async () => {
    const { answers, send } = await worker();
    const h = handHistory();
    const { trades, funding, ...state } = inputOf(h.trades, h.funding);
    const c = await cached(trades.slice(2, 5), funding.slice(0, 1));
    send({ kind: 'cache', key: c.key, revision: 1 });
    send({ id: 1, kind: 'summary', state });
    expect(tradesOf((await answers(1))[0])).toBe(3);
    await c.write(trades.slice(5, 6), []); // a fill on top
    send({ kind: 'cache', key: c.key, revision: 2 });
    send({ id: 2, kind: 'summary', state });
    expect(tradesOf((await answers(2))[1])).toBe(4);
    await c.write(trades.slice(0, 2), funding.slice(1)); // the backfill reached the first rows
    send({ kind: 'cache', key: c.key, revision: 3 });
    send({ id: 3, kind: 'summary', state });
    expect(tradesOf((await answers(3))[2])).toBe(6);
    // The cache failed for the newest fill: the page sends the rows its memory holds; each id counts once.
    send({ kind: 'history', reset: false, trades: trades.slice(5), funding: [] });
    send({ id: 4, kind: 'summary', state });
    const fourth = (await answers(4))[3];
    expect(tradesOf(fourth)).toBe(7);
    expect(fourth?.kind === 'summary' && fourth.summary.windows.all.totals.realizedPnl).toBe('-5');
    c.db.close();
  });

  it('rows another tab wrote between those read (a gap filled) are found by the count, and read once', async () => {
    const { answers, send } = await worker();
    const h = handHistory();
    const { trades, funding, ...state } = inputOf(h.trades, h.funding);
    const c = await cached([...trades.slice(0, 2), ...trades.slice(5)], funding);
    send({ kind: 'cache', key: c.key, revision: 1 });
    send({ id: 1, kind: 'summary', state });
    expect(tradesOf((await answers(1))[0])).toBe(4);
    await c.write(trades.slice(2, 5), []);
    send({ kind: 'cache', key: c.key, revision: 2 });
    send({ id: 2, kind: 'summary', state });
    const second = (await answers(2))[1];
    expect(tradesOf(second)).toBe(7);
    expect(second?.kind === 'summary' && second.summary.windows.all.totals.realizedPnl).toBe('-5');
    send({ kind: 'cache', key: c.key, revision: 3 });
    send({ id: 3, kind: 'summary', state });
    expect(tradesOf((await answers(3))[2])).toBe(7);
    c.db.close();
  });

  it('a gap filled and rows on top written by another tab while the worker reads: the cycle counts them all', async () => {
    const { answers, send } = await worker();
    const h = handHistory();
    const { trades, funding, ...state } = inputOf(h.trades, h.funding);
    const c = await cached([...trades.slice(0, 2), trades[4]!], funding);
    send({ kind: 'cache', key: c.key, revision: 1 });
    send({ id: 1, kind: 'summary', state });
    expect(tradesOf((await answers(1))[0])).toBe(3);
    await c.write(trades.slice(2, 4), []); // another tab filled the gap
    // ... and writes the newest rows just as the worker starts reading (its first trades transaction).
    const open = IDBDatabase.prototype.transaction;
    let armed = true;
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const tx = open.apply(this, args);
      if (armed && args[0] === 'trades' && args[1] === 'readonly') {
        armed = false;
        void c.write(trades.slice(5), []);
      }
      return tx;
    });
    send({ kind: 'cache', key: c.key, revision: 2 });
    send({ id: 2, kind: 'summary', state });
    const second = (await answers(2))[1];
    spy.mockRestore();
    expect(armed).toBe(false);
    expect(tradesOf(second)).toBe(7);
    c.db.close();
  });

  it('removes damaged cached rows and tells the page which history to fetch again', async () => {
    const { answers, send } = await worker();
    const h = handHistory();
    const { trades, funding, ...state } = inputOf(h.trades, h.funding);
    const c = await cached(trades, funding);
    const tx = c.db.transaction('trades', 'readwrite');
    tx.objectStore('trades').put({ k: c.key, id: 99, v: RECORD_VERSION, row: { id: 99 } });
    await new Promise((r) => (tx.oncomplete = r));
    send({ kind: 'cache', key: c.key, revision: 1 });
    send({ id: 1, kind: 'summary', state });
    const posted = await answers(2);
    expect(posted[0]).toEqual({ kind: 'cache-damaged', kinds: ['trades'] });
    expect(tradesOf(posted[1])).toBe(7);
    c.db.close();
  });
  it('a damaged row, removed and fetched again by the page under the same id, is read back and counted', async () => {
    const { answers, send } = await worker();
    const h = handHistory();
    const { trades, funding, ...state } = inputOf(h.trades, h.funding);
    const c = await cached(trades, funding);
    const victim = trades[3]!;
    const tx = c.db.transaction('trades', 'readwrite');
    tx.objectStore('trades').put({ k: c.key, id: victim.id, v: RECORD_VERSION, row: { id: victim.id } }); // damaged in place
    await new Promise((r) => (tx.oncomplete = r));
    send({ kind: 'cache', key: c.key, revision: 1 });
    send({ id: 1, kind: 'summary', state });
    const posted = await answers(2);
    expect(posted[0]).toEqual({ kind: 'cache-damaged', kinds: ['trades'] });
    expect(tradesOf(posted[1])).toBe(6);
    // the page refetches the whole trade history and saves it (same ids, now valid)
    await c.write(trades, []);
    send({ kind: 'cache', key: c.key, revision: 2 });
    send({ id: 2, kind: 'summary', state });
    expect(tradesOf((await answers(3))[2])).toBe(7);
    c.db.close();
  });
  it('rows of an older record version (every trade), removed and fetched again, are read back and counted', async () => {
    const { answers, send } = await worker();
    const h = handHistory();
    const { trades, funding, ...state } = inputOf(h.trades, h.funding);
    const c = await cached([], funding);
    const tx = c.db.transaction('trades', 'readwrite');
    for (const t of trades) tx.objectStore('trades').put({ k: c.key, id: t.id, v: RECORD_VERSION - 1, row: asCachedTrade(t) });
    await new Promise((r) => (tx.oncomplete = r));
    send({ kind: 'cache', key: c.key, revision: 1 });
    send({ id: 1, kind: 'summary', state });
    const posted = await answers(2);
    expect(posted[0]).toEqual({ kind: 'cache-damaged', kinds: ['trades'] });
    await c.write(trades, []); // the page's refetch: the same 7 rows at this version
    send({ kind: 'cache', key: c.key, revision: 2 });
    send({ id: 2, kind: 'summary', state });
    expect(tradesOf((await answers(3))[2])).toBe(7);
    c.db.close();
  });
});
