import type { CreatePriceLineOptions } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { createPriceLineSet } from './price-line-set';

/** A series' price lines as the chart holds them (lightweight-charts needs a canvas to run). */
interface Line {
  options: CreatePriceLineOptions;
  applyOptions(o: Partial<CreatePriceLineOptions>): void;
}
function seriesLines() {
  const lines = new Set<Line>();
  const log: string[] = [];
  return {
    lines,
    log,
    shown: () => [...lines].map((l) => `${l.options.title} ${l.options.price}`),
    createPriceLine(options: CreatePriceLineOptions): Line {
      log.push(`create ${options.title}`);
      const line: Line = {
        options,
        applyOptions(o: Partial<CreatePriceLineOptions>) {
          log.push(`apply ${options.title}`);
          line.options = { ...line.options, ...o };
        },
      };
      lines.add(line);
      return line;
    },
    removePriceLine(line: Line) {
      log.push(`remove ${line.options.title}`);
      lines.delete(line);
    },
  };
}

const mark = (price: number): CreatePriceLineOptions => ({ price, color: '#fff', title: 'Mark' });
const buy = (price: number, title = 'Buy 0.1'): CreatePriceLineOptions => ({ price, color: '#0f0', title, id: 'order-1' });
const entry: CreatePriceLineOptions = { price: 95_000, color: '#0f0', title: 'Entry 0.5' };

describe('price lines on the chart', () => {
  it('a moving mark re-prices its own line and leaves the order and entry lines alone', () => {
    const s = seriesLines();
    const set = createPriceLineSet(s);
    set.sync([mark(96_000), buy(94_000), entry]);
    s.log.length = 0;
    set.sync([mark(96_000.5), buy(94_000), { ...entry }]);
    expect(s.log).toEqual(['apply Mark']);
    expect(s.shown()).toEqual(['Mark 96000.5', 'Buy 0.1 94000', 'Entry 0.5 95000']);
  });

  it('shows exactly the lines of the list as orders come and go', () => {
    const s = seriesLines();
    const set = createPriceLineSet(s);
    set.sync([mark(96_000), entry]);
    set.sync([mark(96_000), buy(94_000), entry]);
    expect(s.shown().sort()).toEqual(['Buy 0.1 94000', 'Entry 0.5 95000', 'Mark 96000'].sort());
    set.sync([mark(96_000), buy(94_000, 'Buy 0.05')]);
    expect(s.shown().sort()).toEqual(['Buy 0.05 94000', 'Mark 96000'].sort());
    // The entry's place taken by a line of another sort (the order's id): made anew, not merged.
    set.sync([mark(96_000), entry]);
    set.sync([mark(96_000), buy(94_000)]);
    expect([...s.lines].map((l) => l.options.id)).toEqual([undefined, 'order-1']);
    set.sync([]);
    expect(s.shown()).toEqual([]);
  });
});
