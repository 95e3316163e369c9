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

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Reads the book over HTTP, `meanwhile` running while the answer is on its way; the best bid the cache then holds. */
  const readBack = async (answerBid: string, meanwhile: () => void = () => undefined) => {
    await sleep(5); // asked a millisecond or more after the last write
    const done = qc.fetchQuery({ ...marketQueries.depth(api, 'BTC-USD'), staleTime: 0 });
    await sleep(5);
    meanwhile();
    answer(book(answerBid));
    await done;
    return qc.getQueryData<DepthBook>(key)?.bids[0]?.[0];
  };

  // No book yet: the service's answer is the book.
  expect(await readBack('99')).toBe('99');
  // A read-back (after a reconnect) while the stream writes a newer book: the stream's stays.
  expect(await readBack('98', () => qc.setQueryData(key, book('100')))).toBe('100');
  // Nothing written meanwhile: the service's answer replaces the cached one.
  expect(await readBack('97')).toBe('97');
});
