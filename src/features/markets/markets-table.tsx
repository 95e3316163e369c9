import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { marketQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { formatCompact, formatPercent } from '../../lib/format';

/** Every market of the overview: last and mark price, 24 h change and volume, open interest. */
export function MarketsTable({ activeSymbol }: { activeSymbol: string }) {
  const api = useApi();
  const overview = useQuery({ ...marketQueries.overview(api), refetchInterval: 5_000 });

  if (overview.isError) {
    return <p className="p-3 text-down" role="alert">Markets unavailable: {overview.error.message}</p>;
  }
  if (!overview.data) return <p className="p-3 text-muted">Loading markets…</p>;

  return (
    <table className="w-full text-right" aria-label="Markets">
      <thead className="text-muted">
        <tr>
          <th className="px-2 py-1 text-left font-normal">Market</th>
          <th className="px-2 py-1 font-normal">Last</th>
          <th className="px-2 py-1 font-normal">Mark</th>
          <th className="px-2 py-1 font-normal">24h</th>
          <th className="px-2 py-1 font-normal">Volume</th>
          <th className="px-2 py-1 font-normal">Open interest</th>
        </tr>
      </thead>
      <tbody>
        {overview.data.symbols.map((m) => (
          <tr key={m.symbol} className={m.symbol === activeSymbol ? 'bg-panel-2' : 'hover:bg-panel-2'} data-testid={`market-${m.symbol}`}>
            <td className="px-2 py-1 text-left">
              <Link to={`/trade/${m.symbol}`} className="font-medium text-text hover:text-accent">
                {m.symbol}
              </Link>
            </td>
            <td className="num px-2 py-1">{m.last_price}</td>
            <td className="num px-2 py-1">{m.mark_price}</td>
            <td className={`num px-2 py-1 ${m.price_change_pct >= 0 ? 'text-up' : 'text-down'}`}>{formatPercent(m.price_change_pct)}</td>
            <td className="num px-2 py-1">{formatCompact(m.volume_quote_24h)}</td>
            <td className="num px-2 py-1">{formatCompact(m.open_interest_notional)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
