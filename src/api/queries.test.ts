import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { createApiClient } from './client';
import { marketQueries } from './queries';
import { queryKeys } from './query-keys';
import type { DepthBook } from './schemas';

const urls = { baseUrl: 'http://x.invalid', authUrl: 'http://x.invalid', bridgeUrl: 'http://x.invalid', geoUrl: 'http://x.invalid' };
const book = (bid: string): DepthBook => ({ symbol: 'BTC-USD', asks: [['101', '1']], bids: [[bid, '1']] });

it("keeps a book the stream wrote while the HTTP read-back was on its way, and takes the service's otherwise", async () => {
  let answer: (b: DepthBook) => void = () => undefined;
  const api = createApiClient({
    urls,
    fetch: () => new Promise<Response>((r) => (answer = (b) => r(new Response(JSON.stringify(b), { headers: { 'content-type': 'application/json' } })))),
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = queryKeys.market.depth('BTC-USD');

  // No book yet: the service's answer is the book.
  const first = qc.fetchQuery(marketQueries.depth(api, 'BTC-USD'));
  await new Promise((r) => setTimeout(r, 0));
  answer(book('99'));
  await first;
  expect(qc.getQueryData<DepthBook>(key)?.bids[0]?.[0]).toBe('99');

  // A read-back (after a reconnect) while the stream writes a newer book: the stream's stays.
  await new Promise((r) => setTimeout(r, 5));
  const readBack = qc.fetchQuery({ ...marketQueries.depth(api, 'BTC-USD'), staleTime: 0 });
  await new Promise((r) => setTimeout(r, 5));
  qc.setQueryData(key, book('100'));
  answer(book('98'));
  await readBack;
  expect(qc.getQueryData<DepthBook>(key)?.bids[0]?.[0]).toBe('100');

  // Nothing written meanwhile: the service's answer replaces the cached one.
  await new Promise((r) => setTimeout(r, 5));
  const again = qc.fetchQuery({ ...marketQueries.depth(api, 'BTC-USD'), staleTime: 0 });
  await new Promise((r) => setTimeout(r, 0));
  answer(book('97'));
  await again;
  expect(qc.getQueryData<DepthBook>(key)?.bids[0]?.[0]).toBe('97');
});
