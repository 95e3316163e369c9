import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { useMarketAsOf } from '../../api/use-market-as-of';
import type { RecentTrade, SymbolInfo } from '../../api/schemas';
import { show } from '../../lib/display';
import { formatClock } from '../../lib/time';
import { TradeTape, type TradeText } from './trade-tape';
import { useVisibleWindow } from './use-visible-window';

const ROW_HEIGHT = 18;
const NO_TRADES: RecentTrade[] = [];

// Each trade is formatted once (at the places it was formatted for), however many frames it stays in
// view: the cache keeps the same trade object as newer ones are prepended.
const texts = new WeakMap<RecentTrade, TradeText & { places: string }>();
function textOf(t: RecentTrade, priceDecimals: number, sizeDecimals: number): TradeText {
  const places = `${priceDecimals}/${sizeDecimals}`;
  let text = texts.get(t);
  if (text?.places !== places) {
    text = { price: show(t.price, priceDecimals), qty: show(t.qty, sizeDecimals), time: formatClock(t.time), up: t.is_buyer_taker, places };
    texts.set(t, text);
  }
  return text;
}

/** The market's latest trades, newest on top: green when the buyer took liquidity, red when the seller did. */
export function RecentTrades({ symbol, info }: { symbol: string; info: SymbolInfo | undefined }) {
  const api = useApi();
  const trades = useQuery(marketQueries.recentTrades(api, symbol));
  const priceDecimals = info?.price_tick_decimals ?? 2;
  const sizeDecimals = info?.qty_tick_decimals ?? 3;
  const scroller = useRef<HTMLDivElement>(null);
  const view = useVisibleWindow(scroller, ROW_HEIGHT, 30);
  const all = trades.data ?? NO_TRADES;
  const rows = useRef<HTMLDivElement>(null);
  const tape = useRef<TradeTape | null>(null);
  const shown = useMemo(
    () => all.slice(view.first, view.first + view.count).map((t) => textOf(t, priceDecimals, sizeDecimals)),
    [all, view.first, view.count, priceDecimals, sizeDecimals],
  );
  // The rows are written by the tape (trade-tape.ts), not rendered: React leaves the element's children alone.
  useLayoutEffect(() => {
    tape.current ??= new TradeTape(rows.current!);
    tape.current.show(shown);
  }, [shown]);
  // A frozen feed must not look live: the rows dim and say when they were last true.
  const { asOf, health } = useMarketAsOf();
  return (
    <section aria-label="Recent trades" className="flex h-full min-h-0 flex-col" data-testid="recent-trades">
      <h2 className="flex h-7 shrink-0 items-center border-b border-line px-2 font-medium">
        Trades
        {asOf && (
          <span className="num ml-2 font-normal text-warn" data-testid="trades-as-of" title={`Market data ${health}: no new trades are arriving`}>
            as of {asOf}
          </span>
        )}
      </h2>
      <div className="grid shrink-0 grid-cols-3 px-2 py-0.5 text-right text-[11px] text-muted">
        <span className="text-left">Price</span>
        <span>Size ({info?.base_asset ?? ''})</span>
        <span>Time</span>
      </div>
      <div ref={scroller} onScroll={view.onScroll} className={`min-h-0 flex-1 overflow-y-auto [contain:content] [overflow-anchor:none] ${asOf ? 'opacity-40' : ''}`} data-stale={asOf ? 'true' : undefined}>
        {trades.isError && !trades.data && <p className="p-3 text-down">Trades unavailable: {trades.error.message}</p>}
        {trades.data?.length === 0 && <p className="p-3 text-muted">No trades yet</p>}
        <div className="relative" style={{ height: all.length * ROW_HEIGHT }}>
          <div ref={rows} data-testid="trade-rows" className="absolute inset-x-0" style={{ top: view.first * ROW_HEIGHT }} />
        </div>
      </div>
    </section>
  );
}
