import { useLingui } from '@lingui/react/macro';
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
import { SIDE_LABEL } from './order-labels';
import { ShareTradeButton, tradeHasCard } from './share-pnl';


/** The account's fills, newest first, a page at a time (last_id), filterable and exportable; a row opens its order. */
export function TradeHistory({ account, symbols }: { account: string; symbols: readonly string[] }) {
  const { t, i18n } = useLingui();
  const columns: Column[] = [
    { label: t`Time` },
    { label: t({ message: 'Market', context: 'symbol' }), align: 'left', card: 'title' },
    { label: t`Side`, align: 'left' },
    { label: t`Price` },
    { label: t`Size` },
    { label: t`Value` },
    { label: t`Fee` },
    { label: t`Realized PnL` },
    { label: <span className="sr-only">{t({ message: 'Share', context: 'share a PnL card' })}</span> },
  ];
  const words = { loading: t`Loading trades…`, empty: t`No trades match`, unavailable: t`Trade history unavailable` };
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
      <PagedTable testId="trade-history" columns={columns} rowCount={rows.length} query={query} words={words}>
        {rows.map((trade) => {
          const d = decimalsOf(trade.symbol);
          const orderId = trade.order_id;
          return (
            <tr key={trade.id} className={`${ROW} cursor-pointer`} title={t`Open order ${orderId}`} onClick={() => openDetail(trade.order_id)}>
              <Td className="num text-muted">{formatDateTime(trade.created_at)}</Td>
              <Td align="left" className="font-medium">
                <OrderDetailButton symbol={trade.symbol} orderId={trade.order_id} onOpen={(e) => (e.stopPropagation(), openDetail(trade.order_id))} />
              </Td>
              <Td align="left" className={trade.side === 'buy' ? 'text-up' : 'text-down'}>{i18n._(SIDE_LABEL[trade.side])}</Td>
              {fillCells(trade, d)}
              <Td>{tradeHasCard(trade) && <ShareTradeButton trade={trade} loaded={rows} account={account} places={d} />}</Td>
            </tr>
          );
        })}
      </PagedTable>
      <OrderDetailDialog account={account} />
    </div>
  );
}
