/**
 * A newest-first paged list with the devnet's `last_id` semantics (rows with id < last_id, newest
 * first, at most `limit`), for unit tests of the walk's bookkeeping; the devnet contract test
 * (devnet/account-history.contract.test.ts) runs the same walks against the real service.
 */
export function pagedList<T extends { id: number }>(rows: T[], o: { cap?: number } = {}) {
  const calls: (number | undefined)[] = [];
  return {
    calls,
    rows,
    fetchPage: (lastId: number | undefined, limit = 500): Promise<T[]> => {
      calls.push(lastId);
      const n = Math.min(limit, o.cap ?? limit);
      const below = rows.filter((r) => lastId === undefined || r.id < lastId).sort((a, b) => b.id - a.id);
      return Promise.resolve(below.slice(0, n));
    },
  };
}

export const idRows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i }));
