import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { downloadCsv, toCsv } from '../../lib/csv';
import { show, showSigned } from '../../lib/display';
import { toneOf } from '../../ui/tone';
import { formatDateTime } from '../../lib/time';
import { tradeCsv } from './csv-columns';
import { HistoryFilters, type Filters } from './history-filters';
import { Empty, SmallButton, Td, Th } from './table-parts';
import { useSymbolDecimals } from './use-symbol-decimals';

const PAGE = 100;

/** The account's fills, newest first, a page at a time (last_id), filterable and exportable. */
export function TradeHistory({ account, symbols }: { account: string; symbols: readonly string[] }) {
  const api = useApi();
  const decimalsOf = useSymbolDecimals();
  const [filters, setFilters] = useState<Filters>({ symbol: '', side: '', status: '' });
  const query = useInfiniteQuery(
    userQueries.tradesPaged(api, account, {
      limit: PAGE,
      ...(filters.symbol ? { symbol: filters.symbol } : {}),
      ...(filters.side ? { side: filters.side } : {}),
    }),
  );
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.result) ?? [], [query.data]);

  return (
    <div>
      <HistoryFilters value={filters} onChange={setFilters} symbols={symbols}>
        <SmallButton onClick={() => downloadCsv(`trades-${account}.csv`, toCsv(rows, tradeCsv))} disabled={rows.length === 0}>
          Export CSV
        </SmallButton>
      </HistoryFilters>
      <table className="w-full" data-testid="trade-history">
        <thead>
          <tr>
            <Th>Time</Th>
            <Th align="left">Market</Th>
            <Th align="left">Side</Th>
            <Th>Price</Th>
            <Th>Size</Th>
            <Th>Value</Th>
            <Th>Fee</Th>
            <Th>Realized PnL</Th>
          </tr>
        </thead>
        <tbody>
          {query.isError && <Empty colSpan={8}>Trade history unavailable: {query.error.message}</Empty>}
          {query.isLoading && <Empty colSpan={8}>Loading trades…</Empty>}
          {query.isSuccess && rows.length === 0 && <Empty colSpan={8}>No trades match</Empty>}
          {rows.map((t) => {
            const d = decimalsOf(t.symbol);
            return (
              <tr key={t.id} className="border-t border-line/60 hover:bg-panel-2">
                <Td className="num text-muted">{formatDateTime(t.created_at)}</Td>
                <Td align="left" className="font-medium">{t.symbol}</Td>
                <Td align="left" className={t.side === 'buy' ? 'text-up' : 'text-down'}>{t.side === 'buy' ? 'Buy' : 'Sell'}</Td>
                <Td className="num">{show(t.price, d.price)}</Td>
                <Td className="num">{show(t.qty, d.qty)}</Td>
                <Td className="num">{show(t.value, 2)}</Td>
                <Td className="num">
                  {show(t.fee_qty, 4)} <span className="text-muted">{t.fee_asset}</span>
                </Td>
                <Td className={`num ${toneOf(t.pnl)}`}>{showSigned(t.pnl, 2)}</Td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {query.hasNextPage && (
        <div className="p-2 text-center">
          <SmallButton onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </SmallButton>
        </div>
      )}
    </div>
  );
}
