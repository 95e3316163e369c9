/**
 * Which ids of a newest-first history are known to be held in full. A page asked with `last_id = L`
 * that comes back as ids r1 > … > rn proves every row with an id in [rn, L − 1] is one of them; the
 * page asked without `last_id` proves [rn, r1] as of that moment (newer rows may come later). A
 * short page proves there is nothing older: its range starts at the beginning (`low: null`).
 *
 * Kept as a short list of disjoint ranges so an interrupted walk (a reload, a closed tab) resumes
 * where it stopped and a later visit fetches only what is newer, without a gap in between.
 */
export interface IdRange {
  /** Lowest id of the range, or null when the range reaches back to the account's first row. */
  low: number | null;
  high: number;
}

const lowOf = (r: IdRange) => (r.low === null ? -Infinity : r.low);

/** The ranges with `add` merged in, sorted newest first, overlapping or adjacent ones joined. */
export function addRange(ranges: readonly IdRange[], add: IdRange): IdRange[] {
  const all = [...ranges, add].sort((a, b) => b.high - a.high);
  const out: IdRange[] = [];
  for (const r of all) {
    const last = out[out.length - 1];
    // Ids are integers: [5, 9] and [1, 4] leave nothing between them.
    if (last !== undefined && r.high >= lowOf(last) - 1) {
      if (lowOf(r) < lowOf(last)) last.low = r.low;
    } else {
      out.push({ ...r });
    }
  }
  return out;
}

/** The range holding `id`, if any. */
export function rangeHolding(ranges: readonly IdRange[], id: number): IdRange | undefined {
  return ranges.find((r) => id <= r.high && id >= lowOf(r));
}

/** True when the ranges are one, from the account's first row up: nothing older is left to fetch. */
export function reachesBeginning(ranges: readonly IdRange[]): boolean {
  return ranges.length === 1 && ranges[0]?.low === null;
}

/**
 * What one page proves, from the `last_id` it was asked with, the ids it brought and whether it was
 * the last page. Null when it proves nothing (an empty first page proves only "no rows yet", which
 * is `{ low: null, high: 0 }`).
 */
export function rangeOfPage(lastId: number | undefined, ids: readonly number[], lastPage: boolean): IdRange | null {
  let min = Infinity;
  let max = -Infinity;
  for (const id of ids) {
    if (id < min) min = id;
    if (id > max) max = id;
  }
  const high = lastId !== undefined ? lastId - 1 : ids.length > 0 ? max : 0;
  if (ids.length === 0 && !lastPage) return null;
  return { low: lastPage ? null : min, high };
}

/** Plain summary for the meta record and the page: newest id held, oldest reached, beginning reached. */
export function summarize(ranges: readonly IdRange[]): { newestId: number | null; oldestId: number | null; reachedBeginning: boolean } {
  const top = ranges[0];
  const bottom = ranges[ranges.length - 1];
  return {
    newestId: top === undefined ? null : top.high,
    oldestId: bottom === undefined ? null : bottom.low,
    reachedBeginning: reachesBeginning(ranges),
  };
}

/** A stored value is a usable range list (an old or damaged meta record is ignored, not trusted). */
export function isRangeList(v: unknown): v is IdRange[] {
  return (
    Array.isArray(v) &&
    v.every(
      (r: unknown) =>
        typeof r === 'object' &&
        r !== null &&
        Number.isSafeInteger((r as IdRange).high) &&
        ((r as IdRange).low === null || Number.isSafeInteger((r as IdRange).low)),
    )
  );
}
