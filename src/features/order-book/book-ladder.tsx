import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useId, useMemo, useRef, type KeyboardEvent, type RefObject } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi, useMarketStream } from '../../api/react';
import type { DepthBook } from '../../api/schemas';
import { ladderOf, type LadderSpec } from '../../api/stream/ladder-views';
import { useCachedData } from '../../api/use-cached-data';
import { setCellText } from '../../ui/frame-cells';
import { useElementSize } from '../../ui/use-element-size';
import { LadderRows, type LadderWords } from './ladder-rows';

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
// eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind class names
const SIDE = 'absolute inset-0 flex overflow-hidden [contain:strict]';

/** What the panel renders from the query: whether there is a book, not which (the rows draw that). */
const bookArrived = () => true as const;

interface Props {
  symbol: string;
  tick: string;
  decimals: { price: number; size: number; spread: number };
  /** The feed is behind: the rows dim (the panel's title says since when). */
  stale: boolean;
  /** The base asset, for the levels' names ("size 0.070 BTC"). */
  unit: string;
  onPick: (price: string) => void;
}

/** The active level: a place in the ladder (rows keep their place, not their price). */
interface Active {
  side: 'asks' | 'bids';
  index: number;
}

/**
 * The asks, the spread and the bids: the part of the book that changes with every snapshot. React
 * renders the frame of it (when the first book arrives, the grouping or the room changes); each
 * snapshot is drawn straight from the cache into the rows (ladder-rows.ts) and the spread's text,
 * in the frame the stream wrote it, without a render.
 */
