import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { emptyScaleDraft, reduceScaleDraft, type ScaleDraft } from './scale-draft';
import { summarizeScale, type ScaleAccount, type ScaleError } from './scale-model';
import { btcInfo } from './test-fixtures';

// btcInfo: price tick 0.1, lot 0.001, band ±5 % of the mark, max_open_orders 200, max order 100,
// max position 200, maker 0.01 %, taker 0.04 %.
const market = { info: btcInfo, mark: dec('100000') };
const account: ScaleAccount = { signedIn: true, positionQty: dec(0), reduceHeadroom: dec(0), openOrders: 0, marginAvailable: dec('100000') };
const typed = (over: Partial<ScaleDraft> = {}): ScaleDraft => ({ ...emptyScaleDraft, from: '99000', to: '98000', count: '5', total: '0.05', ...over });
const run = (over: Partial<ScaleDraft> = {}, a: Partial<ScaleAccount> = {}, side: 'buy' | 'sell' = 'buy', leverage = 10) =>
  summarizeScale(typed(over), side, leverage, market, { ...account, ...a });
/** The problems as `field:code`. */
const codes = (s: ReturnType<typeof run>) => s.problems.map((p: ScaleError) => `${p.field}:${p.code}`);

describe('summarizeScale', () => {
  it('previews 5 children with their value, margin at the leverage and fees at the maker fee', () => {
    const s = run();
    expect(s.ready).toBe(true);
    expect(s.children!.map((c) => [c.price.toFixed(), c.qty.toFixed()])).toEqual([
      ['99000', '0.01'],
      ['98750', '0.01'],
      ['98500', '0.01'],
      ['98250', '0.01'],
      ['98000', '0.01'],
    ]);
    const t = s.totals!;
    expect(t.notional.toFixed()).toBe('4925');
    expect(t.avgPrice.toFixed()).toBe('98500');
    expect(t.margin!.toFixed()).toBe('492.5');
    expect(t.fee.toFixed()).toBe('0.4925');
    // The exchange's lock: (1/10 + 0.0004) × 1.01 of the notional.
    expect(t.lock!.toFixed()).toBe('499.4147');
    expect(s.crossing).toBe(0);
  });

  it('keeps "Enter a …" quiet until a send is tried, but counts it as a problem', () => {
    const fresh = summarizeScale(emptyScaleDraft, 'buy', 10, market, account);
    expect(fresh.shown).toEqual({});
    expect(codes(fresh)).toEqual(['from:amount-empty', 'to:amount-empty', 'total:amount-empty']);
    expect(fresh.ready).toBe(false);
    const tried = summarizeScale(reduceScaleDraft(emptyScaleDraft, { type: 'attempted' }), 'buy', 10, market, account);
    expect(Object.keys(tried.shown)).toEqual(['from', 'to', 'total']);
    expect(codes(run({ count: '' }))).toEqual(['count:count-empty']);
  });

  it('says at once what typed text cannot be', () => {
    expect(codes(run({ from: 'abc' }))).toEqual(['from:amount-unreadable']);
    expect(run({ from: 'abc' }).shown.from?.code).toBe('amount-unreadable');
    expect(codes(run({ to: '-5' }))).toEqual(['to:amount-negative']);
    expect(codes(run({ to: '0' }))).toEqual(['to:amount-zero']);
    expect(codes(run({ from: '99000.05' }))).toEqual(['from:price-step']);
    expect(codes(run({ total: '0' }))).toEqual(['total:amount-zero']);
    expect(codes(run({ total: '0.0505' }))).toEqual(['total:size-step']);
  });

  it('keeps both ends within the price band around the mark', () => {
    expect(codes(run({ from: '106000' }, {}, 'sell'))).toEqual(['from:price-above-band']);
    expect(codes(run({ to: '94000' }))).toEqual(['to:price-below-band']);
  });

  it('takes a whole count from 2 to what max_open_orders leaves beside the open orders', () => {
    expect(codes(run({ count: '2.5' }))).toEqual(['count:count-not-whole']);
    expect(codes(run({ count: '1' }))).toEqual(['count:count-below-2']);
    const full = run({ count: '5' }, { openOrders: 197 });
    expect(full.problems).toEqual([{ field: 'count', code: 'count-above-headroom', max: 3, open: 197, limit: 200 }]);
    expect(full.maxCount).toBe(3);
    expect(run({ count: '3' }, { openOrders: 197 }).ready).toBe(true);
  });

  it('says when the prices are too close for the count', () => {
    expect(run({ from: '99000', to: '99000.3', count: '5' }).problems).toEqual([{ field: 'count', code: 'prices-collide', maxCount: 4 }]);
  });

  it('names the child below the minimum and the one above the maximum', () => {
    expect(run({ total: '0.004' }).problems).toEqual([{ field: 'total', code: 'child-below-min', index: 4, qty: '0.000', min: '0.001', base: 'BTC' }]);
    expect(run({ total: '600', distribution: 'decreasing' }, { marginAvailable: dec('1e12') }).problems).toEqual([
      { field: 'total', code: 'child-above-max', index: 0, qty: '200.000', max: '100.000', base: 'BTC' },
    ]);
  });

  it('checks the whole ladder against the position limit, the reduce-only headroom and the margin', () => {
    expect(codes(run({ total: '250' }, { marginAvailable: dec('1e12') }))).toEqual(['total:position-above-max']);
    expect(codes(run({ reduceOnly: true }))).toEqual(['total:reduce-only-no-position']);
    expect(codes(run({ reduceOnly: true }, { positionQty: dec('-1'), reduceHeadroom: dec('1') }, 'sell'))).toEqual(['total:reduce-only-wrong-side']);
    expect(codes(run({ reduceOnly: true }, { positionQty: dec('0.03'), reduceHeadroom: dec('0.03') }, 'sell'))).toEqual(['total:reduce-only-above-position']);
    expect(codes(run({ reduceOnly: true }, { positionQty: dec('0.06'), reduceHeadroom: dec('0.03') }, 'sell'))).toEqual(['total:reduce-only-above-headroom']);
    expect(run({ reduceOnly: true, from: '101000', to: '102000' }, { positionQty: dec('0.05'), reduceHeadroom: dec('0.05') }, 'sell').ready).toBe(true);
    const short = run({}, { marginAvailable: dec('400') });
    expect(short.problems).toEqual([{ field: 'total', code: 'margin-short', needed: '499.42', available: '400.00' }]);
  });

  it('refuses to send without a usable leverage', () => {
    expect(codes(run({}, {}, 'buy', NaN))).toEqual(['form:leverage-invalid']);
    expect(codes(run({}, {}, 'buy', 41))).toEqual(['form:leverage-invalid']);
  });

  it('counts the children at or through the mark', () => {
    expect(run({ from: '100500', to: '99500' }).crossing).toBe(3);
    expect(run({ from: '100500', to: '99500' }, {}, 'sell').crossing).toBe(3);
  });
});

describe('reduceScaleDraft', () => {
  it('keeps text verbatim, clears the total once sent and everything typed on Esc', () => {
    let d = reduceScaleDraft(emptyScaleDraft, { type: 'text', field: 'from', text: '99,000.' });
    expect(d.from).toBe('99,000.');
    expect(reduceScaleDraft(d, { type: 'text', field: 'from', text: '99,000.' })).toBe(d);
    d = reduceScaleDraft(d, { type: 'text', field: 'total', text: '0.05' });
    d = reduceScaleDraft(d, { type: 'distribution', distribution: 'increasing' });
    d = reduceScaleDraft(d, { type: 'attempted' });
    expect(reduceScaleDraft(d, { type: 'sent' })).toMatchObject({ from: '99,000.', total: '', attempted: false });
    expect(reduceScaleDraft(d, { type: 'clear' })).toEqual({ ...emptyScaleDraft, distribution: 'increasing' });
  });
});
