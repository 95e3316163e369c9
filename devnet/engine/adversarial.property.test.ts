import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Exchange } from './exchange.js';
import { DEFAULT_SYMBOLS } from './symbols.js';
import type { SymbolConfig } from './symbols.js';
import { A, B, C, D, T0, TEST_SYMBOLS } from '../test-support/engine-fixtures.js';

// Issue 13: random trading between adversarial accounts — quotes far from the mark, up to 40× leverage,
// thin books, isolated and cross, price gaps that liquidate — with an insurance fund small enough that
// auto-deleveraging happens. The audit of named accounts must hold after every single step.
const users = [A, B, C, D];
const sides = ['buy', 'sell'] as const;

const command = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant('far' as const), u: fc.nat(3), side: fc.constantFrom(...sides),
      lots: fc.integer({ min: 1, max: 400 }), reach: fc.integer({ min: 4, max: 999 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant('near' as const), u: fc.nat(3), side: fc.constantFrom(...sides),
      lots: fc.integer({ min: 1, max: 200 }), bps: fc.integer({ min: -15, max: 15 }), tif: fc.constantFrom('gtc', 'ioc', 'alo'),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant('take' as const), u: fc.nat(3), side: fc.constantFrom(...sides), lots: fc.integer({ min: 1, max: 600 }),
      ro: fc.boolean(), limitReach: fc.option(fc.integer({ min: 0, max: 999 })),
    }),
  },
  fc.record({ k: fc.constant('cancel' as const), u: fc.nat(3), pick: fc.nat(50) }),
  { weight: 3, arbitrary: fc.record({ k: fc.constant('lev' as const), u: fc.nat(3), lev: fc.constantFrom(1, 5, 0.5, 0.95, 1.0, 1.0) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('mode' as const), u: fc.nat(3), iso: fc.boolean() }) },
  fc.record({ k: fc.constant('margin' as const), u: fc.nat(3), amt: fc.integer({ min: -2000, max: 2000 }) }),
  fc.record({ k: fc.constant('spot' as const), u: fc.nat(3), amt: fc.integer({ min: 1, max: 20000 }) }),
  { weight: 4, arbitrary: fc.record({ k: fc.constant('price' as const), bps: fc.integer({ min: -800, max: 800 }) }) },
  fc.record({ k: fc.constant('advance' as const), secs: fc.integer({ min: 1, max: 120 }) }),
);

/** mark × (1 + bps/10 000) on the symbol's tick, as a string: prices never pass through a float. */
function priceAt(dp: number, mark: Decimal, bps: number): string {
  return mark.mul(new Decimal(10_000 + bps).div(10_000)).toDecimalPlaces(dp, Decimal.ROUND_HALF_EVEN).toFixed(dp);
}

const qty = (lots: number) => new Decimal(lots).div(1000).toFixed(3);

/** Leverage choice: 1× and 5× as such, fractions of the symbol's maximum otherwise. */
const leverageOf = (pick: number, max: number) => (pick >= 1 ? Math.min(pick, max) : Math.max(1, Math.round(pick * max)));

