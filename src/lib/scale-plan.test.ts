import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, fitsDecimals, type Dec } from './decimal';
import { planScale, scalePriceTicks, splitLots, type ScalePlanInput } from './scale-plan';

const btc = (over: Partial<ScalePlanInput> = {}): ScalePlanInput => ({
  side: 'buy',
  from: dec('95000'),
  to: dec('94000'),
  count: 5,
  total: dec('0.05'),
  distribution: 'even',
  priceDecimals: 2,
  qtyDecimals: 3,
  minQty: '0.001',
  maxQty: '100',
  ...over,
});

const plain = (r: ReturnType<typeof planScale>): (string[] | object)[] => (r.ok ? r.children.map((c) => [c.price.toFixed(), c.qty.toFixed()]) : r.problems);
/** The sizes (or prices) of a plan that must have children. */
const column = (r: ReturnType<typeof planScale>, k: 0 | 1) => (r.ok ? r.children.map((c) => (k === 0 ? c.price : c.qty).toFixed()) : r.problems);
const sum = (xs: Dec[]) => xs.reduce((a, b) => a.plus(b), dec(0));

describe('planScale', () => {
  it('spreads 5 even children from 95,000 to 94,000', () => {
    expect(plain(planScale(btc()))).toEqual([
      ['95000', '0.01'],
      ['94750', '0.01'],
      ['94500', '0.01'],
      ['94250', '0.01'],
      ['94000', '0.01'],
    ]);
  });

  it('weights sizes 1..n (increasing) and n..1 (decreasing), from the `from` end', () => {
    expect(column(planScale(btc({ total: dec('0.15'), distribution: 'increasing' })), 1)).toEqual(['0.01', '0.02', '0.03', '0.04', '0.05']);
    expect(column(planScale(btc({ total: dec('0.15'), distribution: 'decreasing' })), 1)).toEqual(['0.05', '0.04', '0.03', '0.02', '0.01']);
  });

  it('gives the lots left over one each, so the sum is the total exactly', () => {
    // 0.011 in 3: 4 + 4 + 3 lots (ties go to the earlier children).
    const r = planScale(btc({ count: 3, total: dec('0.011') }));
    expect(column(r, 1)).toEqual(['0.004', '0.004', '0.003']);
  });

  it('rounds an interior price down for a buy and up for a sell (away from the market)', () => {
    // 100.00 → 100.10 in 4 steps of 0.0333…: buy 100.03 / 100.06, sell 100.04 / 100.07.
    const buy = planScale(btc({ from: dec('100'), to: dec('100.1'), count: 4, total: dec('0.004') }));
    const sell = planScale(btc({ side: 'sell', from: dec('100'), to: dec('100.1'), count: 4, total: dec('0.004') }));
    expect(column(buy, 0)).toEqual(['100', '100.03', '100.06', '100.1']);
    expect(column(sell, 0)).toEqual(['100', '100.04', '100.07', '100.1']);
  });

  it('says prices collide when fewer ticks than children lie between from and to', () => {
    expect(plain(planScale(btc({ from: dec('100'), to: dec('100.03'), count: 5 })))).toEqual([{ code: 'prices-collide', maxCount: 4 }]);
    expect(plain(planScale(btc({ from: dec('100'), to: dec('100'), count: 2 })))).toEqual([{ code: 'prices-collide', maxCount: 1 }]);
    expect(planScale(btc({ from: dec('100'), to: dec('100.04'), count: 5 })).ok).toBe(true);
  });

  it('refuses a count under 2 or not whole', () => {
    expect(plain(planScale(btc({ count: 1 })))).toEqual([{ code: 'count-below-2' }]);
    expect(plain(planScale(btc({ count: 2.5 })))).toEqual([{ code: 'count-below-2' }]);
  });

  it('refuses prices off the tick or not above 0, naming which', () => {
    expect(plain(planScale(btc({ from: dec('95000.001') })))).toEqual([{ code: 'price-off-tick', which: 'from' }]);
    expect(plain(planScale(btc({ to: dec('0') })))).toEqual([{ code: 'price-off-tick', which: 'to' }]);
  });

  it('refuses a total off the lot or not above 0', () => {
    expect(plain(planScale(btc({ total: dec('0.0505') })))).toEqual([{ code: 'total-off-lot', step: '0.001' }]);
    expect(plain(planScale(btc({ total: dec('0') })))).toEqual([{ code: 'total-not-positive' }]);
  });

  it('names the first child below the minimum and the first above the maximum', () => {
    expect(plain(planScale(btc({ total: dec('0.004') })))).toEqual([{ code: 'child-below-min', index: 4, qty: '0', min: '0.001' }]);
    expect(plain(planScale(btc({ total: dec('0.02'), minQty: '0.003', distribution: 'increasing' })))).toEqual([
      { code: 'child-below-min', index: 0, qty: '0.001', min: '0.003' },
    ]);
    expect(plain(planScale(btc({ total: dec('600'), distribution: 'decreasing' })))).toEqual([{ code: 'child-above-max', index: 0, qty: '200', max: '100' }]);
  });
});

