import { describe, expect, it } from 'vitest';
import { dec } from './decimal';
import { crossLiquidationCushion, previewLeverageChange, type LeveragedPosition } from './leverage-change';
import { liquidationPrice } from './perp-math';

// 0.02 BTC long at 94 500: entry value 1 890; at 10× it holds 189.
const cross: LeveragedPosition = { signedQty: dec('0.02'), entry: dec('94500'), entryValue: dec('1890'), margin: dec('189'), mode: 'cross', mmr: dec('0.025') };

describe('leverage change preview', () => {
  it('raising a cross position to 24× holds entry value / 24 and frees the rest', () => {
    const p = previewLeverageChange({ position: cross, from: 10, to: 24, available: dec('1000'), cushion: dec('1100') });
    expect(p.marginBefore.toFixed()).toBe('189');
    expect(p.marginAfter.toFixed()).toBe('78.75'); // 1 890 / 24
    expect(p.availableAfter?.toFixed()).toBe('1110.25'); // 1 000 + 110.25
    expect(p.refusal).toBeNull();
  });

  it('the liquidation price is perp-math’s for the cushion, whatever the leverage', () => {
    const at24 = previewLeverageChange({ position: cross, from: 10, to: 24, available: dec('1000'), cushion: dec('1100') });
    const at2 = previewLeverageChange({ position: cross, from: 10, to: 2, available: dec('1000'), cushion: dec('1100') });
    const expected = liquidationPrice({ signedQty: dec('0.02'), entry: dec('94500'), cushion: dec('1100'), mmr: dec('0.025') });
    expect(at24.liqPrice?.toFixed()).toBe(expected?.toFixed());
    expect(at2.liqPrice?.toFixed()).toBe(expected?.toFixed());
  });

  it('lowering cross leverage beyond what is available is refused', () => {
    // at 1× it needs 1 890: 1 701 more than the 189 it holds, with 500 available
    const p = previewLeverageChange({ position: cross, from: 10, to: 1, available: dec('500'), cushion: dec('600') });
    expect(p.availableAfter?.toFixed()).toBe('-1201');
    expect(p.refusal).toEqual({ kind: 'available', needed: dec('1701'), available: dec('500') });
  });

  it('an isolated position keeps its margin; a leverage that needs more than it holds is refused', () => {
    const iso: LeveragedPosition = { ...cross, mode: 'isolated', margin: dec('400') };
    const up = previewLeverageChange({ position: iso, from: 5, to: 20, available: dec('0'), cushion: dec('400') });
    expect(up.marginAfter.toFixed()).toBe('400');
    expect(up.refusal).toBeNull();
    const down = previewLeverageChange({ position: iso, from: 5, to: 4, available: dec('0'), cushion: dec('400') });
    expect(down.refusal).toEqual({ kind: 'isolated-margin', needed: dec('472.5'), held: dec('400') });
  });

  it('a cross cushion is the cross equity less the other positions’ maintenance margin', () => {
    // 10 000 cross balance, −300 cross upnl of which −100 is this position's, 250 maintenance elsewhere
    expect(crossLiquidationCushion({ crossBalance: dec(10000), crossUpnl: dec(-300), ownUpnl: dec(-100), otherCrossMaintenance: dec(250) }).toFixed()).toBe('9550');
  });
});
