import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { defaultMmr, feeOf, initialMargin, liquidationPrice, notional, positionAfterFill, returnOnEquity, unrealizedPnl } from './perp-math';

describe('perp math', () => {
  it('values a position and its margin and fee', () => {
    const n = notional(dec('-0.5'), dec('100000'));
    expect(n.toFixed()).toBe('50000');
    expect(initialMargin(n, 20).toFixed()).toBe('2500');
    expect(feeOf(n, '0.0004').toFixed()).toBe('20');
  });

  it('gives a long profit when the mark rises and a short the same loss', () => {
    expect(unrealizedPnl(dec('0.5'), dec('100000'), dec('101000')).toFixed()).toBe('500');
    expect(unrealizedPnl(dec('-0.5'), dec('100000'), dec('101000')).toFixed()).toBe('-500');
  });

  it('ROE is PnL over margin: +500 on 5 000 margin is +10%', () => {
    expect(returnOnEquity(dec(500), dec(5000))?.toFixed()).toBe('0.1');
    expect(returnOnEquity(dec(500), dec(0))).toBeNull();
  });

  it('liquidates a 10× isolated long where the margin minus the loss meets maintenance', () => {
    // 1 BTC long at 100 000 with 10 000 margin, mmr 1.25 %: (100 000 − 10 000) / 0.9875
    const p = liquidationPrice({ signedQty: dec(1), entry: dec(100000), cushion: dec(10000), mmr: dec('0.0125') });
    expect(p?.toFixed(2)).toBe('91139.24');
    // check: at that price margin + pnl equals maintenance
    const equity = dec(10000).plus(p!.minus(100000));
    expect(equity.minus(p!.mul('0.0125')).abs().lt('1e-20')).toBe(true);
  });

  it('liquidates a 10× isolated short above the entry', () => {
    const p = liquidationPrice({ signedQty: dec(-1), entry: dec(100000), cushion: dec(10000), mmr: dec('0.0125') });
    expect(p?.toFixed(2)).toBe('108641.98'); // 110 000 / 1.0125
  });

  it('a long backed by more than its value cannot be liquidated (0)', () => {
    expect(liquidationPrice({ signedQty: dec(1), entry: dec(100), cushion: dec(200), mmr: dec('0.01') })?.toFixed()).toBe('0');
    expect(liquidationPrice({ signedQty: dec(0), entry: dec(100), cushion: dec(1), mmr: dec('0.01') })).toBeNull();
  });

  it('uses half the initial margin at max leverage as the default maintenance rate', () => {
    expect(defaultMmr('40').toFixed()).toBe('0.0125');
  });

  it('tracks the entry through adds, reductions and flips', () => {
    const added = positionAfterFill({ qty: dec(1), entry: dec(100) }, 'buy', dec(1), dec(110));
    expect([added.qty.toFixed(), added.entry.toFixed()]).toEqual(['2', '105']);
    const reduced = positionAfterFill({ qty: dec(2), entry: dec(105) }, 'sell', dec('0.5'), dec(120));
    expect([reduced.qty.toFixed(), reduced.entry.toFixed()]).toEqual(['1.5', '105']);
    const flipped = positionAfterFill({ qty: dec(1), entry: dec(100) }, 'sell', dec(3), dec(90));
    expect([flipped.qty.toFixed(), flipped.entry.toFixed()]).toEqual(['-2', '90']);
    const closed = positionAfterFill({ qty: dec(-1), entry: dec(100) }, 'buy', dec(1), dec(90));
    expect(closed.qty.isZero()).toBe(true);
  });
});