describe.each([
  { market: "the service's BTC-USD (±30 % band, up to 20×)", symbols: DEFAULT_SYMBOLS as SymbolConfig[] },
  { market: 'a tighter, higher-leverage BTC-USD (±5 % band, up to 40×)', symbols: TEST_SYMBOLS },
])('property: adversarial accounts on $market', ({ symbols }) => {
  it('the audit of named accounts holds after every step', () => {
    const seen = { fills: 0, liquidations: 0, adl: 0, steps: 0 };
    const btc = symbols[0] as SymbolConfig;
    const bandBps = new Decimal(btc.priceCapRatio).mul(10_000).toNumber();
    const maxLev = btc.maxLeverage;
    /** A point `reach`‰ of the way to the edge of the price band, in basis points. */
    const toBand = (reach: number) => Math.floor((bandBps * reach) / 1000);
    fc.assert(
      fc.property(fc.array(command, { minLength: 30, maxLength: 150 }), fc.boolean(), (cmds, makers) => {
        const ex = new Exchange({ startTime: T0, seed: 7, makers, indexWalk: false, historyDays: 0, insuranceFund: '300', symbols });
        users.forEach((u, i) => {
          ex.creditCash(u, ['2000', '20000', '200000', '5000'][i] as string, `f-${u}`);
          ex.transferToPerps(u, ['2000', '15000', '150000', '4000'][i] as string);
          ex.changeLeverage(u, 'BTC-USD', maxLev, T0);
        });
        let now = T0;
        for (const c of cmds) {
          now += 100;
          const p = ex.symbolPrice('BTC-USD');
          const mark = new Decimal(p.ok ? p.value.mark_price : '95000');
          const user = 'u' in c ? (users[c.u] as string) : '';
          switch (c.k) {
            case 'far': {
              // Buys far below, sells far above: the far side of the band, where a drain would want them.
              const bps = c.side === 'buy' ? -toBand(c.reach) : toBand(c.reach);
              ex.newOrder(user, { symbol: 'BTC-USD', side: c.side, order_type: 'limit', qty: qty(c.lots), price: priceAt(btc.priceDecimals, mark, bps), time_in_force: 'gtc', reduce_only: false }, now);
              break;
            }
            case 'near':
              ex.newOrder(user, { symbol: 'BTC-USD', side: c.side, order_type: 'limit', qty: qty(c.lots), price: priceAt(btc.priceDecimals, mark, c.bps), time_in_force: c.tif, reduce_only: false }, now);
              break;
            case 'take':
              if (c.limitReach === null) {
                ex.newOrder(user, { symbol: 'BTC-USD', side: c.side, order_type: 'market', qty: qty(c.lots), time_in_force: 'ioc', reduce_only: c.ro }, now);
              } else {
                const bps = c.side === 'buy' ? toBand(c.limitReach) : -toBand(c.limitReach);
                ex.newOrder(user, { symbol: 'BTC-USD', side: c.side, order_type: 'limit', qty: qty(c.lots), price: priceAt(btc.priceDecimals, mark, bps), time_in_force: 'ioc', reduce_only: c.ro }, now);
              }
              break;
            case 'cancel': {
              const open = ex.queryOpenOrders(user).result;
              const o = open[c.pick % Math.max(1, open.length)];
              if (o) ex.cancelOrder(user, { order_id: o.id }, now);
              break;
            }
            case 'lev':
              ex.changeLeverage(user, 'BTC-USD', leverageOf(c.lev, maxLev), now);
              break;
            case 'mode':
              ex.changeMarginMode(user, 'BTC-USD', c.iso ? 'isolated' : 'cross', now);
              break;
            case 'margin':
              ex.transferMargin(user, 'BTC-USD', String(c.amt), now);
              break;
            case 'spot':
              ex.transferToSpot(user, String(c.amt));
              break;
            case 'price':
              ex.setIndexPrice('BTC-USD', priceAt(btc.priceDecimals, mark, c.bps), now);
              break;
            case 'advance':
              now += c.secs * 1000;
              ex.advance(now);
              break;
          }
          seen.steps++;
          const report = ex.audit();
          if (!report.ok) throw new Error(`after ${JSON.stringify(c)}: ${report.detail}`);
        }
        for (const u of users) {
          seen.fills += ex.queryTrades(u).total;
          const orders = ex.queryOrders(u, { limit: 500 }).result;
          seen.liquidations += orders.filter((o) => o.source === 'liquidation').length;
          seen.adl += orders.filter((o) => o.source === 'adl').length;
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 100), seed: Number(process.env.PROPERTY_SEED ?? 132026) },
    );
    // The generator must reach what it is about, or the property proves little.
    expect(seen.fills).toBeGreaterThan(300);
    expect(seen.liquidations).toBeGreaterThan(5);
    expect(seen.adl).toBeGreaterThan(0);
    console.log(`adversarial property: ${seen.steps} steps audited, ${seen.fills} fills, ${seen.liquidations} liquidations, ${seen.adl} auto-deleveragings`);
  });
});
