import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { useCachedData } from '../../api/use-cached-data';
import { useMarketAsOf } from '../../api/use-market-as-of';
import type { RecentTrade, SymbolInfo } from '../../api/schemas';
import { show } from '../../lib/display';
import { formatClock } from '../../lib/time';
import { HEALTH_WORDS } from '../../ui/stream-health-words';
import { TradeTape, type TapeWords, type TradeText } from './trade-tape';
import { useVisibleWindow } from './use-visible-window';

const ROW_HEIGHT = 18;
const NO_TRADES: RecentTrade[] = [];

/** What the panel renders from the query: whether there are trades, not which (the tape draws those). */
const tradeCount = (trades: RecentTrade[]) => (trades.length === 0 ? 'none' : 'some');

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

/**
 * The market's latest trades, newest on top: green when the buyer took liquidity, red when the
 * seller did. React renders the panel (when trades first arrive, fail, or the view scrolls); each
 * new trade is drawn straight from the cache into the tape, in the task the stream wrote it.
 */
export function RecentTrades({ symbol, info }: { symbol: string; info: SymbolInfo | undefined }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const trades = useQuery({ ...marketQueries.recentTrades(api, symbol), select: tradeCount });
  const priceDecimals = info?.price_tick_decimals ?? 2;
  const sizeDecimals = info?.qty_tick_decimals ?? 3;
  const scroller = useRef<HTMLDivElement>(null);
  const view = useVisibleWindow(scroller, ROW_HEIGHT, 30);
  const spacer = useRef<HTMLDivElement>(null);
  const rows = useRef<HTMLDivElement>(null);
  const tape = useRef<TradeTape | null>(null);
  const { first, count } = view;
  // A new language rewrites every row's words (the draw below changes with them).
  const words = useMemo<TapeWords>(() => ({ upTitle: t`Buyer took liquidity`, downTitle: t`Seller took liquidity`, buy: t`Buy`, sell: t`Sell` }), [t]);
  const draw = useCallback(
    (data: RecentTrade[] | undefined) => {
      if (!rows.current || !spacer.current) return;
      const all = data ?? NO_TRADES;
      spacer.current.style.height = `${all.length * ROW_HEIGHT}px`;
      tape.current ??= new TradeTape(rows.current);
      tape.current.show(
        all.slice(first, first + count).map((trade) => textOf(trade, priceDecimals, sizeDecimals)),
        words,
      );
    },
    [first, count, priceDecimals, sizeDecimals, words],
  );
  useCachedData(marketQueries.recentTrades(api, symbol).queryKey, draw);
  // A frozen feed must not look live: the rows dim and say when they were last true.
  const { asOf, health } = useMarketAsOf();
  const state = i18n._(HEALTH_WORDS[health]);
  const base = info?.base_asset ?? '';
  const failure = trades.error?.message ?? '';
  return (
    <section aria-label={t`Recent trades`} className="flex h-full min-h-0 flex-col" data-testid="recent-trades">
      <h2 className="flex h-7 shrink-0 items-center border-b border-line px-2 font-medium">
        <Trans>Trades</Trans>
        {asOf && (
          <span className="num ml-2 font-normal text-warn" data-testid="trades-as-of" title={t`Market data ${state}: no new trades are arriving`}>
            <Trans>as of {asOf}</Trans>
          </span>
        )}
      </h2>
      <div className="grid shrink-0 grid-cols-3 px-2 py-0.5 text-right text-[11px] text-muted">
        <span className="text-left">
          <Trans>Price</Trans>
        </span>
        <span>
          <Trans>Size ({base})</Trans>
        </span>
        <span>
          <Trans>Time</Trans>
        </span>
      </div>
      {/* Focusable so the keyboard can scroll back through the tape (axe scrollable-region-focusable). */}
      <div ref={scroller} onScroll={view.onScroll} tabIndex={0} role="region" aria-label={t`Trades, scrollable`} className={`min-h-0 flex-1 overflow-y-auto [contain:strict] [overflow-anchor:none] ${asOf ? 'opacity-40' : ''}`} data-stale={asOf ? 'true' : undefined}>
        {trades.isError && !trades.data && <p className="p-3 text-error">{t`Trades unavailable: ${failure}`}</p>}
        {trades.data === 'none' && <p className="p-3 text-muted">{t`No trades yet`}</p>}
        {/* Its height says how many trades there are (the scroll range); its size never comes from the rows, so moving them lays out this box alone. */}
        <div ref={spacer} className="relative [contain:strict]">
          <div ref={rows} role="list" aria-label={t`Trades, newest first`} data-testid="trade-rows" className="absolute inset-x-0" style={{ top: first * ROW_HEIGHT }} />
        </div>
      </div>
    </section>
  );
}
