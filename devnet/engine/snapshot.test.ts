import { describe, expect, it } from 'vitest';
import { Exchange } from './exchange.js';
import { Prng } from './prng.js';
import { A, B, C, D, expectInvariant, fund, limit, market, T0 } from '../test-support/engine-fixtures.js';
import type { NewOrderParams } from './validation.js';

/** A deterministic script of mixed commands against a live (makers on) exchange. */
function drive(ex: Exchange, seed: number, from: number, steps: number): void {
  const rng = new Prng(seed);
  const users = [A, B, C, D];
  for (let i = 0; i < steps; i++) {
    const now = from + i * 250;
    const u = users[rng.int(users.length)] as string;
    const r = rng.next();
    const side = rng.next() < 0.5 ? 'buy' : 'sell';
    const mark = ex.symbolPrice('BTC-USD');
    const m = mark.ok ? Number(mark.value.mark_price) : 95000;
    if (r < 0.45) {
      const px = (Math.round(m * 10) / 10 + (rng.int(200) - 100) / 10).toFixed(1);
      const p: NewOrderParams = limit(side, (0.001 * (1 + rng.int(50))).toFixed(3), px, {
        time_in_force: (['gtc', 'ioc', 'alo'] as const)[rng.int(3)],
      });
      if (rng.next() < 0.2) p.tp_price = (side === 'buy' ? Number(px) + 300 : Number(px) - 300).toFixed(1);
      ex.newOrder(u, p, now);
    } else if (r < 0.6) {
      ex.newOrder(u, market(side, (0.001 * (1 + rng.int(20))).toFixed(3), { reduce_only: rng.next() < 0.3 }), now);
    } else if (r < 0.7) {
      const open = ex.queryOpenOrders(u).result;
      const o = open[rng.int(Math.max(1, open.length))];
      if (o) ex.cancelOrder(u, { order_id: o.id }, now);
    } else if (r < 0.75) {
      ex.changeLeverage(u, 'BTC-USD', 1 + rng.int(40), now);
    } else if (r < 0.8) {
      ex.transferToSpot(u, '1');
    } else {
      ex.advance(now);
    }
    // Between commands, as the ledger does (a no-op where history text is not kept).
    ex.sealHistory();
  }
  ex.advance(from + steps * 250);
  ex.sealHistory();
}

function fresh(): Exchange {
  const ex = new Exchange({ startTime: T0, seed: 7, historyDays: 0.05 });
  for (const u of [A, B, C, D]) fund(ex, u, '50000');
  return ex;
}

describe('snapshot / restore', () => {
  it('is deterministic: same commands and times give the same state', () => {
    const a = fresh();
    const b = fresh();
    drive(a, 1, T0, 400);
    drive(b, 1, T0, 400);
    expect(a.snapshot()).toBe(b.snapshot());
    expectInvariant(a);
  });

  it('a restored exchange is identical and behaves identically', () => {
    const a = fresh();
    drive(a, 2, T0, 300);
    const snap = a.snapshot();
    const b = Exchange.restore(snap);
    expect(b.snapshot()).toBe(snap);
    drive(a, 3, T0 + 300 * 250, 300);
    drive(b, 3, T0 + 300 * 250, 300);
    expect(b.snapshot()).toBe(a.snapshot());
    expect(b.queryBalance(A)).toEqual(a.queryBalance(A));
    expect(b.queryOrders(B, { limit: 500 })).toEqual(a.queryOrders(B, { limit: 500 }));
    expect(b.depthBook('BTC-USD')).toEqual(a.depthBook('BTC-USD'));
    expect(b.klineHistory('BTC-USD', 0, (T0 + 200_000) / 1000, '1')).toEqual(a.klineHistory('BTC-USD', 0, (T0 + 200_000) / 1000, '1'));
    expectInvariant(b);
  });

  it('the text kept between snapshots (settled history, closed candles) is the state exactly', () => {
    const kept = fresh();
    kept.keepHistoryJson();
    const plain = fresh();
    for (const [seed, from] of [[4, T0], [5, T0 + 400 * 250]] as const) {
      drive(kept, seed, from, 400);
      drive(plain, seed, from, 400);
      expect(kept.snapshotChunks().join('')).toBe(plain.snapshot());
      // And it is the state itself, not an old picture of it: what restores from it answers as the live one.
      const back = Exchange.restore(kept.snapshot());
      const to = (from + 400 * 250) / 1000 + 60;
      for (const res of ['1', '60'] as const) expect(back.klineHistory('BTC-USD', 0, to, res)).toEqual(kept.klineHistory('BTC-USD', 0, to, res));
      for (const u of [A, B, C, D]) {
        expect(back.queryOrders(u, { limit: 500 })).toEqual(kept.queryOrders(u, { limit: 500 }));
        expect(back.queryTrades(u, { limit: 500 })).toEqual(kept.queryTrades(u, { limit: 500 }));
      }
    }
    // A restored exchange serialises what it loaded once and goes on from there.
    const restored = Exchange.restore(kept.snapshot());
    restored.keepHistoryJson();
    drive(restored, 6, T0 + 800 * 250, 400);
    drive(plain, 6, T0 + 800 * 250, 400);
    expect(restored.snapshot()).toBe(plain.snapshot());
    // The script covers orders changed after they were written: TP parents linked to children.
    expect(plain.snapshot()).toMatch(/"tp":\d+,"sl":0,"tpId":[1-9]/);
  });

  it('restore takes only runtime settings from the config', () => {
    const a = fresh();
    const b = Exchange.restore(a.snapshot(), { makers: false });
    b.advance(T0 + 2000);
    const d = b.depthBook('ETH-USD');
    expect(d.ok && d.value.asks.length + d.value.bids.length).toBe(0);
    expect(() => Exchange.restore('{"version":99}')).toThrow(/unsupported snapshot version/);
  });
});
