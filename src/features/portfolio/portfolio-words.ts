import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { HistoryProblem } from '../../api/account-history';
import type { AccountValueBasis } from '../../lib/portfolio/account-value';
import type { MarketColumn } from '../../lib/portfolio/market-figures';
import type { PnlWindow } from '../../lib/portfolio/portfolio-input';

export const WINDOW_LABEL: Record<PnlWindow, MessageDescriptor> = {
  '24h': msg`24 h`,
  '7d': msg`7 d`,
  '30d': msg`30 d`,
  all: msg`All`,
};

/** What went wrong reading the history, and what the page does about it. */
export const HISTORY_PROBLEM: Record<HistoryProblem, MessageDescriptor> = {
  'storage-unavailable': msg`This browser would not keep the history (private window or storage full): it is read again on every visit.`,
  'rate-limited': msg`The exchange asked us to slow down: waiting before the next page.`,
  'no-answer': msg`No answer from the exchange: the history is not complete.`,
  'signed-out': msg`Your session has ended: sign in again to read the history.`,
  'not-paging': msg`The exchange did not page the history as asked: the figures may miss older trades.`,
  'service-error': msg`The exchange refused a history request: the history is not complete.`,
};

/** What the account value curve includes, one sentence per code. */
export const VALUE_BASIS: Record<AccountValueBasis, MessageDescriptor> = {
  'last-point-is-equity-now': msg`The last point is your equity now, unrealized PnL included.`,
  'past-points-realized-only': msg`Earlier points are that equity walked back by realized PnL, fees and funding: past unrealized PnL is not known, so it is not in them.`,
  'known-moves-as-steps': msg`Transfers between Cash and Perps made in this browser are marked as steps; others are not known and shift the curve before them.`,
  'no-moves-known': msg`No transfer between Cash and Perps was made in this browser: any made elsewhere is not in the curve.`,
  'other-asset-fees-excluded': msg`Fees paid in another asset are not in this value.`,
  'history-starts-mid-position': msg`Some fills close a position the history does not show opening: older history is missing.`,
  'unknown-moves-likely': msg`Walked back, the value falls below zero: money came in that the app does not know of.`,
};

/** The per-market table's columns, in order. */
export const MARKET_COLUMNS: readonly { key: MarketColumn; label: MessageDescriptor }[] = [
  { key: 'symbol', label: msg({ message: 'Market', context: 'symbol' }) },
  { key: 'netPnl', label: msg`Net PnL` },
  { key: 'realizedPnl', label: msg`Realized PnL` },
  { key: 'fees', label: msg`Fees` },
  { key: 'fundingNet', label: msg`Funding` },
  { key: 'unrealizedPnl', label: msg`Unrealized PnL` },
  { key: 'volume', label: msg`Volume` },
  { key: 'trades', label: msg`Trades` },
  { key: 'winRate', label: msg`Win rate` },
  { key: 'averageWin', label: msg`Avg win` },
  { key: 'averageLoss', label: msg`Avg loss` },
  { key: 'maxDrawdown', label: msg`Max drawdown` },
];
