import { describe, expect, it } from 'vitest';
import { collectAllPages } from './collect-pages';

interface Row {
  id: number;
}

/** A newest-first list served like query_orders: ids below last_id, at most `size` a page. */
function server(ids: number[], size: number) {
  const asked: (number | undefined)[] = [];
  const fetchPage = async (lastId: number | undefined) => {
    asked.push(lastId);
    return ids
      .filter((id) => lastId === undefined || id < lastId)
      .sort((a, b) => b - a)
      .slice(0, size)
      .map((id) => ({ id }));
  };
  return { fetchPage, asked };
}

const idOf = (r: Row) => r.id;

describe('collectAllPages: the whole chosen range, not only the loaded pages', () => {
  it('reads a range spanning several pages and keeps every row once, newest first', async () => {
    const ids = Array.from({ length: 23 }, (_, i) => 100 + i);
    const s = server(ids, 5);
    const progress: number[] = [];
    const rows = await collectAllPages(s.fetchPage, { idOf, pageSize: 5, onProgress: (n) => progress.push(n) });
    expect(rows.map((r) => r.id)).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(rows.map((r) => r.id)).size).toBe(23);
    expect(s.asked).toEqual([undefined, 118, 113, 108, 103]);
    expect(progress).toEqual([5, 10, 15, 20, 23]);
  });

  it('stops after a full last page when the next one is empty', async () => {
    const s = server([1, 2, 3, 4, 5, 6], 3);
    const rows = await collectAllPages(s.fetchPage, { idOf, pageSize: 3 });
    expect(rows.map((r) => r.id)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(s.asked).toEqual([undefined, 4, 1]);
  });

  it('keeps a row once when a page boundary repeats it', async () => {
    // A service whose last_id is inclusive sends the boundary row again.
    const ids = [9, 8, 7, 6, 5, 4, 3];
    const fetchPage = async (lastId: number | undefined) =>
      ids.filter((id) => lastId === undefined || id <= lastId).slice(0, 3).map((id) => ({ id }));
    const rows = await collectAllPages(fetchPage, { idOf, pageSize: 3 });
    expect(rows.map((r) => r.id)).toEqual([9, 8, 7, 6, 5, 4, 3]);
  });

  it('an empty range is no rows', async () => {
    const s = server([], 10);
    expect(await collectAllPages(s.fetchPage, { idOf, pageSize: 10 })).toEqual([]);
  });

  it('a failure mid-way rejects instead of returning the rows read so far', async () => {
    let calls = 0;
    const fetchPage = async (lastId: number | undefined) => {
      calls++;
      if (calls === 3) throw new Error('network down');
      return server([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3).fetchPage(lastId);
    };
    await expect(collectAllPages(fetchPage, { idOf, pageSize: 3 })).rejects.toThrow('network down');
  });

  it('a service that ignores last_id rejects instead of looping', async () => {
    const fetchPage = async () => [{ id: 3 }, { id: 2 }];
    await expect(collectAllPages(fetchPage, { idOf, pageSize: 2 })).rejects.toThrow(/same page/);
  });
});
