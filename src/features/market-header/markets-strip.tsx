import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { formatPercent } from '../../lib/format';
import { FavoriteStar } from './favorite-star';
import { useFavorites } from './favorites-store';
import { searchMarkets } from './market-search';

/**
 * Moves the focus along the strip's market buttons with ← → Home End: the strip is one Tab stop (the
 * current market's button), so the keyboard crosses it in one press on its way to the page.
 */
function roveMarkets(e: KeyboardEvent<HTMLElement>) {
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-market]')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  buttons[(to + buttons.length) % buttons.length]?.focus();
}

/** Every market in one line (favorites first): last price and 24 h change; click to switch. */
export function MarketsStrip({ symbol, onSelect }: { symbol: string; onSelect: (symbol: string) => void }) {
  const { t } = useLingui();
  const api = useApi();
  const overview = useQuery({ ...marketQueries.overview(api), refetchInterval: 10_000 });
  const favorites = useFavorites((s) => s.favorites);
  if (overview.isError) {
    const failure = overview.error.message;
    return (
      <p className="px-3 py-1 text-error" role="alert">
        {t`Markets unavailable: ${failure}`}
      </p>
    );
  }
  const markets = searchMarkets(overview.data?.symbols ?? [], '', favorites);
  return (
    <nav aria-label={t`Markets`} className="flex items-center gap-1 overflow-x-auto whitespace-nowrap px-2" onKeyDown={roveMarkets}>
      {markets.map((m) => (
        <div
          key={m.symbol}
          data-testid={`market-${m.symbol}`}
          className={`flex items-center gap-1 rounded px-1.5 py-0.5 ${m.symbol === symbol ? 'bg-panel-2' : 'hover:bg-panel-2'}`}
        >
          {/* Out of the Tab order here (the market picker's stars take the keyboard's favorites). */}
          <FavoriteStar symbol={m.symbol} tabIndex={-1} />
          <button
            type="button"
            onClick={() => onSelect(m.symbol)}
            className="flex items-center gap-1.5"
            aria-current={m.symbol === symbol ? 'page' : undefined}
            tabIndex={m.symbol === symbol || (!markets.some((x) => x.symbol === symbol) && m === markets[0]) ? 0 : -1}
            data-market={m.symbol}
          >
            <span className="font-medium">{m.symbol}</span>
            <span className="num text-muted">{m.last_price}</span>
            <span className={`num ${m.price_change_pct >= 0 ? 'text-up' : 'text-down'}`}>{formatPercent(m.price_change_pct)}</span>
          </button>
        </div>
      ))}
    </nav>
  );
}
