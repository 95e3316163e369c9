import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Exchange } from './exchange.js';
import { A, B, C, T0 } from '../test-support/engine-fixtures.js';

const users = [A, B, C];
const sides = ['buy', 'sell'] as const;

const rarely = fc.integer({ min: 0, max: 6 }).map((n) => n === 0);

const command = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant('limit' as const), u: fc.nat(2), side: fc.constantFrom(...sides), lots: fc.integer({ min: 1, max: 60 }),
      off: fc.integer({ min: -3000, max: 3000 }), tif: fc.constantFrom('gtc', 'ioc', 'alo'), ro: rarely,
      tp: fc.option(fc.integer({ min: 100, max: 4000 })), sl: fc.option(fc.integer({ min: 100, max: 4000 })),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ k: fc.constant('market' as const), u: fc.nat(2), side: fc.constantFrom(...sides), lots: fc.integer({ min: 1, max: 60 }), ro: rarely }),
  },
  fc.record({ k: fc.constant('cancel' as const), u: fc.nat(2), pick: fc.nat(50) }),
  fc.record({ k: fc.constant('lev' as const), u: fc.nat(2), lev: fc.noBias(fc.integer({ min: 1, max: 40 })) }),
  fc.record({ k: fc.constant('mode' as const), u: fc.nat(2), iso: fc.boolean() }),
  fc.record({ k: fc.constant('margin' as const), u: fc.nat(2), amt: fc.integer({ min: -500, max: 500 }) }),
  fc.record({ k: fc.constant('spot' as const), u: fc.nat(2), amt: fc.integer({ min: 1, max: 5000 }) }),
  { weight: 2, arbitrary: fc.record({ k: fc.constant('price' as const), move: fc.noBias(fc.integer({ min: -80000, max: 80000 })) }) },
  fc.record({ k: fc.constant('advance' as const), secs: fc.integer({ min: 1, max: 900 }) }),
);

describe('property: random order streams', () => {
  it('never break the money invariant nor make cash or perps-free negative', () => {
    const seen = { fills: 0, liquidations: 0 };
    fc.assert(
      fc.property(fc.array(command, { minLength: 20, maxLength: 120 }), fc.boolean(), (cmds, makers) => {
        const ex = new Exchange({ startTime: T0, seed: 3, makers, indexWalk: makers, historyDays: 0 });
        for (const u of users) {
          ex.creditCash(u, '3000', `f-${u}`);
          ex.transferToPerps(u, '600');
        }
        let now = T0;
        for (const c of cmds) {
          now += 100;
          const mark = ex.symbolPrice('BTC-USD');
          const m = mark.ok ? Math.round(Number(mark.value.mark_price)) : 95000;
          switch (c.k) {
            case 'limit': {
              const price = (m + c.off / 10).toFixed(1);
              const dir = c.side === 'buy' ? 1 : -1;
              ex.newOrder(users[c.u] as string, {
                symbol: 'BTC-USD', side: c.side, order_type: 'limit', qty: (c.lots / 1000).toFixed(3), price,
                time_in_force: c.tif, reduce_only: c.ro,
                tp_price: c.tp === null ? undefined : (Number(price) + dir * c.tp).toFixed(1),
                sl_price: c.sl === null ? undefined : (Number(price) - dir * c.sl).toFixed(1),
              }, now);
              break;
            }
            case 'market':
              ex.newOrder(users[c.u] as string, {
                symbol: 'BTC-USD', side: c.side, order_type: 'market', qty: (c.lots / 1000).toFixed(3), time_in_force: 'ioc', reduce_only: c.ro,
              }, now);
              break;
            case 'cancel': {
              const open = ex.queryOpenOrders(users[c.u] as string).result;
              const o = open[c.pick % Math.max(1, open.length)];
              if (o) ex.cancelOrder(users[c.u] as string, { order_id: o.id }, now);
              break;
            }
            case 'lev':
              ex.changeLeverage(users[c.u] as string, 'BTC-USD', c.lev, now);
              break;
            case 'mode':
              ex.changeMarginMode(users[c.u] as string, 'BTC-USD', c.iso ? 'isolated' : 'cross', now);
              break;
            case 'margin':
              ex.transferMargin(users[c.u] as string, 'BTC-USD', String(c.amt), now);
              break;
            case 'spot':
              ex.transferToSpot(users[c.u] as string, String(c.amt));
              break;
            case 'price':
              ex.setIndexPrice('BTC-USD', (m + c.move / 10).toFixed(1), now); // up to ±8%
              break;
            case 'advance':
              now += c.secs * 1000;
              ex.advance(now);
              break;
          }
          const inv = ex.moneyInvariant();
          if (!inv.ok) throw new Error(`${c.k}: ${inv.detail}`);
          for (const u of users) {
            const w = ex.wallets(u);
            expect(w.cash.free.startsWith('-')).toBe(false);
            expect(w.perps.free.startsWith('-')).toBe(false);
          }
        }
        for (const u of users) seen.fills += ex.queryTrades(u).total;
        for (const u of users) seen.liquidations += ex.queryOrders(u, { limit: 500 }).result.filter((o) => o.source === 'liquidation').length;
      }),
      { numRuns: 40, seed: 20250101 },
    );
    // The generator must actually reach fills and liquidations, or the property proves little.
    expect(seen.fills).toBeGreaterThan(100);
    expect(seen.liquidations).toBeGreaterThan(0);
  });
});
