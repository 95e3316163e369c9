import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import { useMarketAsOf } from '../../api/use-market-as-of';
import type { SymbolInfo } from '../../api/schemas';
import { useOrderTicket } from '../../stores/order-ticket';
import { decimalsOf, parseDepthTicks } from '../../lib/ticks';
import { HEALTH_WORDS } from '../../ui/stream-health-words';
import { BookLadder } from './book-ladder';

/**
 * The live order book: asks above, bids below, grouped by one of the symbol's depth ticks, with
 * cumulative depth bars and the spread. The stream writes one snapshot per frame into the cache;
 * only the ladder (book-ladder.tsx) reads it, so the title and the grouping picker stay put.
 * Each row keeps its place, not its price: as prices move the same elements get new text
 * (ladder-rows.ts), where rows per price would remove and insert elements (and lay the panel out
 * again) every frame.
 */
export function OrderBook({ symbol, info }: { symbol: string; info: SymbolInfo | undefined }) {
  const ticks = useMemo(() => (info ? parseDepthTicks(info.depth_ticks) : []), [info]);
  const [chosenTick, setChosenTick] = useState<{ symbol: string; tick: string } | null>(null);
  const tick = chosenTick?.symbol === symbol && ticks.includes(chosenTick.tick) ? chosenTick.tick : (ticks[0] ?? '0');
  const priceDecimals = info ? Math.min(info.price_tick_decimals, decimalsOf(tick)) : 2;
  const sizeDecimals = info?.qty_tick_decimals ?? 3;
  const request = useOrderTicket((s) => s.request);
  const pick = useCallback((price: string) => request({ symbol, price }), [request, symbol]);

  const spreadDecimals = info?.price_tick_decimals ?? 2;
  const decimals = useMemo(() => ({ price: priceDecimals, size: sizeDecimals, spread: spreadDecimals }), [priceDecimals, sizeDecimals, spreadDecimals]);
  // A frozen feed must not look live: the rows dim and say when they were last true.
  const { t, i18n } = useLingui();
  const { asOf, health } = useMarketAsOf();
  const state = i18n._(HEALTH_WORDS[health]);
  const base = info?.base_asset ?? '';

  return (
    <section aria-label={t`Order book`} className="flex h-full min-h-0 flex-col" data-testid="order-book">
      <div className="flex h-7 shrink-0 items-center justify-between border-b border-line px-2">
        <h2 className="font-medium">
          <Trans>Order book</Trans>
          {asOf && (
            <span className="num ml-2 font-normal text-warn" data-testid="book-as-of" title={t`Market data ${state}: the book is not updating`}>
              <Trans>as of {asOf}</Trans>
            </span>
          )}
        </h2>
        <label className="flex items-center gap-1 text-muted">
          <span className="sr-only">
            <Trans>Price grouping</Trans>
          </span>
          <select
            value={tick}
            onChange={(e) => setChosenTick({ symbol, tick: e.target.value })}
            className="num rounded border border-line bg-bg px-1 py-0.5 text-text"
            aria-label={t`Price grouping`}
          >
            {ticks.map((step) => (
              <option key={step} value={step}>
                {step}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="grid shrink-0 grid-cols-3 px-2 py-0.5 text-right text-[11px] text-muted">
        <span className="text-left">
          <Trans>Price</Trans>
        </span>
        <span>
          <Trans>Size ({base})</Trans>
        </span>
        <span>
          <Trans>Total</Trans>
        </span>
      </div>
      <BookLadder symbol={symbol} tick={tick} decimals={decimals} stale={asOf !== null} unit={base} onPick={pick} />
    </section>
  );
}
