/**
 * The account's whole trade and funding history (issue 32 item 2), for the Portfolio page:
 * `useAccountHistory(account)`; the rest is for tests, the bench and other tools.
 */
export { useAccountHistory, NEW_FILL_DEBOUNCE_MS, QUIET_REFRESH_MS, type AccountHistory } from './use-account-history';
export type { AccountHistoryState, HistoryProblem, HistoryProgress, HistoryStatus } from './history-state';
export { historyKey } from './history-store';