describe('splitLots', () => {
  it('never gives a larger weight fewer lots', () => {
    expect(splitLots(7n, [1n, 2n, 3n])).toEqual([1n, 2n, 4n]);
    expect(splitLots(2n, [3n, 2n, 1n])).toEqual([1n, 1n, 0n]);
  });
});

describe('scalePriceTicks', () => {
  it('keeps both ends exact in either direction', () => {
    expect(scalePriceTicks(100n, 90n, 3, 'buy')).toEqual([100n, 95n, 90n]);
    expect(scalePriceTicks(90n, 100n, 4, 'sell')).toEqual([90n, 94n, 97n, 100n]);
  });
});

// Many random scales: when there is a plan, it has `count` children, each on the tick and the lot,
// within min … max, at distinct prices between from and to, summing to the total EXACTLY.
describe('planScale (property)', () => {
  it('sums to the total exactly, on the grid, count children', () => {
    const input = fc.record({
      side: fc.constantFrom('buy' as const, 'sell' as const),
      fromTicks: fc.integer({ min: 1, max: 10_000_000 }),
      toTicks: fc.integer({ min: 1, max: 10_000_000 }),
      count: fc.integer({ min: 2, max: 100 }),
      totalLots: fc.integer({ min: 1, max: 50_000_000 }),
      distribution: fc.constantFrom('even' as const, 'increasing' as const, 'decreasing' as const),
      priceDecimals: fc.integer({ min: 0, max: 4 }),
      qtyDecimals: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      fc.property(input, (x) => {
        const pScale = dec(10).pow(x.priceDecimals);
        const qScale = dec(10).pow(x.qtyDecimals);
        const from = dec(x.fromTicks).div(pScale);
        const to = dec(x.toTicks).div(pScale);
        const total = dec(x.totalLots).div(qScale);
        const minQty = dec(1).div(qScale).toFixed();
        const r = planScale({ side: x.side, from, to, count: x.count, total, distribution: x.distribution, priceDecimals: x.priceDecimals, qtyDecimals: x.qtyDecimals, minQty, maxQty: '1e12' });
        if (!r.ok) {
          // Only for a reason the input really has.
          for (const p of r.problems) {
            if (p.code === 'prices-collide') expect(Math.abs(x.toTicks - x.fromTicks)).toBeLessThan(x.count - 1);
            else expect(p.code).toBe('child-below-min');
          }
          return;
        }
        expect(r.children).toHaveLength(x.count);
        expect(sum(r.children.map((c) => c.qty)).eq(total)).toBe(true);
        const lo = from.lt(to) ? from : to;
        const hi = from.lt(to) ? to : from;
        const prices = new Set<string>();
        for (const c of r.children) {
          expect(fitsDecimals(c.price, x.priceDecimals)).toBe(true);
          expect(fitsDecimals(c.qty, x.qtyDecimals)).toBe(true);
          expect(c.qty.gte(minQty)).toBe(true);
          expect(c.price.gte(lo) && c.price.lte(hi)).toBe(true);
          prices.add(c.price.toFixed());
        }
        expect(prices.size).toBe(x.count);
        // The distribution's shape survives the rounding: a larger weight never gets less.
        const q = r.children.map((c) => c.qty);
        for (let i = 1; i < q.length; i++) {
          if (x.distribution === 'increasing') expect(q[i]!.gte(q[i - 1]!)).toBe(true);
          if (x.distribution === 'decreasing') expect(q[i]!.lte(q[i - 1]!)).toBe(true);
        }
        if (x.distribution === 'even') expect(q.reduce((a, b) => (b.gt(a) ? b : a)).minus(q.reduce((a, b) => (b.lt(a) ? b : a))).lte(dec(1).div(qScale))).toBe(true);
        expect(r.children[0]!.price.eq(from) && r.children[x.count - 1]!.price.eq(to)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
