import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** A stream write as a cache patch: the cached value before → after (undefined: nothing cached, leave it). */
export type Patch<T> = (old: T | undefined) => T | undefined;

/**
 * Stream writes that outlive a read-back on its way.
 *
 * After a reconnect (and after the market socket's move into the worker) the app reads its data back
 * over HTTP. The service serves each answer at one moment; a push that reaches the page while that
 * answer is on its way may be newer than it, and the answer, landing, would put the older state back:
 * an order filled meanwhile shown open again, a position at its old size, trades gone from the tape,
 * until the next push for the same thing. So a push written while its query is fetching is also kept
 * for that fetch, and replayed in arrival order onto the answer as it lands; the same way an exchange
 * client buffers the stream while it reads a snapshot. A push the answer already holds must be
 * harmless to replay: the patches are upserts that keep a newer state (cache-writers.ts), and trades
 * pass a replay that leaves out the ones the answer has.
 */
export function writeLive<T>(qc: QueryClient, key: QueryKey, patch: Patch<T>, replay: Patch<T> = patch): void {
  qc.setQueryData<T>(key, patch);
  const query = qc.getQueryCache().find<T>({ queryKey: key, exact: true });
  if (query?.state.fetchStatus !== 'fetching') return;
  const waiting = journalOf(qc);
  const patches = waiting.get(query.queryHash) ?? [];
  patches.push(replay as Patch<unknown>);
  waiting.set(query.queryHash, patches);
}

const journals = new WeakMap<QueryClient, Map<string, Patch<unknown>[]>>();

function journalOf(qc: QueryClient): Map<string, Patch<unknown>[]> {
  let waiting = journals.get(qc);
  if (waiting) return waiting;
  const journal = new Map<string, Patch<unknown>[]>();
  waiting = journal;
  journals.set(qc, journal);
  qc.getQueryCache().subscribe((event) => {
    const patches = journal.get(event.query.queryHash);
    if (!patches) return;
    if (event.type === 'removed') journal.delete(event.query.queryHash);
    if (event.type !== 'updated') return;
    // A fetch's own answer (setQueryData's writes are `manual`): the replay goes on top of it. A
    // fetch that failed leaves the cache as the stream wrote it, so nothing is owed to the next one.
    if (event.action.type === 'success' && !event.action.manual) {
      journal.delete(event.query.queryHash);
      replayOnto(qc, event.query, patches);
    } else if (event.action.type === 'error') {
      journal.delete(event.query.queryHash);
    }
  });
  return journal;
}

function replayOnto(qc: QueryClient, query: Query<unknown, Error, unknown, QueryKey>, patches: Patch<unknown>[]): void {
  const answer = query.state.data;
  let data = answer;
  for (const patch of patches) data = patch(data) ?? data;
  if (data !== answer) qc.setQueryData(query.queryKey, data);
}
