import { describe, expect, it } from 'vitest';
import type { Bar } from './kline-buckets';
import { changesChart } from './live-bar-change';

const bar = (o: Partial<Bar> = {}): Bar => ({ time: 900, open: 100, high: 101, low: 99, close: 100.5, volume: 1000, ...o });

describe('live bars the chart is handed', () => {
  it('shows a new bar and any move of open, high, low or close', () => {
    expect(changesChart(undefined, bar(), 72)).toBe(true);
    expect(changesChart(bar(), bar({ time: 1800 }), 72)).toBe(true);
    expect(changesChart(bar(), bar({ close: 100.6 }), 72)).toBe(true);
    expect(changesChart(bar(), bar({ high: 101.1 }), 72)).toBe(true);
    expect(changesChart(bar(), bar({ low: 98.9 }), 72)).toBe(true);
  });

  it('leaves out volume added below half a pixel of the volume area, and shows it once it adds up', () => {
    // 72 px tall at most: half a pixel is 1/144 of the bar, 6.9 of 1000.
    expect(changesChart(bar(), bar({ volume: 1006 }), 72)).toBe(false);
    expect(changesChart(bar(), bar({ volume: 1008 }), 72)).toBe(true);
    // A taller chart shows finer steps.
    expect(changesChart(bar(), bar({ volume: 1006 }), 200)).toBe(true);
  });
});
