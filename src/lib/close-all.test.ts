import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { positionsToClose } from './close-all';

const positions = [
  { symbol: 'BTC-USD', upnl: '12.5' },
  { symbol: 'ETH-USD', upnl: '-3.25' },
  { symbol: 'XAU-USD', upnl: '0' },
  { symbol: 'XAG-USD', upnl: '0.01' },
];
const upnlOf = (p: (typeof positions)[number]) => dec(p.upnl);
const symbols = (ps: { symbol: string }[]) => ps.map((p) => p.symbol);

describe('which positions close all closes', () => {
  it('all: every position, flat ones included', () => {
    expect(symbols(positionsToClose(positions, 'all', upnlOf))).toEqual(['BTC-USD', 'ETH-USD', 'XAU-USD', 'XAG-USD']);
  });
  it('only profitable: PnL above zero at the mark', () => {
    expect(symbols(positionsToClose(positions, 'profitable', upnlOf))).toEqual(['BTC-USD', 'XAG-USD']);
  });
  it('only losing: PnL below zero; a position at exactly zero is neither', () => {
    expect(symbols(positionsToClose(positions, 'losing', upnlOf))).toEqual(['ETH-USD']);
  });
});
