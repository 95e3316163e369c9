import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, type Dec } from './decimal';
import { nextSlice, planSlices, slicePrice, slicesForInterval, type SliceLimits } from './twap-plan';

const sum = (xs: readonly Dec[]) => xs.reduce((a, b) => a.plus(b), dec(0));
const plan = (total: string, slices: number, durationMs = 60_000, minQty = '0.001') => planSlices({ total: dec(total), slices, durationMs, qtyDecimals: 3, minQty });

describe('the TWAP plan', () => {
  it('4 slices of 0.010 over 20 s: 0.003, 0.003, 0.002, 0.002 every 5 s', () => {
    const r = plan('0.010', 4, 20_000);
    if (!('plan' in r)) throw new Error('no plan');
    expect(r.plan.sizes.map((s) => s.toFixed(3))).toEqual(['0.003', '0.003', '0.002', '0.002']);
    expect(r.plan.intervalMs).toBe(5_000);
  });
  it('slices below the minimum order: a problem naming how many fit', () => {
    expect(plan('0.010', 20)).toEqual({ problem: { code: 'slices-too-many', maxSlices: 10, min: '0.001' } });
  });
  it('a total below one minimum order, slices closer than 2 s, a count that is no count: problems', () => {
    expect(plan('0.0005', 1, 60_000)).toEqual({ problem: { code: 'total-below-min', min: '0.001' } });
    expect(plan('1', 30, 30_000)).toEqual({ problem: { code: 'interval-too-short', minSeconds: 2 } });
    expect(plan('1', 0)).toMatchObject({ problem: { code: 'slices-invalid' } });
    expect(plan('1', 2.5)).toMatchObject({ problem: { code: 'slices-invalid' } });
    expect(plan('1', 2, 25 * 3_600_000)).toMatchObject({ problem: { code: 'duration-too-long' } });
  });
  it('property: the sizes sum exactly to the total, on the lot, each at least the minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 50 }), (lots, n, minLots) => {
        const total = dec(lots).div(1000);
        const min = dec(minLots).div(1000);
        const r = planSlices({ total, slices: n, durationMs: n * 2_000, qtyDecimals: 3, minQty: min });
        if ('problem' in r) return lots < minLots * n;
        const sizes = r.plan.sizes;
        return sizes.length === n && sum(sizes).eq(total) && sizes.every((s) => s.gte(min) && s.decimalPlaces() <= 3);
      }),
    );
  });
  it('an interval gives as many slices as fit in the duration', () => {
    expect(slicesForInterval(20_000, 5_000)).toBe(4);
    expect(slicesForInterval(21_000, 5_000)).toBe(4);
    expect(slicesForInterval(3_000, 5_000)).toBe(1);
  });
});

const limits: SliceLimits = { qtyDecimals: 3, minQty: '0.001', maxQty: '100' };

describe('the next slice', () => {
  const sizes = ['0.003', '0.003', '0.002', '0.002'].map(dec);
  const at = (nextIndex: number, filled: string, inFlight = '0') => nextSlice({ total: dec('0.010'), sizes, nextIndex, filled: dec(filled), inFlight: dec(inFlight) }, limits);
  it('the planned size when every slice filled', () => {
    expect(at(1, '0.003')).toEqual({ kind: 'send', qty: dec('0.003') });
  });
  it("an IOC slice's unfilled part carries to the next slice", () => {
    expect(at(1, '0.001')).toEqual({ kind: 'send', qty: dec('0.005') });
  });
  it('a slice whose outcome is unknown counts as filled: the next is smaller, never past the total', () => {
    expect(at(1, '0', '0.003')).toEqual({ kind: 'send', qty: dec('0.003') });
    expect(at(3, '0.006', '0.004')).toEqual({ kind: 'finished', why: 'total-reached' });
  });
  it('the last slice takes what is left; after it the plan is done', () => {
    expect(at(3, '0.005')).toEqual({ kind: 'send', qty: dec('0.005') });
    expect(at(4, '0.005')).toEqual({ kind: 'finished', why: 'plan-done' });
  });
  it('reduce-only: capped at the headroom; no headroom left finishes it', () => {
    const s = { total: dec('0.010'), sizes, nextIndex: 0, filled: dec(0), inFlight: dec(0) };
    expect(nextSlice(s, { ...limits, headroom: dec('0.002') })).toEqual({ kind: 'send', qty: dec('0.002') });
    expect(nextSlice(s, { ...limits, headroom: dec('0') })).toEqual({ kind: 'finished', why: 'no-headroom' });
  });
  it('what is left below one minimum order is not sent', () => {
    expect(at(2, '0.0095')).toEqual({ kind: 'finished', why: 'left-below-min' });
  });

  it('property: whatever fills, in part, not at all or unknown, what may have filled never exceeds the total', () => {
    const outcome = fc.oneof(fc.constant({ kind: 'unknown' as const }), fc.constant({ kind: 'refused' as const }), fc.double({ min: 0, max: 1, noNaN: true }).map((share) => ({ kind: 'fill' as const, share })));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 20 }), fc.array(outcome, { minLength: 1, maxLength: 40 }), (lots, n, outcomes) => {
        const total = dec(lots).div(1000);
        const r = planSlices({ total, slices: n, durationMs: n * 2_000, qtyDecimals: 3, minQty: '0.001' });
        if ('problem' in r) return true;
        let filled = dec(0);
        let inFlight = dec(0);
        let nextIndex = 0;
        for (const o of outcomes) {
          const s = nextSlice({ total, sizes: r.plan.sizes, nextIndex, filled, inFlight }, limits);
          if (s.kind === 'finished') break;
          nextIndex++;
          if (s.kind === 'skip') continue;
          // What was sent and may yet fill never passes the total.
          if (filled.plus(inFlight).plus(s.qty).gt(total)) return false;
          if (o.kind === 'unknown') inFlight = inFlight.plus(s.qty);
          else if (o.kind === 'fill') filled = filled.plus(s.qty.mul(o.share).toDecimalPlaces(3, 1));
        }
        return filled.plus(inFlight).lte(total);
      }),
      { numRuns: 500 },
    );
  });
});

describe("a slice's limit price", () => {
  const rules = { priceDecimals: 2, capRatio: '0.3', floorRatio: '0.3' };
  it('buy: mark × (1 + cap) on the tick below; sell: mark × (1 − cap) on the tick above', () => {
    expect(slicePrice(dec('100.005'), 'buy', dec('0.01'), rules).toFixed()).toBe('101');
    expect(slicePrice(dec('100.005'), 'sell', dec('0.01'), rules).toFixed()).toBe('99.01');
  });
  it("never outside the exchange's band around the mark", () => {
    expect(slicePrice(dec('100'), 'buy', dec('0.5'), rules).toFixed()).toBe('130');
    expect(slicePrice(dec('100'), 'sell', dec('0.5'), rules).toFixed()).toBe('70');
  });
});
