import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { notionalOf } from './margin.js';
import { buildSpec, DEFAULT_SYMBOLS } from './symbols.js';
import { takerSpendBound } from './taker-budget.js';
import { takerFillCostUnits } from '../../src/lib/order-lock';

// Matching skips the fill-by-fill margin charge of a taker whose budget covers takerSpendBound. That is
// only sound if no sequence of fills the order can make spends more than the bound: each fill is
// charged here exactly as matching.ts charges it (the part opening exposure after the opposite position,
// the taker fee of the whole fill, the loss against the mark of a price worse than it).

const fills = fc.array(fc.record({ lots: fc.integer({ min: 1, max: 50_000 }), at: fc.double({ min: 0, max: 1, noNaN: true }) }), { minLength: 1, maxLength: 12 });

describe('property: a taker spends at most takerSpendBound', () => {
  it.each(DEFAULT_SYMBOLS.map((cfg, i) => ({ symbol: cfg.symbol, spec: buildSpec(cfg, i) })))('on $symbol', ({ spec }) => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy', 'sell' as const),
        // Leverage 1 and no opposite position are the costliest cases: the bound must hold there too.
        fc.oneof(fc.constant(1), fc.integer({ min: 1, max: spec.cfg.maxLeverage })),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: -3000, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200_000 })),
        fills,
        (side, leverage, mark, limitBps, spreadBps, opposite, steps) => {
          const buy = side === 'buy';
          // The order's limit around the mark; fills lie between the limit and the best price on the
          // other side (buys: best ask ≤ fill ≤ limit; sells: limit ≤ fill ≤ best bid).
          const limit = Math.max(1, Math.round(mark * (1 + limitBps / 10_000)));
          const far = buy ? Math.max(1, Math.round(limit * (1 - spreadBps / 10_000))) : Math.round(limit * (1 + spreadBps / 10_000));
          const lo = buy ? far : limit;
          const hi = buy ? limit : far;
          const total = steps.reduce((n, f) => n + f.lots, 0);
          const bound = takerSpendBound(spec, total, hi, buy ? limit - mark : mark - limit);
          if (bound === undefined) return;
          let opp = opposite;
          let spent = 0n;
          for (const f of steps) {
            const price = lo + Math.floor(f.at * (hi - lo));
            const tl = BigInt(price * f.lots);
            const open = opp < f.lots ? f.lots - opp : 0;
            opp = Math.max(0, opp - f.lots);
            const adverse = buy ? price - mark : mark - price;
            spent += takerFillCostUnits(
              notionalOf(spec, price, open), leverage, tl * spec.takerFeeUnit, adverse > 0 ? notionalOf(spec, adverse, f.lots) : 0n,
            );
          }
          expect(spent <= bound).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('is refused (undefined) when the lots × ticks of the order leave the safe integers', () => {
    const spec = buildSpec(DEFAULT_SYMBOLS[0]!, 0);
    expect(takerSpendBound(spec, 2 ** 40, 2 ** 20, 0)).toBeUndefined();
  });
});
