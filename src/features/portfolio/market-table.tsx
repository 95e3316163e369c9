import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { showUsd } from '../../lib/display';
import { sortMarkets, type MarketColumn, type MarketFigures, type SortDirection } from '../../lib/portfolio/market-figures';
import { ROW, Td, Th } from '../../ui/table-cells';
import { drawdownText, Signed, winRateText } from './figure-cells';
import { MARKET_COLUMNS } from './portfolio-words';

/** The figures market by market; a column heading sorts by it, again reverses. */
export function MarketTable({ markets }: { markets: readonly MarketFigures[] }) {
  const { t, i18n } = useLingui();
  const [sort, setSort] = useState<{ column: MarketColumn; direction: SortDirection }>({ column: 'netPnl', direction: 'desc' });
  const rows = useMemo(() => sortMarkets(markets, sort.column, sort.direction), [markets, sort]);
  const sortBy = (column: MarketColumn) =>
    setSort((s) => (s.column === column ? { column, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { column, direction: column === 'symbol' ? 'asc' : 'desc' }));

  if (markets.length === 0) return <p className="px-3 py-2 text-muted">{t`No trades in this period.`}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse" data-testid="portfolio-markets">
        <caption className="sr-only">{t`Figures by market`}</caption>
        <thead>
          <tr>
            {MARKET_COLUMNS.map(({ key, label }) => {
              const active = sort.column === key;
              const arrow = active ? (sort.direction === 'asc' ? '▲' : '▼') : '';
              return (
                <Th key={key} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} align={key === 'symbol' ? 'left' : 'right'}>
                  <button type="button" className="hover:text-text" onClick={() => sortBy(key)}>
                    {i18n._(label)}
                    {arrow && (
                      <span aria-hidden="true" className="ml-1">
                        {arrow}
                      </span>
                    )}
                  </button>
                </Th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            <tr key={m.symbol} className={ROW} data-testid={`market-row-${m.symbol}`}>
              <Td align="left" className="text-text">
                {m.symbol}
              </Td>
              <Td className="num">
                <Signed value={m.netPnl} />
              </Td>
              <Td className="num">
                <Signed value={m.realizedPnl} />
              </Td>
              <Td className="num">{showUsd(m.fees)}</Td>
              <Td className="num">
                <Signed value={m.fundingNet} />
              </Td>
              <Td className="num">
                <Signed value={m.unrealizedPnl} />
              </Td>
              <Td className="num">{showUsd(m.volume)}</Td>
              <Td className="num">{i18n.number(m.trades)}</Td>
              <Td className="num">{winRateText(m.winRate)}</Td>
              <Td className="num">
                <Signed value={m.averageWin} />
              </Td>
              <Td className="num">
                <Signed value={m.averageLoss} />
              </Td>
              <Td className="num">{drawdownText(m.maxDrawdown.amount)}</Td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
