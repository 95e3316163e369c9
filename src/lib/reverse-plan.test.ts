import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, type Dec } from './decimal';
import { marketOrderLimit, reversePlan, reverseReleasedMargin, splitAtMaxLots, splitQty, type ReverseOrder, type ReversePlanInput } from './reverse-plan';

// BTC-USD as the devnet lists it: sizes to 0.001, orders 0.001 … 100, positions up to 1000.
const btc = (positionQty: string, o: Partial<ReversePlanInput> = {}): ReversePlanInput => ({
  positionQty: dec(positionQty),
  qtyDecimals: 3,
  minOrderQty: '0.001',
  maxOrderQty: '100',
  maxPositionSize: '1000',
  markPrice: dec('95000'),
  availableMargin: dec('1000000'),
  releasedMargin: dec('0'),
  leverage: 10,
  takerFee: '0.0004',
  ...o,
});

const wire = (orders: ReverseOrder[]) => orders.map((o) => `${o.side} ${o.qty.toFixed()}${o.reduceOnly ? ' ro' : ''}`);

describe('reverse plan', () => {
  it('a long of 0.1: one reduce-only sell of 0.1, then a sell of 0.1 that opens the short', () => {
    const plan = reversePlan(btc('0.1'));
    if (!plan.ok) throw new Error(plan.code);
    expect(wire(plan.close)).toEqual(['sell 0.1 ro']);
    expect(wire(plan.open)).toEqual(['sell 0.1']);
    expect(plan.to.toFixed()).toBe('-0.1');
  });

  it('a short over max_order_qty is bought back and reopened long in parts of at most 100, as even as possible', () => {
    const plan = reversePlan(btc('-250.001', { availableMargin: dec('3000000') }));
    if (!plan.ok) throw new Error(plan.code);
    expect(wire(plan.close)).toEqual(['buy 83.334 ro', 'buy 83.334 ro', 'buy 83.333 ro']);
    expect(wire(plan.open)).toEqual(['buy 83.334', 'buy 83.334', 'buy 83.333']);
  });

  it('exactly max_order_qty is one part, one lot more is two', () => {
    expect(splitAtMaxLots(100, 100)).toEqual([100]);
    expect(splitAtMaxLots(101, 100)).toEqual([51, 50]);
    expect(splitAtMaxLots(0, 100)).toEqual([]);
  });

  it('a close is split by max_order_qty on the qty tick, the parts adding up to it exactly', () => {
    const show = (q: Dec[]) => q.map((d) => d.toFixed());
    expect(show(splitQty(dec('250'), 3, '100'))).toEqual(['83.334', '83.333', '83.333']);
    expect(show(splitQty(dec('-100'), 3, '100'))).toEqual(['100']);
    expect(show(splitQty(dec('0.5'), 3, '100'))).toEqual(['0.5']);
    expect(show(splitQty(dec('0'), 3, '100'))).toEqual([]);
    // max below one tick: one order, the exchange says why.
    expect(show(splitQty(dec('2'), 0, '0.5'))).toEqual(['2']);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1_000, max: 200_000 }), (lots, maxLots) => {
        const parts = splitQty(dec(lots).div(1000), 3, dec(maxLots).div(1000));
        return parts.reduce((a, p) => a.plus(p), dec(0)).eq(dec(lots).div(1000)) && parts.every((p) => p.lte(dec(maxLots).div(1000)) && p.gt(0));
      }),
    );
  });

  it.each<[string, ReversePlanInput, string]>([
    ['no position', btc('0'), 'flat'],
    ['a position smaller than min_order_qty (a dust left by a fill)', btc('0.5', { minOrderQty: '1', qtyDecimals: 1 }), 'below_minimum'],
    ['over max_position_size', btc('-2000', { maxOrderQty: '5000' }), 'position_limit'],
    // 1 BTC at 95,000 with 10× needs ≈ 9,634 (margin + fee + 1 % safety): 5,000 free and 4,000 back from the close is not enough.
    ['an opening half the margin cannot carry', btc('1', { availableMargin: dec('5000'), releasedMargin: dec('4000') }), 'margin'],
  ])('refused up front: %s', (_case, input, code) => {
    expect(reversePlan(input)).toEqual({ ok: false, code });
  });

  it('the margin the close gives back counts for the opening half', () => {
    expect(reversePlan(btc('1', { availableMargin: dec('5000'), releasedMargin: dec('5000') })).ok).toBe(true);
  });

  it('what a close gives back: cross its initial margin, isolated its margin and PnL, less the closing fee', () => {
    const p = { initialMargin: '950', holdingMargin: '1000', upnl: '-100', qty: dec('-0.1'), markPrice: dec('95000'), takerFee: '0.0004' };
    expect(reverseReleasedMargin({ ...p, marginMode: 'cross' }).toFixed()).toBe('946.2');
    expect(reverseReleasedMargin({ ...p, marginMode: 'isolated' }).toFixed()).toBe('896.2');
    expect(reverseReleasedMargin({ ...p, marginMode: 'isolated', upnl: '-2000' }).toFixed()).toBe('0');
  });
});

