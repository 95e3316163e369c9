import { describe, expect, it } from 'vitest';
import { progressOf, type Twap } from '../lib/twap-record';
import { isDue, next, planNext, startTwap, type TwapEvent } from './twap-machine';

const T0 = 1_000_000;
const fresh = (): Twap =>
  startTwap(
    {
      id: 'tw1', account: 'bsc_0xabc', symbol: 'BTC-USD', side: 'buy', total: '0.010', sizes: ['0.003', '0.003', '0.002', '0.002'],
      intervalMs: 5_000, durationMs: 20_000, reduceOnly: false, slippage: '0.01', qtyDecimals: 3, priceDecimals: 2,
      minQty: '0.001', maxQty: '100', capRatio: '0.3', floorRatio: '0.3',
    },
    T0,
  );
const run = (t: Twap, ...events: TwapEvent[]) => events.reduce(next, t);
const sent = (clOrdId: string, qty: string, now = T0): TwapEvent => ({ type: 'slice-sent', now, clOrdId, qty, price: '101000' });
const filled = (clOrdId: string, qty: string, avgPrice: string | null = '100000'): TwapEvent => ({ type: 'slice-outcome', clOrdId, outcome: { kind: 'filled', qty, avgPrice } });

describe('a TWAP as a machine', () => {
  it('starts running with its first slice due at once', () => {
    const t = fresh();
    expect(t.status).toBe('running');
    expect(isDue(t, T0)).toBe(true);
  });
  it('slice-sent: in flight, the next due one interval later, none due while it is in flight', () => {
    const t = run(fresh(), sent('a', '0.003'));
    expect(t.slices[0]!.status).toBe('sending');
    expect(t.nextIndex).toBe(1);
    expect(t.nextAt).toBe(T0 + 5_000);
    expect(isDue(t, T0 + 6_000)).toBe(false);
    expect(run(t, sent('b', '0.003'))).toBe(t);
  });
  it('slice-outcome filled: progress counts it, the average is exact', () => {
    const t = run(fresh(), sent('a', '0.003'), filled('a', '0.003', '100000'), sent('b', '0.003', T0 + 5_000), filled('b', '0.001', '100003'));
    const p = progressOf(t);
    expect(p.filled.toFixed()).toBe('0.004');
    expect(p.sent.toFixed()).toBe('0.006');
    expect(p.left.toFixed()).toBe('0.006');
    expect(p.avgPrice!.toFixed()).toBe('100000.75');
    expect(isDue(t, T0 + 10_000)).toBe(true);
    // The unfilled 0.002 of slice b carries to slice c.
    expect(planNext(t)).toMatchObject({ kind: 'send', qty: expect.objectContaining({}) });
    expect((planNext(t) as { qty: { toFixed: () => string } }).qty.toFixed()).toBe('0.004');
  });
  it('slice-outcome refused: the slice is not counted, the TWAP pauses with the service words', () => {
    const t = run(fresh(), sent('a', '0.003'), { type: 'slice-outcome', clOrdId: 'a', outcome: { kind: 'refused', message: 'insufficient available margin' } });
    expect(t.status).toBe('paused');
    expect(t.note).toEqual({ code: 'refused', message: 'insufficient available margin' });
    expect(progressOf(t).sent.toFixed()).toBe('0');
  });
  it('slice-outcome unknown: counts as possibly filled and the TWAP pauses', () => {
    const t = run(fresh(), sent('a', '0.003'), { type: 'slice-outcome', clOrdId: 'a', outcome: { kind: 'unknown', message: 'no answer' } });
    expect(t.status).toBe('paused');
    expect(progressOf(t).inFlight.toFixed()).toBe('0.003');
    expect(progressOf(t).left.toFixed()).toBe('0.007');
  });
  it('an outcome for a slice it never sent changes nothing', () => {
    const t = fresh();
    expect(run(t, filled('zzz', '1'))).toBe(t);
  });
  it('slice-skipped: the next slice, one interval later', () => {
    const t = run(fresh(), { type: 'slice-skipped', now: T0 });
    expect(t.nextIndex).toBe(1);
    expect(t.nextAt).toBe(T0 + 5_000);
  });
  it('tick: done once the plan is through and nothing is in flight', () => {
    let t = run(fresh(), sent('a', '0.003'), filled('a', '0.003'), sent('b', '0.003'), filled('b', '0.003'), sent('c', '0.002'), filled('c', '0.002'), sent('d', '0.002'));
    expect(run(t, { type: 'tick', now: T0 })).toBe(t);
    t = run(t, filled('d', '0.002'), { type: 'tick', now: T0 });
    expect(t.status).toBe('done');
    expect(t.note).toEqual({ code: 'total-reached' });
    expect(progressOf(t).left.toFixed()).toBe('0');
  });
  it('tick: done with what is left after the last slice filled in part', () => {
    const t = run(fresh(), { type: 'slice-skipped', now: T0 }, { type: 'slice-skipped', now: T0 }, { type: 'slice-skipped', now: T0 }, sent('d', '0.010'), filled('d', '0.004'), { type: 'tick', now: T0 });
    expect(t.status).toBe('done');
    expect(t.note).toEqual({ code: 'plan-done' });
    expect(progressOf(t).left.toFixed()).toBe('0.006');
  });
  it('tick while running mid-plan changes nothing', () => {
    const t = fresh();
    expect(run(t, { type: 'tick', now: T0 + 1 })).toBe(t);
  });
  it('finish: done with the reason (reduce-only with no position left)', () => {
    expect(run(fresh(), { type: 'finish', why: 'no-headroom' })).toMatchObject({ status: 'done', note: { code: 'no-position' } });
    expect(run(fresh(), { type: 'pause' }, { type: 'finish', why: 'plan-done' }).status).toBe('paused');
  });
  it('pause: no slice is taken while paused; resume: the next is due at once', () => {
    const p = run(fresh(), { type: 'pause' });
    expect(p.status).toBe('paused');
    expect(isDue(p, T0 + 60_000)).toBe(false);
    expect(run(p, sent('a', '0.003'))).toBe(p);
    expect(run(p, { type: 'slice-skipped', now: T0 })).toBe(p);
    const r = run(p, { type: 'resume', now: T0 + 60_000 });
    expect(r.status).toBe('running');
    expect(isDue(r, T0 + 60_000)).toBe(true);
  });
  it('resume soon after a pause keeps the interval after the last slice', () => {
    const t = run(fresh(), sent('a', '0.003'), filled('a', '0.003'), { type: 'pause' }, { type: 'resume', now: T0 + 1_000 });
    expect(t.nextAt).toBe(T0 + 5_000);
    expect(isDue(t, T0 + 1_000)).toBe(false);
  });
  it('pause only from running; resume only from paused or interrupted', () => {
    const done = run(fresh(), { type: 'finish', why: 'plan-done' });
    expect(run(done, { type: 'pause' })).toBe(done);
    expect(run(done, { type: 'resume', now: T0 })).toBe(done);
    const running = fresh();
    expect(run(running, { type: 'resume', now: T0 })).toBe(running);
  });
  it('cancel: from running, paused or interrupted; an in-flight slice still records its fill', () => {
    const t = run(fresh(), sent('a', '0.003'), { type: 'cancel' });
    expect(t.status).toBe('canceled');
    expect(isDue(t, T0 + 60_000)).toBe(false);
    expect(run(t, sent('b', '0.003'))).toBe(t);
    expect(progressOf(run(t, filled('a', '0.003'))).filled.toFixed()).toBe('0.003');
    expect(run(fresh(), { type: 'pause' }, { type: 'cancel' }).status).toBe('canceled');
    expect(run(fresh(), { type: 'reloaded' }, { type: 'cancel' }).status).toBe('canceled');
    const done = run(fresh(), { type: 'finish', why: 'plan-done' });
    expect(run(done, { type: 'cancel' })).toBe(done);
  });
  it('reloaded: a running TWAP waits, asking; a slice in flight becomes unknown (still counted)', () => {
    const t = run(fresh(), sent('a', '0.003'), { type: 'reloaded' });
    expect(t.status).toBe('interrupted');
    expect(t.slices[0]!.status).toBe('unknown');
    expect(isDue(t, T0 + 60_000)).toBe(false);
    expect(progressOf(t).left.toFixed()).toBe('0.007');
    const resumed = run(t, { type: 'resume', now: T0 + 60_000 });
    expect(resumed.status).toBe('running');
    // The unknown slice counts as filled: the next one never takes the total past 0.010.
    expect((planNext(resumed) as { qty: { toFixed: () => string } }).qty.toFixed()).toBe('0.003');
    // Read back later: filled in part.
    expect(progressOf(run(resumed, filled('a', '0.001'))).left.toFixed()).toBe('0.009');
  });
  it('other-tab: a running TWAP another tab holds pauses here and says why; others are left as they are', () => {
    expect(run(fresh(), { type: 'other-tab' })).toMatchObject({ status: 'paused', note: { code: 'other-tab' } });
    const paused = run(fresh(), { type: 'pause' });
    expect(run(paused, { type: 'other-tab' })).toBe(paused);
  });
  it('reloaded: paused stays paused, done stays done', () => {
    expect(run(fresh(), { type: 'pause' }, { type: 'reloaded' }).status).toBe('paused');
    expect(run(fresh(), { type: 'cancel' }, { type: 'reloaded' }).status).toBe('canceled');
  });
  it('an unknown slice the exchange is known to have taken stays marked so (a later "not found" is lag)', () => {
    const t = run(fresh(), sent('a', '0.003'), { type: 'slice-outcome', clOrdId: 'a', outcome: { kind: 'unknown', message: 'still open', accepted: true } });
    expect(t.slices[0]).toMatchObject({ status: 'unknown', accepted: true });
    expect(t.status).toBe('paused');
    expect(progressOf(t).inFlight.toFixed()).toBe('0.003');
    const u = run(fresh(), sent('b', '0.003'), { type: 'slice-outcome', clOrdId: 'b', outcome: { kind: 'unknown', message: 'no answer' } });
    expect(u.slices[0]!.accepted).toBeUndefined();
  });
});
