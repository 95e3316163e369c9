import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { show, showUsd, showUsdSigned } from './display';

describe('amounts on screen', () => {
  it('shows USD amounts to the cent, grouped', () => {
    expect(showUsd('2649.285574')).toBe('2,649.29');
    expect(showUsd('0.1754')).toBe('0.18');
    expect(showUsd(dec('-12.345'))).toBe('-12.35');
    expect(showUsd('0')).toBe('0.00');
  });

  it('never shows a non-zero amount under half a cent as 0.00', () => {
    expect(showUsd('0.0013')).toBe('<0.01');
    expect(showUsd('-0.000123')).toBe('-<0.01');
    expect(showUsdSigned('0.0004')).toBe('+<0.01');
    expect(showUsdSigned('0.005')).toBe('+0.01');
  });

  it('says "—" for a missing or malformed amount', () => {
    expect(showUsd(undefined)).toBe('—');
    expect(showUsd('abc')).toBe('—');
    expect(show(null, 2)).toBe('—');
  });
});