/** A position after the orders sent, each filled in full or in part (`fills`, 0 … 1 of its size); a reduce-only one never crosses zero. */
function apply(q: Dec, orders: ReverseOrder[], fills: number[]): Dec {
  let pos = q;
  orders.forEach((o, i) => {
    let filled = o.qty.mul(fills[i] ?? 1).toDecimalPlaces(3, 1);
    const signed = o.side === 'buy' ? 1 : -1;
    if (o.reduceOnly) filled = filled.gt(pos.abs()) ? pos.abs() : filled;
    pos = pos.plus(filled.mul(signed));
  });
  return pos;
}

describe('reverse plan, for any position and max_order_qty', () => {
  const lotsArb = fc.integer({ min: 1, max: 2_000_000 });
  const signArb = fc.boolean();
  // max_order_qty as a share of the position: 1 to 40 parts a half (a real split is a few).
  const maxArb = fc.integer({ min: 1, max: 40 });
  const maxOf = (lots: number, parts: number) => dec(Math.ceil(lots / parts)).div(1000);

  it('every part is on the tick, between min and max, the closing half reduce-only; the sum is exactly 2 × |q|, all on the closing side', () => {
    fc.assert(
      fc.property(lotsArb, signArb, maxArb, (lots, long, maxLots) => {
        const q = dec(lots).div(1000).mul(long ? 1 : -1);
        const max = maxOf(lots, maxLots);
        const plan = reversePlan(btc(q.toFixed(), { maxOrderQty: max, maxPositionSize: '100000', availableMargin: dec('1e12') }));
        if (!plan.ok) return false;
        const all = [...plan.close, ...plan.open];
        for (const o of all) {
          expect(o.qty.lte(max)).toBe(true);
          expect(o.qty.gte('0.001')).toBe(true);
          expect(o.qty.decimalPlaces()).toBeLessThanOrEqual(3);
          expect(o.side).toBe(long ? 'sell' : 'buy');
        }
        expect(plan.close.every((o) => o.reduceOnly) && plan.open.every((o) => !o.reduceOnly)).toBe(true);
        const sum = (os: ReverseOrder[]) => os.reduce((s, o) => s.plus(o.qty), dec(0));
        expect(sum(plan.close).eq(q.abs()) && sum(plan.open).eq(q.abs())).toBe(true);
        expect(apply(q, all, []).eq(q.neg())).toBe(true);
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('stopped after any part, each sent part filled in full or in part: the position is never larger than |q|', () => {
    fc.assert(
      fc.property(lotsArb, signArb, maxArb, fc.nat(), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 60 }), (lots, long, maxLots, stopAt, fills) => {
        const q = dec(lots).div(1000).mul(long ? 1 : -1);
        const plan = reversePlan(btc(q.toFixed(), { maxOrderQty: maxOf(lots, maxLots), maxPositionSize: '100000', availableMargin: dec('1e12') }));
        if (!plan.ok) return false;
        const all = [...plan.close, ...plan.open];
        const sent = all.slice(0, stopAt % (all.length + 1));
        return apply(q, sent, fills).abs().lte(q.abs());
      }),
      { numRuns: 500 },
    );
  });
});

describe('the parts’ price limit', () => {
  const at = (side: 'buy' | 'sell', slippagePct: string) =>
    marketOrderLimit({ side, mark: dec('95000.05'), slippagePct, priceDecimals: 1, priceCapRatio: '0.3', priceFloorRatio: '0.3' })?.toFixed() ?? null;
  it('the slippage cap from the mark, on the tick towards the mark; never past the exchange band; none when unreadable', () => {
    expect(at('buy', '1')).toBe('95950');
    expect(at('sell', '1')).toBe('94050.1');
    expect(at('buy', '50')).toBe('123500');
    expect(at('sell', 'x')).toBeNull();
    expect(at('sell', '0')).toBeNull();
  });
});
