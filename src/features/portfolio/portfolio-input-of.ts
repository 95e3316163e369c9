import { dec } from '../../lib/decimal';
import type { Balance, FundingTransaction, Position, Trade } from '../../api/schemas';
import type { KnownMove, PortfolioInput } from '../../lib/portfolio/portfolio-input';
import type { LoggedTransfer } from '../../stores/transfer-log';

/** The asset PnL, fees and funding settle in on this exchange. */
export const SETTLEMENT_ASSET = 'DUSD';

/** A moment of this browser's clock (a query's `dataUpdatedAt`) on the exchange's clock (`serverNow`). */
export const onServerClock = (serverNow: () => number, localMs: number): number => localMs + (serverNow() - Date.now());

/**
 * What the figures are computed from, gathered from the page's sources: the history, the balance and
 * positions now, and the Cash ↔ Perps moves this browser logged for the account (into Perps +, out −).
 */
export function portfolioInputOf(o: {
  trades: readonly Trade[];
  funding: readonly FundingTransaction[];
  balance: Balance;
  /** Epoch ms (server time) the balance was read: its `pnl_freeze` counts the fills up to then. */
  balanceAt: number;
  positions: readonly Position[];
  transfers: readonly LoggedTransfer[];
  account: string;
  now: number;
}): PortfolioInput {
  const moves: KnownMove[] = o.transfers
    .filter((t) => t.account === o.account)
    .map((t) => (t.to === 'perps' ? { at: t.at, amount: t.amount, kind: 'transfer-in' } : { at: t.at, amount: `-${t.amount}`, kind: 'transfer-out' }));
  return {
    trades: o.trades,
    funding: o.funding,
    now: o.now,
    settlementAsset: SETTLEMENT_ASSET,
    balance: { equity: o.balance.equity, pnl_freeze: o.balance.pnl_freeze, pnl_24h: o.balance.pnl_24h, at: o.balanceAt },
    unrealizedPnl: o.balance.upnl,
    openPositions: o.positions.filter((p) => !dec(p.qty).isZero()).map((p) => ({ symbol: p.symbol, qty: p.qty, upnl: p.upnl })),
    moves,
  };
}
