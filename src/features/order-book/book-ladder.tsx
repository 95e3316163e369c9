import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi, useMarketStream } from '../../api/react';
import type { DepthBook } from '../../api/schemas';
import { ladderOf, type LadderSpec } from '../../api/stream/ladder-views';
import { useCachedData } from '../../api/use-cached-data';
import { setCellText } from '../../ui/frame-cells';
import { useElementSize } from '../../ui/use-element-size';
import { LadderRows } from './ladder-rows';

const ROW_HEIGHT = 18;
const SPREAD_HEIGHT = 24;
/** Rows per side before the panel is measured (and in tests, which have no layout). */
const UNMEASURED_ROWS = 12;

/** How many rows fit per side in `height` px, the spread row aside; never fewer than three. */
function rowsThatFit(height: number): number {
  return height > 0 ? Math.max(3, Math.floor((height - SPREAD_HEIGHT) / 2 / ROW_HEIGHT)) : UNMEASURED_ROWS;
}

/**
 * A side's rows sit in a box the panel sizes, never its rows (absolute, strict containment), so what
 * a frame rewrites is laid out and painted inside it: a flex item, as the side itself is, would be
 * laid out with the whole panel.
 */
const SIDE = 'absolute inset-0 flex overflow-hidden [contain:strict]';

/** What the panel renders from the query: whether there is a book, not which (the rows draw that). */
const bookArrived = () => true as const;

interface Props {
  symbol: string;
  tick: string;
  decimals: { price: number; size: number; spread: number };
  /** The feed is behind: the rows dim (the panel's title says since when). */
  stale: boolean;
  onPick: (price: string) => void;
}

/**
 * The asks, the spread and the bids: the part of the book that changes with every snapshot. React
 * renders the frame of it (when the first book arrives, the grouping or the room changes); each
 * snapshot is drawn straight from the cache into the rows (ladder-rows.ts) and the spread's text,
 * in the frame the stream wrote it, without a render.
 */
export const BookLadder = memo(function BookLadder({ symbol, tick, decimals, stale, onPick }: Props) {
  const api = useApi();
  const depth = useQuery({ ...marketQueries.depth(api, symbol), select: bookArrived });
  const body = useRef<HTMLDivElement>(null);
  const rows = rowsThatFit(useElementSize(body).height);
  const { price, size, spread } = decimals;
  const asks = useRef<HTMLDivElement>(null);
  const bids = useRef<HTMLDivElement>(null);
  const spreadText = useRef<HTMLSpanElement>(null);
  const asksRows = useRef<LadderRows | null>(null);
  const bidsRows = useRef<LadderRows | null>(null);
  const hasBook = depth.data === true;
  // The market worker groups each book for these rows as it sends it; the frame only writes them.
  const spec = useMemo<LadderSpec>(() => ({ symbol, tick, rows, places: { price, size, spread } }), [symbol, tick, rows, price, size, spread]);
  const market = useMarketStream();
  useEffect(() => market?.showLadder(spec), [market, spec]);
  const draw = useCallback(
    (book: DepthBook | undefined) => {
      // The sides' elements exist from the render after the first book on.
      if (!hasBook || !book || !asks.current || !bids.current || !spreadText.current) return;
      const view = ladderOf(book, spec);
      showSide(asksRows, asks, 'asks').show(view.asks, onPick);
      showSide(bidsRows, bids, 'bids').show(view.bids, onPick);
      setCellText(spreadText.current, view.spreadText ?? '—');
    },
    [spec, onPick, hasBook],
  );
  useCachedData(marketQueries.depth(api, symbol).queryKey, draw);
  return (
    <div ref={body} className={`flex min-h-0 flex-1 flex-col ${stale ? 'opacity-40' : ''}`} data-stale={stale ? 'true' : undefined}>
      {!hasBook ? (
        <p className="p-3 text-muted">{depth.isError ? `Order book unavailable: ${depth.error.message}` : 'Loading order book…'}</p>
      ) : (
        <>
          <div className="relative min-h-0 flex-1">
            <div ref={asks} className={`${SIDE} flex-col-reverse`} data-testid="book-asks" />
          </div>
          <div className="relative h-6 shrink-0 border-y border-line bg-panel-2" data-testid="book-spread">
            <span className="absolute inset-y-0 left-2 leading-[22px] text-muted">Spread</span>
            <span ref={spreadText} className="num absolute inset-y-0 left-16 right-2 overflow-hidden text-ellipsis whitespace-nowrap text-right leading-[22px] [contain:strict]" />
          </div>
          <div className="relative min-h-0 flex-1">
            <div ref={bids} className={`${SIDE} flex-col`} data-testid="book-bids" />
          </div>
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
