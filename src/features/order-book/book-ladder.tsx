import { useQuery } from '@tanstack/react-query';
import { memo, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { useElementSize } from '../../ui/use-element-size';
import { buildBook } from './book-levels';
import { LadderRows } from './ladder-rows';

const ROW_HEIGHT = 18;
const SPREAD_HEIGHT = 24;
/** Rows per side before the panel is measured (and in tests, which have no layout). */
const UNMEASURED_ROWS = 12;

/** How many rows fit per side in `height` px, the spread row aside; never fewer than three. */
function rowsThatFit(height: number): number {
  return height > 0 ? Math.max(3, Math.floor((height - SPREAD_HEIGHT) / 2 / ROW_HEIGHT)) : UNMEASURED_ROWS;
}

interface Props {
  symbol: string;
  tick: string;
  decimals: { price: number; size: number; spread: number };
  /** The feed is behind: the rows dim (the panel's title says since when). */
  stale: boolean;
  onPick: (price: string) => void;
}

/**
 * The asks, the spread and the bids: the part of the book that changes with every snapshot. It
 * reads the depth itself, so a frame re-renders only these rows, not the panel's title, grouping
 * picker and column labels around them.
 */
export const BookLadder = memo(function BookLadder({ symbol, tick, decimals, stale, onPick }: Props) {
  const api = useApi();
  const depth = useQuery(marketQueries.depth(api, symbol));
  const body = useRef<HTMLDivElement>(null);
  const rows = rowsThatFit(useElementSize(body).height);
  const { price, size, spread } = decimals;
  const view = useMemo(
    () => (depth.data ? buildBook(depth.data, tick, rows, { price, size, spread }) : null),
    [depth.data, tick, rows, price, size, spread],
  );
  const asks = useRef<HTMLDivElement>(null);
  const bids = useRef<HTMLDivElement>(null);
  const asksRows = useRef<LadderRows | null>(null);
  const bidsRows = useRef<LadderRows | null>(null);
  // The rows are written by hand (ladder-rows.ts), not rendered: React leaves the sides' children alone.
  useLayoutEffect(() => {
    if (!view) return;
    showSide(asksRows, asks, 'asks').show(view.asks, onPick);
    showSide(bidsRows, bids, 'bids').show(view.bids, onPick);
  }, [view, onPick]);
  return (
    <div ref={body} className={`flex min-h-0 flex-1 flex-col ${stale ? 'opacity-40' : ''}`} data-stale={stale ? 'true' : undefined}>
      {!view ? (
        <p className="p-3 text-muted">{depth.isError ? `Order book unavailable: ${depth.error.message}` : 'Loading order book…'}</p>
      ) : (
        <>
          {/* Each side's size comes from the panel, never from its rows: what a frame rewrites is laid out and painted inside it. */}
          <div ref={asks} className="flex min-h-0 flex-1 flex-col-reverse overflow-hidden [contain:strict]" data-testid="book-asks" />
          <div className="flex h-6 shrink-0 items-center justify-between border-y border-line bg-panel-2 px-2" data-testid="book-spread">
            <span className="text-muted">Spread</span>
            <span className="num">{view.spreadText ?? '—'}</span>
          </div>
          <div ref={bids} className="flex min-h-0 flex-1 flex-col overflow-hidden [contain:strict]" data-testid="book-bids" />
        </>
      )}
    </div>
  );
});

/** The side's rows, made anew when the side's element is (the ladder shows a message while there is no book). */
function showSide(rows: RefObject<LadderRows | null>, el: RefObject<HTMLDivElement | null>, side: 'asks' | 'bids'): LadderRows {
  if (rows.current?.container !== el.current) rows.current = new LadderRows(el.current!, side);
  return rows.current;
}
