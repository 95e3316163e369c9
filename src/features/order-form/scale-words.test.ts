import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { emptyScaleDraft } from './scale-draft';
import { summarizeScale, type ScaleError } from './scale-model';
import { childStateWords, scaleErrorWords } from './scale-words';
import { btcInfo } from './test-fixtures';

const say = (e: ScaleError) => i18n._(scaleErrorWords(e));

describe('scale words', () => {
  it('says what is wrong with the numbers the trader needs, child numbers counted from 1', () => {
    expect(say({ field: 'count', code: 'count-above-headroom', max: 1, open: 99, limit: 100 })).toBe('At most 1 more order: you have 99 open in this market, the limit is 100');
    expect(say({ field: 'count', code: 'count-above-headroom', max: 3, open: 97, limit: 100 })).toBe('At most 3 more orders: you have 97 open in this market, the limit is 100');
    expect(say({ field: 'count', code: 'prices-collide', maxCount: 4 })).toBe('Only 4 different prices fit between From and To: lower the number of orders or widen the range');
    expect(say({ field: 'total', code: 'child-below-min', index: 0, qty: '0.001', min: '0.002', base: 'BTC' })).toBe(
      'Order 1 would be 0.001 BTC, below the minimum of 0.002 BTC: raise the total or lower the number of orders',
    );
    expect(say({ field: 'from', code: 'amount-empty', what: 'price' })).toBe('Enter the first price');
    expect(say({ field: 'total', code: 'size-step', step: '0.001', base: 'BTC' })).toBe('Size moves in steps of 0.001 BTC');
  });

  it('has words for every problem the model can give', () => {
    const market = { info: btcInfo, mark: dec('100000') };
    const account = { signedIn: true, positionQty: dec(0), reduceHeadroom: dec(0), openOrders: 0, marginAvailable: dec('10') };
    const drafts = [
      { from: '', to: 'x', count: '', total: '-1' },
      { from: '99000.05', to: '200000', count: '1', total: '0.0005' },
      { from: '99000', to: '99000', count: '2.5', total: '0' },
      { from: '99000', to: '99000.1', count: '5', total: '0.05' },
      { from: '99000', to: '98000', count: '5', total: '0.004' },
      { from: '99000', to: '98000', count: '5', total: '0.05' },
    ];
    for (const d of drafts) {
      const s = summarizeScale({ ...emptyScaleDraft, ...d, attempted: true }, 'buy', NaN, market, account);
      for (const p of s.problems) expect(say(p).length).toBeGreaterThan(5);
    }
    expect(i18n._(childStateWords({ kind: 'placed' }, true))).toBe('Resting');
    expect(i18n._(childStateWords({ kind: 'unknown', message: 'x', checking: true }, false))).toBe('No answer, checking…');
  });
});
