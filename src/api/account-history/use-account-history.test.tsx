// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../../testing/mount-each-test';
import { createApiClient } from '../client';
import { ApiProvider, StreamsScope } from '../react';
import type { AppStreams } from '../stream/app-streams';
import type { MarketStream } from '../stream/market-stream';
import type { ServiceConfig } from '../service-config';
import { sampleFunding, sampleTrade } from './testing-rows';
import { useAccountHistory, NEW_FILL_DEBOUNCE_MS } from './use-account-history';
import { historyKey } from './history-store';
import { loadCachedHistory } from './idb-history-read';
import { openHistoryDb } from './idb-history-store';

const view = mountEachTest();

/** A scripted service behind the app's own client: query_trades / query_funding_history with last_id. */
function scriptedService() {
  const rows = { trades: Array.from({ length: 1_100 }, (_, i) => sampleTrade(i + 1)), funding: [sampleFunding(1), sampleFunding(2)] };
  const asked: string[] = [];
  const fetch = (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(url.pathname);
    const lastId = url.searchParams.has('last_id') ? Number(url.searchParams.get('last_id')) : Infinity;
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const list = url.pathname === '/api/query_trades' ? rows.trades : rows.funding;
    const page = list.filter((r) => r.id < lastId).sort((a, b) => b.id - a.id).slice(0, limit);
    const body = url.pathname === '/api/query_trades' ? { page_size: page.length, result: page, total: list.length } : page;
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  };
  const client = createApiClient({
    urls: { baseUrl: 'http://hook.test', authUrl: 'http://hook.test', bridgeUrl: 'http://hook.test', geoUrl: 'http://hook.test' },
    getCredentials: () => ({ token: 't', signer: { publicKey: new Uint8Array(32), sign: () => Promise.resolve(new Uint8Array(64)) } as never }),
    fetch,
  });
  return { client, rows, asked };
}

/** The account stream's part the hook uses: who listens for fills, and a way to announce one. */
function accountStream() {
  const fills = new Set<() => void>();
  const market = {
    onUser: (_channel: string, h: () => void) => (fills.add(h), () => fills.delete(h)),
    onReconnected: () => () => undefined,
  } as unknown as MarketStream;
  return { streams: { market } as AppStreams, fill: () => fills.forEach((h) => h()) };
}

function Shown({ account }: { account: string | undefined }) {
  const h = useAccountHistory(account);
  return <output>{`${h.status} ${h.progress.trades} ${h.progress.funding} ${h.storage} ${h.problem ?? '-'}`}</output>;
}

const text = () => document.querySelector('output')?.textContent;
async function until(what: string, ms = 5_000) {
  const end = Date.now() + ms;
  while (text() !== what) {
    if (Date.now() > end) throw new Error(`waited for "${what}", shows "${text()}"`);
    await act(() => new Promise((r) => setTimeout(r, 20)));
  }
}

describe('useAccountHistory', () => {
  it('signed out: idle and empty; signed in: the whole history, then a fill on the stream is in it', async () => {
    const svc = scriptedService();
    const stream = accountStream();
    const ui = (account: string | undefined) => (
      <StrictMode>
        <ApiProvider client={svc.client} config={{} as ServiceConfig}>
          <StreamsScope streams={stream.streams}>
            <Shown account={account} />
          </StreamsScope>
        </ApiProvider>
      </StrictMode>
    );
    view.render(ui(undefined));
    expect(text()).toBe('idle 0 0 persistent -');
    view.render(ui('bsc_0xhook'));
    await until('complete 1100 2 persistent -');
    const before = svc.asked.length;
    svc.rows.trades.push(sampleTrade(1_101));
    act(() => stream.fill());
    act(() => stream.fill()); // a burst of fills is one walk
    await until('complete 1101 2 persistent -', NEW_FILL_DEBOUNCE_MS + 3_000);
    expect(svc.asked.length - before).toBe(2); // the newest page of each history
    // The rows are in the cache, each once, in id order (where the portfolio worker reads them).
    const db = await openHistoryDb();
    const cached = await loadCachedHistory(db, historyKey('http://hook.test', 'bsc_0xhook'), 'trades');
    db.close();
    expect(cached.rows.map((r) => r.id)).toEqual(svc.rows.trades.map((r) => r.id));
  });
});
