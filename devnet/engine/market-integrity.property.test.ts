import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYMBOLS, Exchange } from './index.js';
import type { SymbolConfig } from './index.js';
import { A, B, C, T0 } from '../test-support/engine-fixtures.js';

// decisions.md "Market integrity in the devnet": whatever three accounts do to the book — sweep a
// side, rest orders far away, cancel them within the second — the mark is the median of
// index + basis, the book's own price and the index, so it lies between the index and index + basis,
// and the basis (a 150 s average of the clamped book premium) moves at most α × 2 × cap a second.
// From a zero basis, after N seconds |mark − index| ≤ cap × (1 − (1 − α)^N).
const BTC = DEFAULT_SYMBOLS[0] as SymbolConfig;
const users = [A, B, C];
const sides = ['buy', 'sell'] as const;
const ALPHA = new Decimal(1).div(150);
const TICK = new Decimal('0.01');

const action = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant('sweep' as const), u: fc.nat(2), side: fc.constantFrom(...sides), lots: fc.integer({ min: 500, max: 25_000 }),
      bps: fc.integer({ min: 5, max: 400 }), tif: fc.constantFrom('gtc', 'ioc'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('far' as const), u: fc.nat(2), side: fc.constantFrom(...sides), lots: fc.integer({ min: 1, max: 10_000 }),
      bps: fc.integer({ min: 20, max: 2_900 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('near' as const), u: fc.nat(2), side: fc.constantFrom(...sides), lots: fc.integer({ min: 1, max: 5_000 }),
      bps: fc.integer({ min: -80, max: 80 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('cancel' as const), u: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('ms' as const), ms: fc.integer({ min: 1, max: 999 }) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('tick' as const), secs: fc.integer({ min: 1, max: 4 }) }) },
);

function prices(ex: Exchange): { index: Decimal; mark: Decimal; basis: Decimal } {
  const p = ex.symbolPrice('BTC-USD');
  const b = ex.markBasis('BTC-USD');
  if (!p.ok || !b.ok) throw new Error('BTC-USD');
  return { index: new Decimal(p.value.index_price), mark: new Decimal(p.value.mark_price), basis: new Decimal(b.value) };
}

/** `ref` × (1 + bps / 10 000) on the 0.01 tick, as a string. */
const at = (ref: Decimal, bps: number) => ref.mul(10_000 + bps).div(10_000).toDecimalPlaces(2).toFixed(2);
const qty = (lots: number) => new Decimal(lots).div(1000).toFixed(3);

// With the makers on they take what crosses their grid every second, so the book they leave is near
// the index; with them off the three accounts are the whole book and the samples reach the cap.
describe.each([
  { book: 'with the makers quoting', makers: true },
  { book: 'with only the three accounts in the book', makers: false },
])('property: market integrity under adversarial book manipulation, $book', ({ makers }) => {
  it('the mark stays between index and index + basis, and the basis moves at most α × 2 × cap a second', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 40 }), (actions) => {
        const ex = new Exchange({ startTime: T0, indexWalk: false, historyDays: 0, symbols: [BTC], makers });
        for (const [i, u] of users.entries()) {
          ex.creditCash(u, '100000000', `p-${i}`);
          ex.transferToPerps(u, '100000000');
        }
        ex.advance(T0 + 2_000);
        // A calm start: the operator's index set zeroes the basis.
        expect(ex.setIndexPrice('BTC-USD', '95000', T0 + 2_000).ok).toBe(true);
        let now = T0 + 2_000;
        let seconds = 0;
        let prev = prices(ex);
        expect(prev.mark.eq(prev.index)).toBe(true);
        expect(prev.basis.isZero()).toBe(true);
        const cap = prev.index.mul(50).div(10_000);
        const check = () => {
          const p = prices(ex);
          expect(p.index.eq(prev.index)).toBe(true);
          const lo = Decimal.min(p.index, p.index.add(p.basis)).sub(TICK.div(2));
          const hi = Decimal.max(p.index, p.index.add(p.basis)).add(TICK.div(2));
          expect(p.mark.gte(lo) && p.mark.lte(hi), `mark ${p.mark} outside [${lo}, ${hi}]`).toBe(true);
          expect(p.basis.sub(prev.basis).abs().lte(ALPHA.mul(2).mul(cap).add('1e-17'))).toBe(true);
          const bound = cap.mul(new Decimal(1).sub(new Decimal(1).sub(ALPHA).pow(seconds))).add(TICK);
          expect(p.mark.sub(p.index).abs().lte(bound), `|mark − index| ${p.mark.sub(p.index)} > ${bound} after ${seconds} s`).toBe(true);
          prev = p;
        };
        for (const a of actions) {
          const u = users[a.k === 'ms' || a.k === 'tick' ? 0 : a.u] as string;
          if (a.k === 'near') {
            ex.newOrder(u, {
              symbol: 'BTC-USD', side: a.side, order_type: 'limit', qty: qty(a.lots), price: at(prev.index, a.bps),
              time_in_force: 'gtc', reduce_only: false,
            }, now);
          } else if (a.k === 'sweep' || a.k === 'far') {
            const sign = a.side === 'buy' ? 1 : -1;
            const price = at(prev.index, sign * (a.k === 'sweep' ? a.bps : -a.bps));
            ex.newOrder(u, {
              symbol: 'BTC-USD', side: a.side, order_type: 'limit', qty: qty(a.lots), price,
              time_in_force: a.k === 'sweep' ? a.tif : 'gtc', reduce_only: false,
            }, now);
          } else if (a.k === 'cancel') {
            const ids = ex.queryOpenOrders(u).result.filter((o) => o.status === 'open').map((o) => o.id);
            if (ids.length > 0) ex.cancelOrders(u, { order_id_list: ids }, now);
          } else if (a.k === 'ms') {
            now = Math.min(now + a.ms, (Math.floor(now / 1000) + 1) * 1000 - 1);
          } else {
            for (let i = 0; i < a.secs; i++) {
              now = (Math.floor(now / 1000) + 1) * 1000;
              ex.advance(now);
              seconds++;
              check();
            }
          }
        }
        // The basis is state: a restored copy goes on exactly as the original.
        const copy = Exchange.restore(ex.snapshot());
        for (let i = 0; i < 3; i++) {
          now = (Math.floor(now / 1000) + 1) * 1000;
          ex.advance(now);
          copy.advance(now);
          expect(copy.symbolPrice('BTC-USD')).toEqual(ex.symbolPrice('BTC-USD'));
          expect(copy.markBasis('BTC-USD')).toEqual(ex.markBasis('BTC-USD'));
        }
      }),
      { numRuns: 60, seed: 27 },
    );
  });
});
