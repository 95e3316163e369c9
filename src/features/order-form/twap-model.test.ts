import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { initialTwapDraft, type TwapDraft } from './twap-draft';
import { fieldError, summarizeTwap, type TwapContext } from './twap-model';
import { btcInfo, ethInfo } from './test-fixtures';

const market = { symbol: 'BTC-USD', info: btcInfo, mark: dec('100000') };
const ctx: TwapContext = { side: 'buy', positionQty: dec(0), reduceHeadroom: dec(0), available: dec('10000'), leverage: 10 };
const draft = (d: Partial<TwapDraft>): TwapDraft => ({ ...initialTwapDraft('1'), ...d });
const codes = (d: Partial<TwapDraft>, c: Partial<TwapContext> = {}) => summarizeTwap(draft(d), market, { ...ctx, ...c }).errors.map((e) => `${e.field}:${e.code}`);

describe('the TWAP form model', () => {
  it('4 slices of 0.010 BTC over 20 s: the plan, the preview and what Start starts', () => {
    const s = summarizeTwap(draft({ size: '0.010', duration: '20', durationUnit: 's', slices: '4' }), market, ctx);
    expect(s.errors).toEqual([]);
    expect(s.preview).toMatchObject({ slices: 4, intervalMs: 5_000, durationMs: 20_000 });
    expect(s.preview!.sliceSize.toFixed()).toBe('0.003');
    expect(s.preview!.notional!.toFixed()).toBe('1000');
    // 1000 / 10 + 1000 × 0.0004
    expect(s.preview!.margin!.toFixed()).toBe('100.4');
    expect(s.start).toMatchObject({ symbol: 'BTC-USD', side: 'buy', total: '0.01', sizes: ['0.003', '0.003', '0.002', '0.002'], slippage: '0.01', reduceOnly: false });
  });
  it('each bad field its own code, nothing to start', () => {
    expect(codes({ size: 'abc', duration: '0', slices: '2.5', slippage: '0' })).toEqual(['size:amount-unreadable', 'duration:duration-zero', 'slices:slices-invalid', 'slippage:slippage-invalid']);
    expect(summarizeTwap(draft({ size: 'abc' }), market, ctx).start).toBeNull();
  });
  it('the size off the step, below the minimum; slices too many for the minimum; too close together', () => {
    expect(codes({ size: '0.0105' })).toEqual(['size:size-step']);
    const eth = summarizeTwap(draft({ size: '0.005', slices: '1' }), { ...market, symbol: 'ETH-USD', info: ethInfo }, ctx);
    expect(eth.errors.map((e) => `${e.field}:${e.code}`)).toEqual(['size:total-below-min']);
    expect(codes({ size: '0.010', slices: '20' })).toEqual(['slices:slices-too-many']);
    expect(codes({ size: '1', duration: '10', durationUnit: 's', slices: '10' })).toEqual(['duration:interval-too-short']);
    expect(codes({ slippage: '11' })).toContain('slippage:slippage-invalid');
  });
  it('reduce-only: needs a position on the other side, at most the headroom; takes no margin', () => {
    expect(codes({ size: '0.010', reduceOnly: true })).toEqual(['size:reduce-only-no-position']);
    expect(codes({ size: '0.010', reduceOnly: true }, { side: 'sell', positionQty: dec('0.005'), reduceHeadroom: dec('0.005') })).toEqual(['size:reduce-only-above-headroom'.replace('headroom', 'position')]);
    expect(codes({ size: '0.005', slices: '5', reduceOnly: true }, { side: 'sell', positionQty: dec('0.005'), reduceHeadroom: dec('0.005'), available: dec(0) })).toEqual([]);
  });
  it('margin: the whole total at the leverage against what is available', () => {
    expect(codes({ size: '1' }, { available: dec('100') })).toEqual(['size:margin-short']);
  });
  it('split by interval: as many slices as whole intervals fit in the duration', () => {
    const s = summarizeTwap(draft({ size: '0.010', duration: '20', durationUnit: 's', split: 'interval', interval: '5' }), market, ctx);
    expect(s.errors).toEqual([]);
    expect(s.preview).toMatchObject({ slices: 4, intervalMs: 5_000 });
    expect(codes({ size: '0.010', split: 'interval', interval: '1' })).toEqual(['interval:interval-too-short']);
    expect(codes({ size: '0.010', split: 'interval', interval: '' })).toEqual(['interval:interval-empty']);
    expect(codes({ size: '0.010', split: 'interval', interval: '2', duration: '1', durationUnit: 'h' })).toEqual(['interval:interval-too-many']);
    // 5 min every 2 s: 150 slices of 0.010 is below the minimum order.
    expect(codes({ size: '0.010', split: 'interval', interval: '2' })).toEqual(['interval:slices-too-many']);
  });
  it('no mark yet: nothing to start', () => {
    const s = summarizeTwap(draft({ size: '0.010' }), { ...market, mark: null }, ctx);
    expect(s.errors.map((e) => e.code)).toEqual(['no-mark']);
    expect(s.start).toBeNull();
  });
  it("a field's error shows once typed in, or all of them after Start", () => {
    const d = draft({ size: '', slices: 'x' });
    const s = summarizeTwap(d, market, ctx);
    expect(fieldError(s, d, 'size')).toBeUndefined();
    expect(fieldError(s, d, 'slices')?.code).toBe('slices-invalid');
    expect(fieldError(s, { ...d, attempted: true }, 'size')?.code).toBe('amount-empty');
  });
});
