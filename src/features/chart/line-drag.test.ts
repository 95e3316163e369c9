import { describe, expect, it } from 'vitest';
import { lineAt, snapToTick } from './line-drag';

describe('dragging an order line', () => {
  it('picks up the nearest order line within a few pixels, none farther away', () => {
    const lines = [{ orderId: 1, y: 100 }, { orderId: 2, y: 106 }, { orderId: 3, y: null }];
    expect(lineAt(102, lines)).toBe(1);
    expect(lineAt(104, lines)).toBe(2);
    expect(lineAt(112, lines)).toBe(null);
    expect(lineAt(40, lines)).toBe(null);
  });

  it('proposes a price on the tick, never zero or below', () => {
    expect(snapToTick(94812.3456, 1)?.toFixed()).toBe('94812.3');
    expect(snapToTick(94812.36, 0)?.toFixed()).toBe('94812');
    expect(snapToTick(0.00004, 2)).toBe(null);
    expect(snapToTick(-5, 2)).toBe(null);
    expect(snapToTick(null, 2)).toBe(null);
  });
});
