/**
 * One history's rows in memory: each id once, in id order (oldest first), as the page reads them.
 * Adding rows makes a new array (React sees the change) in O(n + m): a 200-page backfill of
 * 100,000 rows re-sorts nothing.
 */
export class RowsById<T extends { id: number }> {
  private readonly ids = new Set<number>();
  private list: readonly T[] = [];

  get rows(): readonly T[] {
    return this.list;
  }

  get size(): number {
    return this.list.length;
  }

  /** Adds the rows not held yet; returns how many were new. A row seen again keeps its first copy. */
  add(rows: readonly T[]): number {
    const fresh: T[] = [];
    for (const r of rows) {
      if (this.ids.has(r.id)) continue;
      this.ids.add(r.id);
      fresh.push(r);
    }
    if (fresh.length === 0) return 0;
    fresh.sort((a, b) => a.id - b.id);
    const old = this.list;
    const first = fresh[0] as T;
    const last = fresh[fresh.length - 1] as T;
    if (old.length === 0 || first.id > (old[old.length - 1] as T).id) this.list = old.concat(fresh);
    else if (last.id < (old[0] as T).id) this.list = fresh.concat(old);
    else this.list = merge(old, fresh);
    return fresh.length;
  }
}

function merge<T extends { id: number }>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = new Array<T>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = (a[i] as T).id < (b[j] as T).id ? (a[i++] as T) : (b[j++] as T);
  while (i < a.length) out[k++] = a[i++] as T;
  while (j < b.length) out[k++] = b[j++] as T;
  return out;
}
