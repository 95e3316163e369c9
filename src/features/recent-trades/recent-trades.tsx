import { useQuery } from '@tanstack/react-query';
import { memo, useRef } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { useMarketAsOf } from '../../api/use-market-as-of';
import type { RecentTrade, SymbolInfo } from '../../api/schemas';
import { show } from '../../lib/display';
import { formatClock } from '../../lib/time';
import { useVisibleWindow } from './use-visible-window';

const ROW_HEIGHT = 18;

// Trades carry no id, but the cache keeps each trade object as new ones are prepended: its identity
// is a stable row key, so a new trade adds one row instead of re-creating the whole list.
const rowIds = new WeakMap<RecentTrade, number>();
let nextRowId = 0;
function rowKey(t: RecentTrade): number {
  let id = rowIds.get(t);
  if (id === undefined) {
    id = ++nextRowId;
    rowIds.set(t, id);
  }
  return id;
}

const TradeRow = memo(function TradeRow({ trade: t, priceDecimals, sizeDecimals }: { trade: RecentTrade; priceDecimals: number; sizeDecimals: number }) {
  return (
    <div className="grid h-[18px] grid-cols-3 items-center px-2 text-right" title={t.is_buyer_taker ? 'Buyer took liquidity' : 'Seller took liquidity'}>
      <span className={`num text-left ${t.is_buyer_taker ? 'text-up' : 'text-down'}`}>{show(t.price, priceDecimals)}</span>
      <span className="num">{show(t.qty, sizeDecimals)}</span>
      <span className="num text-muted">{formatClock(t.time)}</span>
    </div>
  );
});

/** The market's latest trades, newest on top: green when the buyer took liquidity, red when the seller did. */
export function RecentTrades({ symbol, info }: { symbol: string; info: SymbolInfo | undefined }) {
  const api = useApi();
  const trades = useQuery(marketQueries.recentTrades(api, symbol));
  const priceDecimals = info?.price_tick_decimals ?? 2;
  const sizeDecimals = info?.qty_tick_decimals ?? 3;
  const scroller = useRef<HTMLDivElement>(null);
  const view = useVisibleWindow(scroller, ROW_HEIGHT, 30);
  const all = trades.data ?? [];
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
      <div ref={scroller} onScroll={view.onScroll} className={`min-h-0 flex-1 overflow-y-auto ${asOf ? 'opacity-40' : ''}`} data-stale={asOf ? 'true' : undefined}>
        {trades.isError && !trades.data && <p className="p-3 text-down">Trades unavailable: {trades.error.message}</p>}
        {trades.data?.length === 0 && <p className="p-3 text-muted">No trades yet</p>}
        <div className="relative" style={{ height: all.length * ROW_HEIGHT }}>
          <div data-testid="trade-rows" className="absolute inset-x-0" style={{ top: view.first * ROW_HEIGHT }}>
            {all.slice(view.first, view.first + view.count).map((t) => (
              <TradeRow key={rowKey(t)} trade={t} priceDecimals={priceDecimals} sizeDecimals={sizeDecimals} />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
