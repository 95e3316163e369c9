import { describe, expect, it } from 'vitest';
import { initialTwapDraft, reduceTwapDraft } from './twap-draft';

describe('the TWAP draft', () => {
  const d = initialTwapDraft('1');
  it('keeps what was typed verbatim, even what is not a number', () => {
    expect(reduceTwapDraft(d, { type: 'text', field: 'size', text: '0,01x' }).size).toBe('0,01x');
    expect(reduceTwapDraft(d, { type: 'text', field: 'slices', text: '4' }).slices).toBe('4');
  });
  it('split by slices or by interval, each keeping its own text', () => {
    const x = reduceTwapDraft(reduceTwapDraft(d, { type: 'split', split: 'interval' }), { type: 'text', field: 'interval', text: '15' });
    expect(x).toMatchObject({ split: 'interval', interval: '15', slices: '10' });
  });
  it('unit, reduce-only, attempted; started clears the size only', () => {
    let x = reduceTwapDraft(d, { type: 'duration-unit', unit: 's' });
    x = reduceTwapDraft(x, { type: 'reduce-only', on: true });
    x = reduceTwapDraft(x, { type: 'text', field: 'size', text: '0.01' });
    x = reduceTwapDraft(x, { type: 'attempted' });
    expect(x).toMatchObject({ durationUnit: 's', reduceOnly: true, attempted: true, size: '0.01' });
    expect(reduceTwapDraft(x, { type: 'started' })).toMatchObject({ size: '', attempted: false, durationUnit: 's', reduceOnly: true, slippage: '1' });
  });
});
