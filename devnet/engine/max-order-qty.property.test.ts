import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, type Dec } from '../../src/lib/decimal';
import { availableMargin, maxOrderQty, type MaxOrderLimit } from '../../src/lib/max-order-qty';
import { Exchange } from './exchange.js';
import { DEFAULT_SYMBOLS } from './symbols.js';
import type { SymbolConfig } from './symbols.js';
import type { NewOrderParams } from './validation.js';
import { A, B, T0, TEST_SYMBOLS } from '../test-support/engine-fixtures.js';

// Issue 16 #5: the app's maximum order size (src/lib/max-order-qty, the "100 %" of the order form) is
// exactly what the exchange accepts — over random accounts, positions and books the maximum is
// accepted and one qty tick more is refused, with the reason the app named (margin above all).

/** mark × (1 + bps/10 000) on the tick. */
const priceAt = (mark: Dec, bps: number, dp: number): string => mark.mul(10_000 + bps).div(10_000).toDecimalPlaces(dp).toFixed(dp);

const refusal: Record<Exclude<MaxOrderLimit, 'below_minimum'>, string> = {
  margin: 'insufficient available margin',
  max_order_qty: 'qty is above max_order_qty',
  position_limit: 'resulting position would exceed max_position_size',
};

const scenario = fc.record({
  cash: fc.integer({ min: 20, max: 3_000_000 }),
  levPick: fc.double({ min: 0, max: 1, noNaN: true }),
  isolated: fc.boolean(),
  // The position before the order: lots, signed.
  posLots: fc.oneof(fc.constant(0), fc.integer({ min: -5_000, max: 5_000 }), fc.integer({ min: -200_000, max: 200_000 })),
  // The mark moves after the position opened (upnl counts in cross_available).
  moveBps: fc.integer({ min: -300, max: 300 }),
  // Resting orders of the trader's own (they hold a lock).
  ownRest: fc.array(fc.record({ side: fc.constantFrom('buy', 'sell' as const), lots: fc.integer({ min: 1, max: 5000 }), bps: fc.integer({ min: 20, max: 400 }) }), { maxLength: 3 }),
  side: fc.constantFrom('buy', 'sell' as const),
  kind: fc.constantFrom('limit gtc', 'limit alo', 'limit ioc', 'market', 'market with price'),
  bps: fc.integer({ min: -400, max: 400 }),
});

