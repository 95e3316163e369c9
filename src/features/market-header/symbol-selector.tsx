import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { formatCompact, formatPercent } from '../../lib/format';
import { FavoriteStar } from './favorite-star';
import { useFavorites } from './favorites-store';
import { searchMarkets } from './market-search';

/** The market picker: search by symbol or asset, star favorites, see price and 24 h change. */
export function SymbolSelector({ symbol, onSelect }: { symbol: string; onSelect: (symbol: string) => void }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [onlyFavorites, setOnlyFavorites] = useState(false);
  const favorites = useFavorites((s) => s.favorites);
  const overview = useQuery({ ...marketQueries.overview(api), refetchInterval: 10_000 });
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
  const pick = (s: string) => {
    setOpen(false);
    setQuery('');
    onSelect(s);
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
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && markets[0]) pick(markets[0].symbol);
              }}
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
          <table className="w-full text-right" role="listbox" aria-label="Markets">
            <thead className="text-muted">
              <tr>
                <th className="px-2 py-1 text-left font-normal">Market</th>
                <th className="px-2 py-1 font-normal">Last</th>
                <th className="px-2 py-1 font-normal">24h</th>
                <th className="px-2 py-1 font-normal">Volume</th>
              </tr>
            </thead>
            <tbody>
              {markets.map((m) => (
                <tr
                  key={m.symbol}
                  role="option"
                  aria-selected={m.symbol === symbol}
                  onClick={() => pick(m.symbol)}
                  className={`cursor-pointer ${m.symbol === symbol ? 'bg-panel-2' : 'hover:bg-panel-2'}`}
                >
                  <td className="px-2 py-1 text-left">
                    <FavoriteStar symbol={m.symbol} /> <span className="font-medium">{m.symbol}</span>
                  </td>
                  <td className="num px-2 py-1">{m.last_price}</td>
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
