import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { useMarketAsOf } from '../../api/use-market-as-of';
import type { SymbolInfo } from '../../api/schemas';
import { useOrderTicket } from '../../stores/order-ticket';
import { decimalsOf, parseDepthTicks } from '../../lib/ticks';
import { BookRow } from './book-row';
import { buildBook } from './book-levels';
import { useElementSize } from '../../ui/use-element-size';

const ROW_HEIGHT = 18;
const SPREAD_HEIGHT = 24;
/** Rows per side before the panel is measured (and in tests, which have no layout). */
const UNMEASURED_ROWS = 12;

/** How many rows fit per side in `height` px, the spread row aside; never fewer than three. */
function rowsThatFit(height: number): number {
  return height > 0 ? Math.max(3, Math.floor((height - SPREAD_HEIGHT) / 2 / ROW_HEIGHT)) : UNMEASURED_ROWS;
}

/**
 * The live order book: asks above, bids below, grouped by one of the symbol's depth ticks, with
 * cumulative depth bars and the spread. The stream writes one snapshot per frame into the cache.
 * Rows are keyed by their slot, not their price: as prices move the same elements get new text,
 * where price keys would remove and insert elements (and lay the panel out again) every frame.
 */
export function OrderBook({ symbol, info }: { symbol: string; info: SymbolInfo | undefined }) {
  const api = useApi();
  const depth = useQuery(marketQueries.depth(api, symbol));
  const ticks = useMemo(() => (info ? parseDepthTicks(info.depth_ticks) : []), [info]);
  const [chosenTick, setChosenTick] = useState<{ symbol: string; tick: string } | null>(null);
  const tick = chosenTick?.symbol === symbol && ticks.includes(chosenTick.tick) ? chosenTick.tick : (ticks[0] ?? '0');
  const priceDecimals = info ? Math.min(info.price_tick_decimals, decimalsOf(tick)) : 2;
  const sizeDecimals = info?.qty_tick_decimals ?? 3;
  const request = useOrderTicket((s) => s.request);
  const pick = useCallback((price: string) => request({ symbol, price }), [request, symbol]);

  const body = useRef<HTMLDivElement>(null);
  const rows = rowsThatFit(useElementSize(body).height);
  const spreadDecimals = info?.price_tick_decimals ?? 2;
  const view = useMemo(
    () => (depth.data ? buildBook(depth.data, tick, rows, { price: priceDecimals, size: sizeDecimals, spread: spreadDecimals }) : null),
    [depth.data, tick, rows, priceDecimals, sizeDecimals, spreadDecimals],
  );
  // A frozen feed must not look live: the rows dim and say when they were last true.
  const { asOf, health } = useMarketAsOf();

  return (
    <section aria-label="Order book" className="flex h-full min-h-0 flex-col" data-testid="order-book">
      <div className="flex h-7 shrink-0 items-center justify-between border-b border-line px-2">
        <h2 className="font-medium">
          Order book
          {asOf && (
            <span className="num ml-2 font-normal text-warn" data-testid="book-as-of" title={`Market data ${health}: the book is not updating`}>
              as of {asOf}
            </span>
          )}
        </h2>
        <label className="flex items-center gap-1 text-muted">
          <span className="sr-only">Price grouping</span>
          <select
            value={tick}
            onChange={(e) => setChosenTick({ symbol, tick: e.target.value })}
            className="num rounded border border-line bg-bg px-1 py-0.5 text-text"
            aria-label="Price grouping"
          >
            {ticks.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="grid shrink-0 grid-cols-3 px-2 py-0.5 text-right text-[11px] text-muted">
        <span className="text-left">Price</span>
        <span>Size ({info?.base_asset ?? ''})</span>
        <span>Total</span>
      </div>
      <div ref={body} className={`flex min-h-0 flex-1 flex-col ${asOf ? 'opacity-40' : ''}`} data-stale={asOf ? 'true' : undefined}>
      {!view ? (
        <p className="p-3 text-muted">{depth.isError ? `Order book unavailable: ${depth.error.message}` : 'Loading order book…'}</p>
      ) : (
        <>
          <div className="flex min-h-0 flex-1 flex-col-reverse overflow-hidden" data-testid="book-asks">
            {view.asks.map((row, slot) => (
              <BookRow key={slot} {...row} side="asks" onPick={pick} />
            ))}
          </div>
          <div className="flex h-6 shrink-0 items-center justify-between border-y border-line bg-panel-2 px-2" data-testid="book-spread">
            <span className="text-muted">Spread</span>
            <span className="num">
              {view.spreadText ?? '—'}
            </span>
          </div>
          <div className="flex min-h-0 flex-1 flex-col overflow-hidden" data-testid="book-bids">
            {view.bids.map((row, slot) => (
              <BookRow key={slot} {...row} side="bids" onPick={pick} />
            ))}
          </div>
        </>
      )}
      </div>
    </section>
  );
}
