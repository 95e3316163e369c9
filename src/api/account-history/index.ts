/**
 * The account's whole trade and funding history (issue 32 item 2), for the Portfolio page:
 * `useAccountHistory(account)` says how much is held; the rows are in the cache, read off the page
 * by `readCachedRows` (the portfolio worker). The rest is for tests, the bench and other tools.
 */
export { useAccountHistory, NEW_FILL_DEBOUNCE_MS, QUIET_REFRESH_MS, type AccountHistory } from './use-account-history';
export type { AccountHistoryState, HistoryProblem, HistoryProgress, HistoryStatus } from './history-state';
export type { MemoryRows } from './history-holdings';
export type { HistoryKind } from './history-kinds';
export { historyKey } from './history-store';
