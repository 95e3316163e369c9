import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { firedCloses } from '../lib/position-tpsl';
import { firedCloseWords, WAITING_FOR_BAND } from './fired-close-words';

describe('a fired TP/SL close in words', () => {
  const child = (o: Partial<{ id: number; symbol: string; status: string; source: string; qty: string; fill_qty: string; price: string }>) => ({
    id: 1, symbol: 'BTC-USD', status: 'open', source: 'sl', qty: '1', fill_qty: '0.3', price: '94000', ...o,
  });
  const say = (f: Parameters<typeof firedCloseWords>[0]) => i18n._(firedCloseWords(f, 3));

  it('says what fired and how far it closed, at the symbol qty places', () => {
    const [sl, tp] = firedCloses('BTC-USD', [child({}), child({ id: 2, source: 'tp', status: 'new', fill_qty: '0' })]);
    expect(say(sl!)).toBe('SL triggered · closed 0.300 of 1.000');
    expect(say(tp!)).toBe('TP triggered · closing 1.000');
    expect(say(firedCloses('BTC-USD', [child({ qty: '0', fill_qty: '0' })])[0]!)).toBe('SL triggered · closing the whole position');
    expect(say(firedCloses('BTC-USD', [child({ source: 'tp', qty: '0', fill_qty: '0' })])[0]!)).toBe('TP triggered · closing the whole position');
    expect(i18n._(WAITING_FOR_BAND)).toBe('waiting for a price within the protection band');
  });
});
