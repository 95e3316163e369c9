import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { collectAllPages } from '../../lib/collect-pages';
import { formatDateTime } from '../../lib/time';
import { useOrderDetail } from '../../stores/order-detail';
import { tradeCsv } from './csv-columns';
import { fillCells } from './fill-cells';
import { ExportRangeButton } from './export-range-button';
import { filterRange, HistoryFilters, NO_FILTERS, type Filters } from './history-filters';
import { historyPageSize } from './history-page-size';
import { OrderDetailDialog } from './order-detail';
import { PagedTable, type Column } from '../../ui/paged-table';
import { ROW, Td } from '../../ui/table-cells';
import { useSymbolDecimals } from './use-symbol-decimals';
import { OrderDetailButton } from './order-detail-button';

const COLUMNS: Column[] = [
  { label: 'Time' },
  { label: 'Market', align: 'left', card: 'title' },
  { label: 'Side', align: 'left' },
  { label: 'Price' },
  { label: 'Size' },
  { label: 'Value' },
  { label: 'Fee' },
  { label: 'Realized PnL' },
];
const WORDS = { loading: 'Loading trades…', empty: 'No trades match', unavailable: 'Trade history unavailable' };

/** The account's fills, newest first, a page at a time (last_id), filterable and exportable; a row opens its order. */
export function TradeHistory({ account, symbols }: { account: string; symbols: readonly string[] }) {
  const api = useApi();
  const decimalsOf = useSymbolDecimals();
  const openDetail = useOrderDetail((s) => s.open);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const page = historyPageSize();
  const filter = {
    ...(filters.symbol ? { symbol: filters.symbol } : {}),
    ...(filters.side ? { side: filters.side } : {}),
    ...filterRange(filters),
  };
  const query = useInfiniteQuery(userQueries.tradesPaged(api, account, { limit: page, ...filter }));
  const rows = query.data?.pages.flatMap((p) => p.result) ?? [];

  return (
    <div>
      <HistoryFilters value={filters} onChange={setFilters} symbols={symbols}>
        <ExportRangeButton
          filename={`trades-${account}.csv`}
          columns={tradeCsv}
          collect={(onProgress, signal) =>
            collectAllPages((last_id) => api.user.queryTrades({ ...filter, limit: page, last_id }).then((p) => p.result), {
              idOf: (t) => t.id,
              pageSize: page,
              onProgress,
              signal,
            })
          }
        />
      </HistoryFilters>
      <PagedTable testId="trade-history" columns={COLUMNS} rowCount={rows.length} query={query} words={WORDS}>
        {rows.map((t) => {
          const d = decimalsOf(t.symbol);
          return (
            <tr key={t.id} className={`${ROW} cursor-pointer`} title={`Open order ${t.order_id}`} onClick={() => openDetail(t.order_id)}>
              <Td className="num text-muted">{formatDateTime(t.created_at)}</Td>
              <Td align="left" className="font-medium">
                <OrderDetailButton symbol={t.symbol} orderId={t.order_id} onOpen={(e) => (e.stopPropagation(), openDetail(t.order_id))} />
              </Td>
              <Td align="left" className={t.side === 'buy' ? 'text-up' : 'text-down'}>{t.side === 'buy' ? 'Buy' : 'Sell'}</Td>
              {fillCells(t, d)}
            </tr>
          );
        })}
      </PagedTable>
      <OrderDetailDialog account={account} />
    </div>
  );
}
