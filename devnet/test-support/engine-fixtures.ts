// Shared fixtures for the engine tests and the contract tests that drive an engine directly. They use
// only the engine's facade (devnet/engine/index.ts), like the service does.
import { DEFAULT_SYMBOLS, Exchange } from '../engine/index.js';
import type { ExchangeConfig, ExchangeEvent, NewOrderParams, Order, SymbolConfig } from '../engine/index.js';

export const T0 = Date.UTC(2025, 0, 1);

/**
 * The BTC-USD the hand-checked engine tests are written against: price tick 0.1, price band ±5 %,
 * up to 40× (mmr 1.25 %), 200 open orders, max position 200. The formulas do not depend on these
 * numbers; the service's own BTC-USD (DEFAULT_SYMBOLS, the public docs' sample) is tested in
 * market-data.test.ts and validation.test.ts.
 */
export const TEST_BTC: SymbolConfig = {
  ...(DEFAULT_SYMBOLS[0] as SymbolConfig),
  priceDecimals: 1, depthTicks: '0.1,1,10,100', maxLeverage: 40, maxOpenOrders: 200, maxPositionSize: '200',
  priceCapRatio: '0.05', priceFloorRatio: '0.05',
};
export const TEST_SYMBOLS: SymbolConfig[] = [TEST_BTC, ...DEFAULT_SYMBOLS.slice(1)];

/** A quiet exchange: no makers, no random walk, no synthetic candles: every number is hand-checkable. */
export function quiet(extra: ExchangeConfig = {}): Exchange {
  return new Exchange({ startTime: T0, makers: false, indexWalk: false, historyDays: 0, symbols: TEST_SYMBOLS, ...extra });
}

const fundings = new WeakMap<Exchange, number>();

export function fund(ex: Exchange, user: string, amount: string): void {
  const n = (fundings.get(ex) ?? 0) + 1;
  fundings.set(ex, n);
  const r1 = ex.creditCash(user, amount, `fund-${n}`);
  if (!r1.ok) throw new Error(r1.message);
  const r2 = ex.transferToPerps(user, amount);
  if (!r2.ok) throw new Error(r2.message);
}

export function limit(side: 'buy' | 'sell', qty: string, price: string, extra: Partial<NewOrderParams> = {}): NewOrderParams {
  return { symbol: 'BTC-USD', side, order_type: 'limit', qty, price, time_in_force: 'gtc', reduce_only: false, ...extra };
}

export function market(side: 'buy' | 'sell', qty: string, extra: Partial<NewOrderParams> = {}): NewOrderParams {
  return { symbol: 'BTC-USD', side, order_type: 'market', qty, time_in_force: 'ioc', reduce_only: false, ...extra };
}

export function place(ex: Exchange, user: string, p: NewOrderParams, now = T0): number {
  const r = ex.newOrder(user, p, now);
  if (!r.ok) throw new Error(`order refused: ${r.message}`);
  return r.value.orderId;
}

export function order(ex: Exchange, user: string, id: number): Order {
  const r = ex.queryOrder(user, { order_id: id });
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

export function record(ex: Exchange): ExchangeEvent[] {
  const events: ExchangeEvent[] = [];
  ex.on((e) => events.push(e));
  return events;
}

export function expectInvariant(ex: Exchange): void {
  const inv = ex.moneyInvariant();
  if (!inv.ok) throw new Error(`money invariant broken: ${inv.detail}`);
}

export const A = 'bsc_0xaaaa000000000000000000000000000000000001';
export const B = 'bsc_0xbbbb000000000000000000000000000000000002';
export const C = 'bsc_0xcccc000000000000000000000000000000000003';
export const D = 'solana_DdddDddd1111111111111111111111111111111';
