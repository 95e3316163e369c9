import { describe, expect, it } from 'vitest';
import { walkHistory, NotPagingError } from './history-walk';
import { Pacer } from './pacer';
import { idRows, pagedList } from './fake-history';
import type { IdRange } from './id-ranges';

const fast = () => new Pacer(10_000, 100);

async function walk(list: ReturnType<typeof pagedList<{ id: number }>>, ranges: IdRange[] = [], shortPageEnds = true, pageSize = 100) {
  const got: number[] = [];
  const r = await walkHistory({
    fetchPage: (last) => list.fetchPage(last, pageSize),
    idOf: (x) => x.id,
    ranges,
    onPage: (rows) => void got.push(...rows.map((x) => x.id)),
    pacer: fast(),
    pageSize,
    shortPageEnds,
  });
  return { ...r, got };
}

describe('a newest-first walk by last_id', () => {
  it('reads every row once, newest first, and ends at a short page', async () => {
    const list = pagedList(idRows(1, 250));
    const r = await walk(list);
    expect(r.got).toEqual(idRows(1, 250).map((x) => x.id).reverse());
    expect(list.calls).toEqual([undefined, 151, 51]);
    expect(r.ranges).toEqual([{ low: null, high: 250 }]);
  });

  it('where the page cap is unknown (funding) only an empty page ends it: a smaller cap cuts nothing', async () => {
    const list = pagedList(idRows(1, 250), { cap: 40 });
    const r = await walk(list, [], false);
    expect(new Set(r.got).size).toBe(250);
    expect(list.calls.length).toBe(8); // 7 pages of ≤ 40, then the empty one
  });

  it('with the cache complete, a later visit asks for the newest page only and takes what is new', async () => {
    const list = pagedList(idRows(1, 260));
    const r = await walk(list, [{ low: null, high: 250 }]);
    expect(list.calls).toEqual([undefined]);
    expect(r.ranges).toEqual([{ low: null, high: 260 }]);
  });

  it('more new rows than a page: walks down to the cache, jumps over it, and finishes an unfinished backfill', async () => {
    const list = pagedList(idRows(1, 1000));
    // Cached: 400..700 (a first visit stopped there, and 300 rows arrived since).
    const r = await walk(list, [{ low: 400, high: 700 }]);
    expect(list.calls).toEqual([undefined, 901, 801, 400, 300, 200, 100]); // 800..701 meets the cache: jump to 400
    expect(r.got.filter((id) => id >= 400 && id <= 700)).toEqual([]);
    expect(r.ranges).toEqual([{ low: null, high: 1000 }]);
  });

  it('refuses a service that ignores last_id rather than loop or call a part the whole', async () => {
    const rows = idRows(1, 300);
    await expect(
      walkHistory({
        fetchPage: () => Promise.resolve(rows.slice(0, 100)),
        idOf: (x) => x.id,
        ranges: [],
        onPage: () => undefined,
        pacer: fast(),
        pageSize: 100,
        shortPageEnds: true,
      }),
    ).rejects.toBeInstanceOf(NotPagingError);
  });

  it('stops when aborted, and what it proved so far lets the next walk resume', async () => {
    const list = pagedList(idRows(1, 1000));
    const abort = new AbortController();
    let ranges: IdRange[] = [];
    await expect(
      walkHistory({
        fetchPage: (last) => list.fetchPage(last, 100),
        idOf: (x) => x.id,
        ranges: [],
        onPage: (_rows, r) => {
          ranges = r;
          if (r[0] && r[0].low !== null && r[0].low <= 701) abort.abort(new Error('closed'));
        },
        pacer: fast(),
        pageSize: 100,
        shortPageEnds: true,
        signal: abort.signal,
      }),
    ).rejects.toThrow('closed');
    expect(ranges).toEqual([{ low: 701, high: 1000 }]);
    const next = pagedList(list.rows);
    await walk(next, ranges);
    expect(next.calls).toEqual([undefined, 701, 601, 501, 401, 301, 201, 101, 1]);
  });
});
