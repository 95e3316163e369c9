import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** A stream write as a cache patch: the cached value before → after (undefined: nothing cached, leave it). */
export type Patch<T> = (old: T | undefined) => T | undefined;

/**
 * How a write is replayed onto a read-back's answer: `patch` (the default), after the ones before it;
 * `replace`, a write that replaces the value whole (a depth book, a price), so only the newest is kept.
 */
export interface Replay<T> {
  kind: 'patch' | 'replace';
  patch: Patch<T>;
}

/**
 * Stream writes that outlive a read-back on its way.
 *
 * After a reconnect (after the market socket's move into the worker, and after the first connection's
 * subscription) the app reads its data back over HTTP. The service serves each answer at one moment; a push that reaches the page while that
 * answer is on its way may be newer than it, and the answer, landing, would put the older state back:
 * an order filled meanwhile shown open again, a position at its old size, trades gone from the tape,
 * until the next push for the same thing. So a push written while its query is fetching is also kept
 * for that request, and replayed in arrival order onto the answer as it lands; the same way an exchange
 * client buffers the stream while it reads a snapshot. A push the answer already holds must be
 * harmless to replay: the patches are upserts that keep a newer state, and a trade the answer holds
 * is not put on the tape again (cache-writers.ts).
 *
 * What is kept belongs to one request: a new fetch (a second reconnect cancels and restarts the first)
 * or a new attempt after a failure asks after every push written so far, so it owes them nothing; a
 * push from before it replayed onto its answer could bring back what the service has since ended (an
 * order whose fill push was lost with the socket).
 */
export function writeLive<T>(qc: QueryClient, key: QueryKey, patch: Patch<T>, replay: Replay<T> = { kind: 'patch', patch }): void {
  qc.setQueryData<T>(key, patch);
  // By hash: the cache's `find` compares every query's key, and this runs for every frame's writes.
  const query = qc.getQueryCache().get(hashKey(key));
  if (query?.state.fetchStatus !== 'fetching' || query.promise === undefined) return;
  const waiting = journalOf(qc);
  const held = waiting.get(query.queryHash);
  const kept = held !== undefined && held.request === query.promise ? held : { request: query.promise, replays: [] };
  keep(kept.replays, replay as Replay<unknown>);
  waiting.set(query.queryHash, kept);
}

interface Kept {
  /** The request the writes are owed to (the query's in-flight promise when they were written). */
  request: Promise<unknown>;
  replays: Replay<unknown>[];
}

function keep(replays: Replay<unknown>[], replay: Replay<unknown>): void {
  const last = replays.at(-1);
  if (replay.kind === 'replace' && last?.kind === 'replace') replays[replays.length - 1] = replay;
  else replays.push(replay);
}

const journals = new WeakMap<QueryClient, Map<string, Kept>>();

function journalOf(qc: QueryClient): Map<string, Kept> {
  const known = journals.get(qc);
  if (known) return known;
  const journal = new Map<string, Kept>();
  journals.set(qc, journal);
  qc.getQueryCache().subscribe((event) => {
    const hash = event.query.queryHash;
    const kept = journal.get(hash);
    if (!kept) return;
    if (event.type === 'removed') journal.delete(hash);
    if (event.type !== 'updated') return;
    const action = event.action;
    // A fetch's own answer (setQueryData's writes are `manual`): the replay goes on top of it, if the
    // writes were kept for this very request.
    if (action.type === 'success' && !action.manual) {
      journal.delete(hash);
      if (kept.request === event.query.promise) replayOnto(qc, event.query, kept.replays);
      return;
    }
    // A failed attempt (the next one is a new request), a failed or cancelled fetch (the cache shows
    // the writes already), a new fetch: nothing is owed any more.
    if (action.type === 'failed' || action.type === 'error' || action.type === 'fetch' || event.query.state.fetchStatus !== 'fetching') {
      journal.delete(hash);
    }
  });
  return journal;
}

function replayOnto(qc: QueryClient, query: Query<unknown, Error, unknown, QueryKey>, replays: Replay<unknown>[]): void {
  const answer = query.state.data;
  let data = answer;
  for (const r of replays) data = r.patch(data) ?? data;
  if (data !== answer) qc.setQueryData(query.queryKey, data);
}
