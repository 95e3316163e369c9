/** One page of a newest-first list, asked for with the id of the last row already held. */
export type FetchPage<T> = (lastId: number | undefined) => Promise<readonly T[]>;

export interface CollectOptions<T> {
  /** The row's id: `last_id` pages on it (the next page holds ids below it). */
  idOf: (row: T) => number;
  /** The page size asked for: a shorter page is the last one. */
  pageSize: number;
  /** Rows collected so far, after every page (for a progress line). */
  onProgress?: (rows: number) => void;
  /** Aborting stops before the next page and rejects. */
  signal?: AbortSignal;
}

/**
 * Every row of a range, page by page (last_id = the smallest id held), until a page comes back
 * short. A row seen on two pages is kept once. A page that brings nothing new below the last id
 * means the service is not paging: that rejects, rather than returning a part as the whole.
 */
export async function collectAllPages<T>(fetchPage: FetchPage<T>, o: CollectOptions<T>): Promise<T[]> {
  const rows: T[] = [];
  const seen = new Set<number>();
  let lastId: number | undefined;
  for (;;) {
    if (o.signal?.aborted) throw new Error('export canceled');
    const page = await fetchPage(lastId);
    let lowest = lastId;
    for (const row of page) {
      const id = o.idOf(row);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(row);
      if (lowest === undefined || id < lowest) lowest = id;
    }
    o.onProgress?.(rows.length);
    if (page.length < o.pageSize) return rows;
    if (lowest === lastId) throw new Error(`the service sent the same page again after id ${lastId ?? 'none'}: not every row could be read`);
    lastId = lowest;
  }
}