describe.each([
  { market: "the service's BTC-USD", symbols: DEFAULT_SYMBOLS as SymbolConfig[] },
  { market: 'a 40× BTC-USD with a 200 BTC position limit', symbols: TEST_SYMBOLS },
])('property: the maximum order size on $market', ({ symbols }) => {
  it('is accepted by the exchange and one qty tick more is refused', () => {
    const cfg = symbols[0] as SymbolConfig;
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(scenario, (sc) => {
        const ex = new Exchange({ startTime: T0, makers: false, indexWalk: false, historyDays: 0, symbols });
        const now = T0 + 1000;
        const sym = cfg.symbol;
        const dp = cfg.priceDecimals;
        const tick = dec(1).div(dec(10).pow(cfg.qtyDecimals));
        const lots = (n: number) => tick.mul(n).toFixed();
        // B is a deep-pocketed counterparty and keeps a book on both sides.
        ex.creditCash(B, '1000000000', 'fund-b');
        ex.transferToPerps(B, '1000000000');
        ex.creditCash(A, String(sc.cash), 'fund-a');
        ex.transferToPerps(A, String(sc.cash));
        if (sc.isolated) ex.changeMarginMode(A, sym, 'isolated', T0);
        ex.changeLeverage(A, sym, Math.max(1, Math.round(sc.levPick * cfg.maxLeverage)), T0);
        const mark0 = dec(ex.symbolPrice(sym).ok ? (ex.symbolPrice(sym) as { value: { mark_price: string } }).value.mark_price : cfg.startPrice);
        const posLots = Math.max(-Number(dec(cfg.maxPositionSize).div(tick)), Math.min(Number(dec(cfg.maxPositionSize).div(tick)), sc.posLots));
        if (posLots !== 0) {
          const side = posLots > 0 ? 'buy' : 'sell';
          const q = lots(Math.abs(posLots));
          ex.newOrder(B, { symbol: sym, side: side === 'buy' ? 'sell' : 'buy', order_type: 'limit', qty: q, price: mark0.toFixed(), time_in_force: 'gtc', reduce_only: false }, now);
          ex.newOrder(A, { symbol: sym, side, order_type: 'limit', qty: q, price: mark0.toFixed(), time_in_force: 'ioc', reduce_only: false }, now);
          ex.cancelOrders(B, { order_id_list: ex.queryOpenOrders(B).result.map((o) => o.id) }, now);
        }
        ex.setIndexPrice(sym, priceAt(mark0, sc.moveBps, dp), now);
        const mark = dec((ex.symbolPrice(sym) as { value: { mark_price: string } }).value.mark_price);
        // A book for the orders to meet, one tick and one basis point from the mark (a fill there is
        // within what the lock's safety margin covers), deep enough for any order.
        const tickP = dec(1).div(dec(10).pow(dp));
        for (const [side, sign] of [['sell', 1], ['buy', -1]] as const) {
          const near = mark.plus(tickP.mul(sign)).toFixed();
          ex.newOrder(B, { symbol: sym, side, order_type: 'limit', qty: lots(3000), price: near, time_in_force: 'gtc', reduce_only: false }, now);
          ex.newOrder(B, { symbol: sym, side, order_type: 'limit', qty: cfg.maxOrderQty, price: priceAt(mark, sign, dp), time_in_force: 'gtc', reduce_only: false }, now);
        }
        for (const r of sc.ownRest) {
          const bps = r.side === 'buy' ? -r.bps : r.bps;
          ex.newOrder(A, { symbol: sym, side: r.side, order_type: 'limit', qty: lots(r.lots), price: priceAt(mark, bps, dp), time_in_force: 'gtc', reduce_only: false }, now);
        }

        const bal = ex.queryBalance(A);
        const pos = ex.queryPositions(A, sym)[0];
        const positionQty = pos === undefined ? dec(0) : dec(pos.qty);
        const posCfg = ex.queryPositionConfig(A, sym);
        if (!posCfg.ok) throw new Error(posCfg.message);
        const [type, tifOrPrice] = sc.kind.split(' ') as ['limit' | 'market', string | undefined];
        const tif = type === 'market' ? 'ioc' : (tifOrPrice as 'gtc' | 'alo' | 'ioc');
        const price = priceAt(mark, sc.bps, dp);
        const max = maxOrderQty({
          side: sc.side, orderType: type, timeInForce: tif, limitPrice: type === 'limit' ? dec(price) : undefined, markPrice: mark,
          availableMargin: availableMargin(bal, posCfg.value.margin_mode as 'cross' | 'isolated'), leverage: posCfg.value.leverage,
          takerFee: cfg.takerFee, positionQty, qtyTick: tick, minOrderQty: cfg.minOrderQty, maxOrderQty: cfg.maxOrderQty,
          maxPositionSize: cfg.maxPositionSize,
        });
        seen.set(max.limitedBy, (seen.get(max.limitedBy) ?? 0) + 1);
        if (!positionQty.isZero()) seen.set('with a position', (seen.get('with a position') ?? 0) + 1);
        const orderOf = (qty: Dec): NewOrderParams => ({
          symbol: sym, side: sc.side, order_type: type, qty: qty.toFixed(), time_in_force: tif, reduce_only: false,
          ...(type === 'limit' || tifOrPrice === 'with' ? { price } : {}),
        });
        if (max.limitedBy === 'below_minimum') {
          const r = ex.newOrder(A, orderOf(dec(cfg.minOrderQty)), now);
          expect(r.ok).toBe(false);
          return;
        }
        const more = ex.newOrder(A, orderOf(max.qty.plus(tick)), now);
        expect(more.ok ? 'accepted' : more.message).toContain(refusal[max.limitedBy]);
        const r = ex.newOrder(A, orderOf(max.qty), now);
        expect(r.ok ? 'accepted' : r.message).toBe('accepted');
        // And it runs to its end: a taker at the maximum is not stopped for margin by fills a little
        // worse than the price it was checked at — that is what the lock's safety margin is for.
        // (A sell limit priced through the book fills higher than its limit, which needs more margin than
        // its lock at the limit: the exchange rightly stops it; that case is left out here.)
        if (r.ok && (type === 'market' || sc.side === 'buy')) {
          const placed = ex.queryOrder(A, { order_id: r.value.orderId });
          expect(placed.ok && placed.value.remark).not.toBe('insufficient margin');
          if (type === 'market' && placed.ok) seen.set('market filled', (seen.get('market filled') ?? 0) + (placed.value.status === 'filled' ? 1 : 0));
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 150), seed: Number(process.env.PROPERTY_SEED ?? 162026) },
    );
    // The generator must reach the margin limit often, and the other limits at all.
    expect(seen.get('margin') ?? 0).toBeGreaterThan(50);
    expect(seen.get('with a position') ?? 0).toBeGreaterThan(30);
    expect(seen.get('market filled') ?? 0).toBeGreaterThan(20);
    console.log(`max order size property (${cfg.symbol}): ${JSON.stringify(Object.fromEntries(seen))}`);
  });
});
