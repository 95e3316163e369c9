import type { CreatePriceLineOptions, IPriceLine } from 'lightweight-charts';

/** The candle series' price lines, kept by createPriceLineSet. */
export type PriceLineSet = ReturnType<typeof createPriceLineSet<IPriceLine>>;

/** What a price line set needs of a series (lightweight-charts' ISeriesApi has these). */
export interface LineSeries<L extends { applyOptions(o: Partial<CreatePriceLineOptions>): void }> {
  createPriceLine(o: CreatePriceLineOptions): L;
  removePriceLine(line: L): void;
}

type Change = 'same' | 'options' | 'kind';

/** 'kind': another sort of line takes the place (its own id or options), made anew; applyOptions merges and would keep the old's. */
function change(a: CreatePriceLineOptions, b: CreatePriceLineOptions): Change {
  const keys = Object.keys(a) as (keyof CreatePriceLineOptions)[];
  if (a.id !== b.id || keys.length !== Object.keys(b).length || keys.some((k) => !(k in b))) return 'kind';
  return keys.every((k) => a[k] === b[k]) ? 'same' : 'options';
}

/**
 * The series' price lines kept equal to a list, changing only what changed: a moving mark re-prices
 * its one line, where re-creating every line (orders, TP/SL, entry, liquidation) on each mark tick
 * made the chart lay out and redraw them all. Lines are matched by place in the list; a line whose
 * options are all the same is left alone.
 */
export function createPriceLineSet<L extends { applyOptions(o: Partial<CreatePriceLineOptions>): void }>(series: LineSeries<L>) {
  const held: { line: L; options: CreatePriceLineOptions }[] = [];
  return {
    series,
    sync(next: readonly CreatePriceLineOptions[]) {
      next.forEach((options, i) => {
        const h = held[i];
        if (!h) {
          held.push({ line: series.createPriceLine(options), options });
          return;
        }
        const c = change(h.options, options);
        if (c === 'options') h.line.applyOptions(options);
        else if (c === 'kind') {
          series.removePriceLine(h.line);
          h.line = series.createPriceLine(options);
        }
        h.options = options;
      });
      for (const gone of held.splice(next.length)) series.removePriceLine(gone.line);
    },
  };
}