export const BookLadder = memo(function BookLadder({ symbol, tick, decimals, stale, unit, onPick }: Props) {
  const { t } = useLingui();
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
  const idPrefix = `book${useId().replace(/:/g, '')}`;
  const levels = useRef<HTMLDivElement>(null);
  const active = useRef<Active | null>(null);
  // The market worker groups each book for these rows as it sends it; the frame only writes them.
  const spec = useMemo<LadderSpec>(() => ({ symbol, tick, rows, places: { price, size, spread } }), [symbol, tick, rows, price, size, spread]);
  // A new language renames every row (the draw below changes with the words).
  const words = useMemo<LadderWords>(
    () => ({
      pick: t`Use this price in the order form`,
      level: (side, { priceText: price, sizeText: size, totalText: total }, unit) => {
        if (side === 'asks') return unit ? t`Ask ${price}, size ${size} ${unit}, total ${total} ${unit}` : t`Ask ${price}, size ${size}, total ${total}`;
        return unit ? t`Bid ${price}, size ${size} ${unit}, total ${total} ${unit}` : t`Bid ${price}, size ${size}, total ${total}`;
      },
    }),
    [t],
  );
  const market = useMarketStream();
  useEffect(() => market?.showLadder(spec), [market, spec]);
  const draw = useCallback(
    (book: DepthBook | undefined) => {
      // The sides' elements exist from the render after the first book on.
      if (!hasBook || !book || !asks.current || !bids.current || !spreadText.current) return;
      const view = ladderOf(book, spec);
      showSide(asksRows, asks, 'asks', idPrefix).show(view.asks, onPick, unit, words);
      showSide(bidsRows, bids, 'bids', idPrefix).show(view.bids, onPick, unit, words);
      setCellText(spreadText.current, view.spreadText ?? '—');
      // A side with fewer rows now: the active level moves to the side's last (or nowhere).
      if (active.current) markActive(active.current);
    },
    [spec, onPick, hasBook, unit, idPrefix, words],
  );
  /** The levels top to bottom, as drawn: the asks upward from the spread, then the bids. */
  const ordered = (): { side: 'asks' | 'bids'; el: HTMLElement }[] => [
    ...(asksRows.current?.elements ?? []).map((el) => ({ side: 'asks' as const, el })).reverse(),
    ...(bidsRows.current?.elements ?? []).map((el) => ({ side: 'bids' as const, el })),
  ];
  const markActive = (next: Active | null) => {
    const list = levels.current;
    if (!list) return;
    const rows = next ? (next.side === 'asks' ? asksRows : bidsRows).current?.elements ?? [] : [];
    const index = next ? Math.min(next.index, rows.length - 1) : -1;
    const el = index >= 0 ? rows[index]! : null;
    const was = list.querySelector('[data-active]');
    if (was !== el) {
      was?.removeAttribute('data-active');
      el?.setAttribute('data-active', 'true');
    }
    active.current = el && next ? { side: next.side, index } : null;
    if (el) list.setAttribute('aria-activedescendant', el.id);
    else list.removeAttribute('aria-activedescendant');
  };
  // One Tab stop: Up / Down move between the levels, Home / End to the top and bottom, Enter or
  // Space puts the active level's price into the order form, as a click does.
  const onKeyDown = (e: KeyboardEvent) => {
    const all = ordered();
    if (all.length === 0) return;
    const at = active.current ? all.findIndex((r) => r.el.id === `${idPrefix}-${active.current!.side}-${active.current!.index}`) : -1;
    let to: number | null = null;
    if (e.key === 'ArrowDown') to = at < 0 ? bestAsk(all) : Math.min(all.length - 1, at + 1);
    else if (e.key === 'ArrowUp') to = at < 0 ? bestAsk(all) : Math.max(0, at - 1);
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = all.length - 1;
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      (at >= 0 ? all[at]! : all[bestAsk(all)]!).el.click();
      return;
    } else return;
    e.preventDefault();
    const row = all[to]!;
    markActive({ side: row.side, index: Number(row.el.id.slice(row.el.id.lastIndexOf('-') + 1)) });
    row.el.scrollIntoView?.({ block: 'nearest' });
  };
  // Focus lands on the level next to the spread (the best ask), or where it was left.
  const onFocus = () => {
    if (active.current) markActive(active.current);
    else {
      const all = ordered();
      const row = all[bestAsk(all)];
      if (row) markActive({ side: row.side, index: Number(row.el.id.slice(row.el.id.lastIndexOf('-') + 1)) });
    }
  };
  useCachedData(marketQueries.depth(api, symbol).queryKey, draw);
  const failure = depth.error?.message ?? '';
  return (
    <div ref={body} className={`flex min-h-0 flex-1 flex-col ${stale ? 'opacity-40' : ''}`} data-stale={stale ? 'true' : undefined}>
      {!hasBook ? (
        <p className="p-3 text-muted">{depth.isError ? t`Order book unavailable: ${failure}` : t`Loading order book…`}</p>
      ) : (
        <div
          ref={levels}
          role="listbox"
          aria-label={t`Order book levels`}
          aria-describedby={`${idPrefix}-keys`}
          tabIndex={0}
          data-book-levels=""
          data-testid="book-levels"
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          className="flex min-h-0 flex-1 flex-col outline-none focus-visible:ring-1 focus-visible:ring-inset focus-visible:ring-accent"
        >
          <span id={`${idPrefix}-keys`} className="sr-only">
            <Trans>Up and Down move between the levels; Enter uses the level&apos;s price in the order form</Trans>
          </span>
          <div className="relative min-h-0 flex-1">
            <div ref={asks} role="group" aria-label={t`Asks`} className={`${SIDE} flex-col-reverse`} data-testid="book-asks" />
          </div>
          <div className="relative h-6 shrink-0 border-y border-line bg-panel-2" role="group" aria-label={t`Spread`} data-testid="book-spread">
            <span className="absolute inset-y-0 left-2 leading-[22px] text-muted">
              <Trans>Spread</Trans>
            </span>
            <span ref={spreadText} className="num absolute inset-y-0 left-16 right-2 overflow-hidden text-ellipsis whitespace-nowrap text-right leading-[22px] [contain:strict]" />
          </div>
          <div className="relative min-h-0 flex-1">
            <div ref={bids} role="group" aria-label={t`Bids`} className={`${SIDE} flex-col`} data-testid="book-bids" />
          </div>
        </div>
      )}
    </div>
  );
});

/** The side's rows, made anew when the side's element is (the ladder shows a message while there is no book). */
function showSide(rows: RefObject<LadderRows | null>, el: RefObject<HTMLDivElement | null>, side: 'asks' | 'bids', idPrefix: string): LadderRows {
  if (rows.current?.container !== el.current) rows.current = new LadderRows(el.current!, side, idPrefix);
  return rows.current;
}

/** Where the best ask is in the levels top to bottom (the last ask; the first bid when there are no asks). */
function bestAsk(all: readonly { side: 'asks' | 'bids' }[]): number {
  const asks = all.filter((r) => r.side === 'asks').length;
  return asks > 0 ? asks - 1 : 0;
}
