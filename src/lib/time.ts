/** "HH:MM:SS" of a remaining duration, never negative: 3 725 000 ms → "01:02:05". */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

import { displayLocale, onDisplayLocaleChange } from './display-locale';

// One formatter for every clock cell: `toLocaleTimeString` builds a new one per call, which was the
// single biggest cost of painting the trades list under a busy tape. Rebuilt when the language changes.
const clockOf = (locale: string) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
let clockFormat = clockOf(displayLocale());
onDisplayLocaleChange(() => {
  clockFormat = clockOf(displayLocale());
});

/** Local wall-clock "HH:MM:SS" of an ISO time or ms timestamp. */
export function formatClock(time: string | number): string {
  const d = new Date(time);
  return Number.isNaN(d.getTime()) ? '—' : clockFormat.format(d);
}

/** Local "YYYY-MM-DD HH:MM:SS" of an ISO time. */
export function formatDateTime(time: string | number): string {
  const d = new Date(time);
  if (Number.isNaN(d.getTime())) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** A calendar day in the display language, short: "Nov 28" / "11月28日". */
export function formatShortDate(time: string | number): string {
  const d = new Date(time);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString(displayLocale(), { month: 'short', day: 'numeric' });
}

/** A moment in the display language, to the second (a session's or a withdrawal's deadline). */
export function formatMoment(time: string | number): string {
  const d = new Date(time);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString(displayLocale(), { hourCycle: 'h23' });
}

/**
 * Microseconds since the epoch of an ISO time, NaN if it is not one. The service stamps updates to
 * the microsecond ("…25.559151Z"); Date.parse keeps milliseconds, and two updates of one order in the
 * same millisecond must still compare in order.
 */
export function isoMicros(time: string): number {
  const m = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(.*)$/.exec(time);
  if (!m) return NaN;
  const seconds = Date.parse(`${m[1]}${m[3]}`);
  return seconds * 1000 + Number((m[2] ?? '').padEnd(6, '0').slice(0, 6));
}
