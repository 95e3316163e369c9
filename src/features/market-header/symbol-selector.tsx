import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
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
 */
export function SymbolSelector({ symbol, onSelect }: { symbol: string; onSelect: (symbol: string) => void }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [onlyFavorites, setOnlyFavorites] = useState(false);
  const favorites = useFavorites((s) => s.favorites);
  const overview = useQuery({ ...marketQueries.overview(api), refetchInterval: 10_000 });
  const info = useQuery(marketQueries.symbolInfo(api));
  const [highlight, setHighlight] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const markets = searchMarkets(overview.data?.symbols ?? [], query, favorites).filter((m) => !onlyFavorites || favorites.includes(m.symbol));
  const active = Math.min(highlight, Math.max(0, markets.length - 1));
  const decimalsOf = (sym: string) => info.data?.find((i) => i.symbol === sym)?.price_tick_decimals ?? 2;
  const pick = (s: string) => {
    setOpen(false);
    setQuery('');
    setHighlight(0);
    onSelect(s);
  };
  const onSearchKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setHighlight((active + step + markets.length) % Math.max(1, markets.length));
    } else if (e.key === 'Enter' && markets[active]) {
      pick(markets[active].symbol);
    }
  };

  return (
    <div ref={box} className="relative">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="listbox"
        data-testid="symbol-selector"
        className="flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded px-1.5 py-1 text-[15px] font-semibold hover:bg-panel-2"
      >
        {symbol}
        <span className="text-[10px] text-muted">▼</span>
      </button>
      {open && (
        <div
          className="absolute left-0 top-full z-30 mt-1 w-[380px] max-w-[calc(100vw-16px)] rounded border border-line bg-panel shadow-xl shadow-black/50"
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          <div className="flex items-center gap-2 border-b border-line p-2">
            <input
              autoFocus
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setHighlight(0);
              }}
              onKeyDown={onSearchKey}
              aria-controls="market-options"
              aria-activedescendant={markets[active] ? `market-option-${markets[active].symbol}` : undefined}
              placeholder="Search markets"
              aria-label="Search markets"
              className="min-w-0 flex-1 rounded border border-line bg-bg px-2 py-1 outline-none focus:border-accent"
            />
            <button
              type="button"
              onClick={() => setOnlyFavorites((v) => !v)}
              aria-pressed={onlyFavorites}
              className={`rounded border px-2 py-1 ${onlyFavorites ? 'border-warn text-warn' : 'border-line text-muted hover:text-text'}`}
            >
              ★ Favorites
            </button>
          </div>
          <table className="w-full text-right" role="listbox" aria-label="Markets" id="market-options">
            <thead className="text-muted">
              <tr>
                <th className="px-2 py-1 text-left font-normal">Market</th>
                <th className="px-2 py-1 font-normal">Last</th>
                <th className="px-2 py-1 font-normal">24h</th>
                <th className="px-2 py-1 font-normal">Volume</th>
              </tr>
            </thead>
            <tbody>
              {markets.map((m, i) => (
                <tr
                  key={m.symbol}
                  id={`market-option-${m.symbol}`}
                  role="option"
                  aria-selected={i === active}
                  onClick={() => pick(m.symbol)}
                  onMouseEnter={() => setHighlight(i)}
                  className={`cursor-pointer ${i === active ? 'bg-panel-2' : ''} ${m.symbol === symbol ? 'text-accent' : ''}`}
                >
                  <td className="px-2 py-1 text-left">
                    <FavoriteStar symbol={m.symbol} /> <span className="font-medium">{m.symbol}</span>
                    {assetName(m.base) && <span className="ml-1.5 text-muted">{assetName(m.base)}</span>}
                  </td>
                  <td className="num px-2 py-1">{show(m.last_price, decimalsOf(m.symbol))}</td>
                  <td className={`num px-2 py-1 ${m.price_change_pct >= 0 ? 'text-up' : 'text-down'}`}>{formatPercent(m.price_change_pct)}</td>
                  <td className="num px-2 py-1">{formatCompact(m.volume_quote_24h)}</td>
                </tr>
              ))}
              {markets.length === 0 && (
                <tr>
                  <td colSpan={4} className="px-2 py-3 text-center text-muted">
                    {overview.isLoading ? 'Loading markets…' : 'No market matches'}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
