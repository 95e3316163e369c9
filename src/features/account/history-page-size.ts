const KEY = 'perps:history-page-size';

/**
 * Rows per history page (and per page the CSV export reads): 100, the service's default, unless
 * this browser's localStorage says otherwise (1–500) — how a test makes a short range span pages.
 */
export function historyPageSize(): number {
  try {
    const n = Number(globalThis.localStorage?.getItem(KEY));
    return Number.isInteger(n) && n >= 1 && n <= 500 ? n : 100;
  } catch {
    return 100;
  }
}
