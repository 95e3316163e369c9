import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/decimal';
import { readCloseSize, type CloseSize } from './close-size';

/** The error as the trader reads it (English in tests). */
const words = (s: CloseSize) => s.error && i18n._(s.error);

// A 0.5 BTC position (qty tick 0.001); 0.2 of it already covered by other reduce-only orders.
const free = { position: dec('0.5'), headroom: dec('0.5'), decimals: 3 };
const covered = { ...free, headroom: dec('0.3') };

describe('the size of a limit close', () => {
  it('a share of the position, floored to the qty tick, and the typed size shown as its share', () => {
    expect(readCloseSize({ by: 'pct', text: '50' }, free)).toMatchObject({ shownQty: '0.25', error: null, capped: false });
    expect(readCloseSize({ by: 'pct', text: '33' }, free).qty?.toFixed()).toBe('0.165');
    expect(readCloseSize({ by: 'pct', text: '33.33' }, free).qty?.toFixed()).toBe('0.166');
    expect(readCloseSize({ by: 'qty', text: '0.125' }, free)).toMatchObject({ pct: '25', error: null });
  });

  it('a share beyond the headroom stops at it and says so; a typed size beyond it is refused, kept as typed', () => {
    const all = readCloseSize({ by: 'pct', text: '100' }, covered);
    expect(all.qty?.toFixed()).toBe('0.3');
    expect(all.capped).toBe(true);
    const typed = readCloseSize({ by: 'qty', text: '0.4' }, covered);
    expect(typed).toMatchObject({ qty: null, shownQty: '0.4' });
    expect(words(typed)).toBe('At most 0.3');
  });

  it('wrong input gets a reason: off the tick, over 100 %, a share under one tick, nothing left', () => {
    expect(words(readCloseSize({ by: 'qty', text: '0.0001' }, free))).toBe('At most 3 decimals');
    expect(words(readCloseSize({ by: 'pct', text: '120' }, free))).toBe('At most 100 %');
    expect(words(readCloseSize({ by: 'pct', text: '0.1' }, free))).toBe('Less than one size tick');
    expect(words(readCloseSize({ by: 'pct', text: '50' }, { ...free, headroom: dec(0) }))).toBe('Other reduce-only orders already close the whole position');
    expect(readCloseSize({ by: 'pct', text: '' }, free)).toMatchObject({ qty: null, error: null });
  });
});
