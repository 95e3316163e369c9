// Random histories for the portfolio's property tests (fast-check).
import fc from 'fast-check';
import { dec } from '../../decimal';
import type { HistoryFunding, HistoryTrade, PortfolioInput } from '../portfolio-input';
import { DAY, iso, T0 } from './history-builders';

export const NOW = T0 + 90 * DAY;

/** A decimal string with 0…18 fraction digits, |x| < 10^12. */
export const amount = (min = -(10n ** 24n), max = 10n ** 24n) =>
  fc.tuple(fc.bigInt({ min, max }), fc.integer({ min: 0, max: 18 })).map(([u, s]) => dec(u.toString()).div(dec(10).pow(s)).toFixed());

const when = fc.integer({ min: NOW - 60 * DAY, max: NOW });

const trade = fc.record({
  at: when,
  symbol: fc.constantFrom('BTC-USD', 'ETH-USD', 'SOL-USD'),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  qty: fc.tuple(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 3 })).map(([n, k]) => dec(n).div(10 ** k).toFixed()),
  value: amount(0n),
  fee: amount(0n, 10n ** 20n),
  feeAsset: fc.constantFrom('DUSD', 'DUSD', 'DUSD', 'BNB'),
  pnl: fc.oneof(fc.constant('0'), amount()),
});

const payment = fc.record({ at: when, symbol: fc.constantFrom('BTC-USD', 'ETH-USD', 'AVAX-USD'), qty: amount() });

/** Trades and funding each sorted by id with times rising (as the history cache gives them). */
export const history = fc
  .record({ trades: fc.array(trade, { maxLength: 80 }), funding: fc.array(payment, { maxLength: 30 }), unrealized: fc.oneof(fc.constant('0'), amount()) })
  .map(({ trades, funding, unrealized }): PortfolioInput => ({
    trades: [...trades].sort((a, b) => a.at - b.at).map((t, i): HistoryTrade => ({
      id: i + 1, symbol: t.symbol, side: t.side, qty: t.qty, price: '1', value: t.value, fee_asset: t.feeAsset, fee_qty: t.fee, pnl: t.pnl, created_at: iso(t.at),
    })),
    funding: [...funding].sort((a, b) => a.at - b.at).map((f, i): HistoryFunding => ({ id: i + 1, symbol: f.symbol, qty: f.qty, transact_time: iso(f.at) })),
    now: NOW,
    settlementAsset: 'DUSD',
    balance: { equity: '1000', pnl_freeze: '0' },
    unrealizedPnl: unrealized,
  }));
