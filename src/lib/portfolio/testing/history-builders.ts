// Small histories for the portfolio tests: trades and funding payments as the exchange sends them.
import type { HistoryFunding, HistoryTrade, PortfolioInput } from '../portfolio-input';

export const T0 = Date.parse('2026-11-01T00:00:00Z');
export const MIN = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

let tradeId = 0;
let fundingId = 0;

export function resetIds(): void {
  tradeId = 0;
  fundingId = 0;
}

export function fill(
  at: number,
  symbol: string,
  side: 'buy' | 'sell',
  qty: string,
  price: string,
  value: string,
  fee: string,
  pnl: string,
  feeAsset = 'DUSD',
): HistoryTrade {
  return { id: ++tradeId, symbol, side, qty, price, value, fee_qty: fee, fee_asset: feeAsset, pnl, created_at: iso(at) };
}

export function funding(at: number, symbol: string, qty: string): HistoryFunding {
  return { id: ++fundingId, symbol, qty, transact_time: iso(at) };
}

export function inputOf(trades: HistoryTrade[], payments: HistoryFunding[], over: Partial<PortfolioInput> = {}): PortfolioInput {
  return {
    trades, funding: payments, now: T0 + DAY, settlementAsset: 'DUSD',
    balance: { equity: '1000', pnl_freeze: '0' }, unrealizedPnl: '0', ...over,
  };
}

/**
 * The hand-checked history of the tests (BTC-USD and ETH-USD), minutes after T0:
 *  1 buy  1   BTC @100  value 100  fee 0.05      pnl 0      → long 1 (opens)
 *  2 buy  1   BTC @110  value 110  fee 0.055     pnl 0      → long 2, entry 105
 *  3 sell 0.5 BTC @120  value 60   fee 0.03      pnl 7.5    → long 1.5 (partial close: 0.5 × (120 − 105))
 *  4 sell 3   BTC @100  value 300  fee 0.15      pnl −7.5   → short 1.5 (flip: closes 1.5 × (100 − 105), opens 1.5)
 *  5 funding BTC −0.2 (paid)
 *  6 funding BTC +0.35 (received)
 *  7 buy 1.5  BTC @110  value 165  fee 0         pnl −15    → flat (liquidation at the bankruptcy price: 1.5 × (100 − 110), no fee)
 *  8 sell 2   ETH @50   value 100  fee 0.01 BNB  pnl 0      → short 2
 *  9 buy  2   ETH @45   value 90   fee 0.009 BNB pnl 10     → flat (2 × (50 − 45))
 */
export function handHistory(): { trades: HistoryTrade[]; funding: HistoryFunding[] } {
  resetIds();
  const m = (k: number) => T0 + k * MIN;
  return {
    trades: [
      fill(m(1), 'BTC-USD', 'buy', '1', '100', '100', '0.05', '0'),
      fill(m(2), 'BTC-USD', 'buy', '1', '110', '110', '0.055', '0'),
      fill(m(3), 'BTC-USD', 'sell', '0.5', '120', '60', '0.03', '7.5'),
      fill(m(4), 'BTC-USD', 'sell', '3', '100', '300', '0.15', '-7.5'),
      fill(m(7), 'BTC-USD', 'buy', '1.5', '110', '165', '0', '-15'),
      fill(m(8), 'ETH-USD', 'sell', '2', '50', '100', '0.01', '0', 'BNB'),
      fill(m(9), 'ETH-USD', 'buy', '2', '45', '90', '0.009', '10', 'BNB'),
    ],
    funding: [funding(m(5), 'BTC-USD', '-0.2'), funding(m(6), 'BTC-USD', '0.35')],
  };
}
