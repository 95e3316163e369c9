/** A history range as the trader picks it: local calendar days, either end open ('' = no bound). */
export interface DayRange {
  from: string;
  to: string;
}

/** What is wrong with a picked range (the words are the view's: features/account/date-range-words.ts). */
export type RangeProblem = 'from-not-a-date' | 'to-not-a-date' | 'from-after-to';

export type RangeBounds = { start?: string; end?: string } | { error: RangeProblem };

/** 'YYYY-MM-DD' → that local day's first millisecond (null when not a date). */
function localDayStart(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * The query's start/end (ISO 8601) of a day range: start = the first day's local midnight, end = the
 * last millisecond of the last day (the day the trader picks is included whole).
 */
export function rangeBounds(r: DayRange): RangeBounds {
  const from = r.from ? localDayStart(r.from) : undefined;
  const to = r.to ? localDayStart(r.to) : undefined;
  if (from === null) return { error: 'from-not-a-date' };
  if (to === null) return { error: 'to-not-a-date' };
  if (from && to && from > to) return { error: 'from-after-to' };
  const end = to ? new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1).getTime() - 1 : undefined;
  return { ...(from ? { start: from.toISOString() } : {}), ...(end !== undefined ? { end: new Date(end).toISOString() } : {}) };
}

/** A local 'YYYY-MM-DD' of a time, for a date input. */
export function localDay(time: number | Date): string {
  const d = new Date(time);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
