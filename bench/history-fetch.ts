/**
 * Issue 32 item 2, performance: the whole history of an account fetched from a devnet with the
 * default rate limits (45 credits a request, refill 1000/s, capacity 900): rows/s, requests/s, the
 * busiest second and the number of 429s (should be 0). bench/run.ts figure 8b runs `historyFetch`
 * (the first visit); alone, all three visits are printed:
 *
 *   npx tsx bench/history-fetch.ts [trades=10000] [fundingSeconds=10000]
 *
 * The devnet keeps 10,000 rows per account and history (maxHistoryPerUser), so 10,000 of each is
 * the largest history it can serve. Seeding goes through the ledger (no HTTP): the budget measured
 * is the walk's alone. The cache is fake-indexeddb (in memory, IndexedDB's semantics).
 */
import 'fake-indexeddb/auto';
import { pathToFileURL } from 'node:url';
import { AccountHistorySync } from '../src/api/account-history/history-sync';
import { historyKey } from '../src/api/account-history/history-store';
import { idbHistoryStore, openHistoryDb } from '../src/api/account-history/idb-history-store';
import { HISTORY_RATE_PER_S, Pacer } from '../src/api/account-history/pacer';
import { countingUser, startHistoryDevnet } from '../devnet/test-support/history-seed';

export interface HistoryWalkResult {
  label: string;
  status: string;
  trades: number;
  funding: number;
  fromCache: number;
  requests: number;
  seconds: number;
  rowsPerS: number;
  requestsPerS: number;
  /** Most request starts in any one-second window. */
  busiestSecond: number;
  rateLimited: number;
  progressUpdates: number;
  /** The rest of the app's reads meanwhile (the third visit): sent and 429s. */
  app?: { rps: number; sent: number; rateLimited: number };
}

export interface HistoryFetchResult {
  /** The pacer's rate (requests a second) the walk is meant to reach. */
  paceRps: number;
  seedSeconds: number;
  walks: HistoryWalkResult[];
}

/** Seeds a devnet with the rate limits on, then walks the history: empty cache, 5 new trades, empty again with the app polling (`all` false: the first only). */
export async function historyFetch(trades = 10_000, fundingSeconds = 10_000, all = true, log: (s: string) => void = console.log): Promise<HistoryFetchResult> {
  const walks: HistoryWalkResult[] = [];
  let seedSeconds = 0;
  const h = await startHistoryDevnet();
  try {
    const seedStart = performance.now();
    h.trade(trades % 2 === 1 ? trades : trades + 1); // an odd count leaves alice short: funding pays her
    // Under an hour a step (the engine crosses longer gaps in 60 s steps): one funding row per second.
    for (let left = fundingSeconds; left > 0; left -= 3_000) h.advance(Math.min(left, 3_000) * 1_000);
    seedSeconds = (performance.now() - seedStart) / 1000;
    log(`seeded in ${seedSeconds.toFixed(1)} s`);
    await new Promise((r) => setTimeout(r, 1_500)); // the sign-in's credits back in the bucket

    const noTabs = { exclusive: <R>(_k: string, _s: AbortSignal, work: () => Promise<R>) => work(), announce: () => undefined, onChanged: () => () => undefined };
    /** The rest of the app meanwhile (balance, positions, open orders polling): `rps` reads a second. */
    const appTraffic = (rps: number) => {
      const seen = { sent: 0, rateLimited: 0 };
      const timer = setInterval(() => {
        seen.sent++;
        h.alice.api.user.queryBalance().catch((e: unknown) => {
          if ((e as { status?: number }).status === 429) seen.rateLimited++;
        });
      }, 1000 / rps);
      return { seen, stop: () => clearInterval(timer) };
    };

    const walk = async (label: string, otherRps = 0) => {
      const app = otherRps > 0 ? appTraffic(otherRps) : null;
      const { user, counts } = countingUser(h.alice);
      const sync = new AccountHistorySync(historyKey(h.devnet.urls.baseUrl, h.alice.account), {
        user,
        openStore: () => openHistoryDb().then(idbHistoryStore),
        pacer: new Pacer(),
        tabs: noTabs,
      });
      let updates = 0;
      sync.subscribe(() => updates++);
      const started = performance.now();
      await sync.start();
      const s = (performance.now() - started) / 1000;
      app?.stop();
      const st = sync.state;
      const rows = st.progress.trades + st.progress.funding - st.progress.fromCache;
      const requests = counts.trades + counts.funding;
      // The busiest one-second window of request starts.
      let busiest = 0;
      for (let i = 0, j = 0; i < counts.at.length; i++) {
        while ((counts.at[i] as number) - (counts.at[j] as number) >= 1000) j++;
        busiest = Math.max(busiest, i - j + 1);
      }
      walks.push({
        label, status: st.status, trades: st.progress.trades, funding: st.progress.funding, fromCache: st.progress.fromCache, requests, seconds: s,
        rowsPerS: rows / s, requestsPerS: requests / s, busiestSecond: busiest, rateLimited: counts.rateLimited, progressUpdates: updates,
        ...(app ? { app: { rps: otherRps, sent: app.seen.sent, rateLimited: app.seen.rateLimited } } : {}),
      });
      log(
        `${label}: ${st.status}; ${st.progress.trades} trades + ${st.progress.funding} funding (${st.progress.fromCache} from the cache); ` +
          `${requests} requests (${counts.trades} trades, ${counts.funding} funding) in ${s.toFixed(2)} s: ` +
          `${(rows / s).toFixed(0)} rows/s fetched, ${(requests / s).toFixed(1)} requests/s, busiest second ${busiest} requests, ` +
          `${counts.rateLimited} × 429, ${updates} progress updates` +
          (app ? `; the app's own ${otherRps} req/s meanwhile: ${app.seen.sent} sent, ${app.seen.rateLimited} × 429` : ''),
      );
      sync.dispose();
    };
    log(`pace: ${HISTORY_RATE_PER_S} requests/s for history (the account's budget ≈ 22/s)`);
    await walk('first visit (empty cache)');
    if (all) {
      h.trade(5);
      await walk('second visit (5 new trades)');
      await new Promise<void>((resolve) => indexedDB.deleteDatabase('account-history').onsuccess = () => resolve());
      await new Promise((r) => setTimeout(r, 1_500));
      await walk('first visit again, with the app polling at 8 req/s', 8);
    }
    await new Promise<void>((resolve) => indexedDB.deleteDatabase('account-history').onsuccess = () => resolve());
  } finally {
    await h.devnet.close();
  }
  return { paceRps: HISTORY_RATE_PER_S, seedSeconds, walks };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await historyFetch(Number(process.argv[2] ?? 10_000), Number(process.argv[3] ?? 10_000));
}
