import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { show } from '../../lib/display';
import { formatCompact, formatPercent } from '../../lib/format';
import { FavoriteStar } from './favorite-star';
import { useFavorites } from './favorites-store';
import { assetName, searchMarkets } from './market-search';

/**
 * The market picker: search by symbol, ticker or asset name (gold, bitcoin), arrows and Enter to
 * choose, star favorites, see price (at the market's precision) and 24 h change.
 *
 * A combobox: the search box owns the focus and points at the highlighted option
 * (aria-activedescendant); the options hold text only, and each market's star is a button of its
 * own beside the list, not inside an option. Esc closes and gives the focus back to the opener, as
 * picking a market does; the focus leaving the popup (Tab past its last control) closes it.
 */
export function SymbolSelector({ symbol, onSelect }: { symbol: string; onSelect: (symbol: string) => void }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [onlyFavorites, setOnlyFavorites] = useState(false);
  const favorites = useFavorites((s) => s.favorites);
  const overview = useQuery({ ...marketQueries.overview(api), refetchInterval: 10_000 });
  const info = useQuery(marketQueries.symbolInfo(api));
  const [highlight, setHighlight] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const listId = `market-options${useId().replace(/:/g, '')}`;

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const nameOf = (base: string) => {
    const name = assetName(base);
    return name && i18n._(name);
  };
  /** An option as a screen reader hears it: "ETH-USD Ether, last 3,001.25, 24h -0.50%, volume 800.00K". */
  const optionWords = (market: string, name: string | undefined, last: string, change: string, volume: string, current: boolean) => {
    if (name) {
      return current
        ? t`${market} ${name}, last ${last}, 24h ${change}, volume ${volume}, current market`
        : t`${market} ${name}, last ${last}, 24h ${change}, volume ${volume}`;
    }
    return current ? t`${market}, last ${last}, 24h ${change}, volume ${volume}, current market` : t`${market}, last ${last}, 24h ${change}, volume ${volume}`;
  };
  const markets = searchMarkets(overview.data?.symbols ?? [], query, favorites, nameOf).filter((m) => !onlyFavorites || favorites.includes(m.symbol));
  const active = Math.min(highlight, Math.max(0, markets.length - 1));
  const decimalsOf = (sym: string) => info.data?.find((i) => i.symbol === sym)?.price_tick_decimals ?? 2;
  const optionId = (sym: string) => `${listId}-${sym}`;
  const close = () => {
    setOpen(false);
    setQuery('');
    setHighlight(0);
  };
  /** Closes the popup with the focus back on the opener (never on the page's body). */
  const closeToOpener = () => {
    close();
    opener.current?.focus();
  };
  const pick = (s: string) => {
    closeToOpener();
    onSelect(s);
  };
  const onSearchKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const next = (active + step + markets.length) % Math.max(1, markets.length);
      setHighlight(next);
      const m = markets[next];
      if (m) document.getElementById(optionId(m.symbol))?.scrollIntoView?.({ block: 'nearest' });
    } else if (e.key === 'Enter' && markets[active]) {
      e.preventDefault();
      pick(markets[active].symbol);
    }
  };
  // Tab past the popup's last control (or Shift+Tab before its first) closes it: nothing stays open behind the focus.
  const onBlur = (e: FocusEvent) => {
    if (e.relatedTarget instanceof Node && box.current?.contains(e.relatedTarget)) return;
    if (e.relatedTarget === null) return; // a click on nothing focusable inside: the mousedown handler decides
    close();
  };

  return (
    <div ref={box} className="relative">
      <button
        ref={opener}
        type="button"
        onClick={() => (open ? close() : setOpen(true))}
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-label={t`${symbol}, choose market`}
        data-testid="symbol-selector"
        // Where the focus lands on arriving from another page (app/use-arrival-focus.ts): the next
        // thing a trader does on a market's page is trade it, or choose another.
        data-arrival-focus
        className="flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded px-1.5 py-1 text-[15px] font-semibold hover:bg-panel-2"
      >
        {symbol}
        <span className="text-[10px] text-muted" aria-hidden="true">
          ▼
        </span>
      </button>
      {open && (
        <div
          className="absolute left-0 top-full z-30 mt-1 w-[400px] max-w-[calc(100vw-16px)] rounded border border-line bg-panel shadow-xl shadow-black/50"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              closeToOpener();
            }
          }}
          onBlur={onBlur}
          data-testid="market-picker"
        >
          <div className="flex items-center gap-2 border-b border-line p-2">
            <input
              autoFocus
              role="combobox"
              aria-expanded="true"
              aria-autocomplete="list"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setHighlight(0);
              }}
              onKeyDown={onSearchKey}
              aria-controls={listId}
              aria-activedescendant={markets[active] ? optionId(markets[active].symbol) : undefined}
              placeholder={t`Search markets`}
              aria-label={t`Search markets`}
              className="min-w-0 flex-1 rounded border border-line bg-bg px-2 py-1 outline-none focus:border-accent"
            />
            <button
              type="button"
              onClick={() => setOnlyFavorites((v) => !v)}
              aria-pressed={onlyFavorites}
              className={`rounded border px-2 py-1 ${onlyFavorites ? 'border-warn text-warn' : 'border-line text-muted hover:text-text'}`}
            >
              <Trans>★ Favorites</Trans>
            </button>
          </div>
          <div className={`grid ${ROW} py-1 pl-8 pr-2 text-right text-muted`} aria-hidden="true">
            <span className="text-left">
              <Trans context="column: market symbol">Market</Trans>
            </span>
            <span>
              <Trans>Last</Trans>
            </span>
            <span>
              <Trans>24h</Trans>
            </span>
            <span>
              <Trans>Volume</Trans>
            </span>
          </div>
          <div className="flex max-h-[60vh] overflow-y-auto">
            {/* The stars: buttons of their own, beside the options (an option holds no control). */}
            <div className="flex w-6 shrink-0 flex-col" role="group" aria-label={t`Favorites`}>
              {markets.map((m) => (
                <span key={m.symbol} className="flex h-7 items-center justify-center">
                  <FavoriteStar symbol={m.symbol} />
                </span>
              ))}
            </div>
            <div role="listbox" aria-label={t`Markets`} id={listId} className="min-w-0 flex-1">
              {markets.map((m, i) => {
                const name = nameOf(m.base);
                const market = m.symbol;
                const last = show(m.last_price, decimalsOf(m.symbol));
                const change = formatPercent(m.price_change_pct);
                const volume = formatCompact(m.volume_quote_24h);
                return (
                  <div
                    key={m.symbol}
                    id={optionId(m.symbol)}
                    role="option"
                    aria-selected={i === active}
                    aria-current={m.symbol === symbol ? 'true' : undefined}
                    onClick={() => pick(m.symbol)}
                    onMouseEnter={() => setHighlight(i)}
                    data-active={i === active ? 'true' : undefined}
                    className={`grid h-7 cursor-pointer ${ROW} items-center rounded-sm pr-2 text-right ${
                      i === active ? 'bg-panel-2 outline-2 -outline-offset-2 outline-accent' : ''
                    } ${m.symbol === symbol ? 'text-accent' : ''}`}
                  >
                    {/* Named by content: the words below for screen readers, the cells hidden from them — an
                        aria-label over the cells would not hold their text as shown (WCAG 2.5.3). */}
                    <span className="truncate text-left" aria-hidden="true">
                      <span className="font-medium" data-testid="market-option-symbol">
                        {m.symbol}
                      </span>
                      {name && <span className="ml-1.5 text-muted">{name}</span>}
                    </span>
                    <span className="num" aria-hidden="true">{last}</span>
                    <span className={`num ${m.price_change_pct >= 0 ? 'text-up' : 'text-down'}`} aria-hidden="true">{change}</span>
                    <span className="num" aria-hidden="true">{volume}</span>
                    <span className="sr-only">{optionWords(market, name, last, change, volume, m.symbol === symbol)}</span>
                  </div>
                );
              })}
            </div>
          </div>
          {markets.length === 0 && <p className="px-2 py-3 text-center text-muted">{overview.isLoading ? t`Loading markets…` : t`No market matches`}</p>}
        </div>
      )}
    </div>
  );
}

/** The options' columns (the header row's too): market, last, 24 h, volume. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind class names
const ROW = 'grid-cols-[minmax(0,1.6fr)_minmax(0,1.1fr)_minmax(0,0.8fr)_minmax(0,0.8fr)] gap-2';
