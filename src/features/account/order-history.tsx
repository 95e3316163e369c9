import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { OrderStatus } from '../../api/schemas';
import { downloadCsv, toCsv } from '../../lib/csv';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { formatDateTime } from '../../lib/time';
import { orderCsv } from './csv-columns';
import { HistoryFilters, type Filters } from './history-filters';
import { orderKind, STATUS_LABEL } from './order-labels';
import { Empty, SmallButton, Td, Th } from './table-parts';
import { useSymbolDecimals } from './use-symbol-decimals';

const PAGE = 100;
const STATUSES = (Object.keys(STATUS_LABEL) as OrderStatus[]).map((s) => ({ value: s, label: STATUS_LABEL[s] }));

/** Every order of the account, newest first, a page at a time (last_id), filterable and exportable. */
export function OrderHistory({ account, symbols }: { account: string; symbols: readonly string[] }) {
  const api = useApi();
  const decimalsOf = useSymbolDecimals();
  const [filters, setFilters] = useState<Filters>({ symbol: '', side: '', status: '' });
  const query = useInfiniteQuery(
    userQueries.ordersPaged(api, account, {
      limit: PAGE,
      ...(filters.symbol ? { symbol: filters.symbol } : {}),
      ...(filters.status ? { status: filters.status as OrderStatus } : {}),
    }),
  );
  // query_orders has no side filter: that one is applied here.
  const rows = useMemo(
    () => (query.data?.pages.flatMap((p) => p.result) ?? []).filter((o) => !filters.side || o.side === filters.side),
    [query.data, filters.side],
  );

  return (
    <div>
      <HistoryFilters value={filters} onChange={setFilters} symbols={symbols} statuses={STATUSES}>
        <SmallButton onClick={() => downloadCsv(`orders-${account}.csv`, toCsv(rows, orderCsv))} disabled={rows.length === 0}>
          Export CSV
        </SmallButton>
      </HistoryFilters>
      <table className="w-full" data-testid="order-history">
        <thead>
          <tr>
            <Th>Time</Th>
            <Th align="left">Market</Th>
            <Th align="left">Type</Th>
            <Th align="left">Side</Th>
            <Th>Price</Th>
            <Th>Size</Th>
            <Th>Filled</Th>
            <Th>Avg. price</Th>
            <Th align="left">Reduce only</Th>
            <Th align="left">Status</Th>
          </tr>
        </thead>
        <tbody>
          {query.isError && <Empty colSpan={10}>Order history unavailable: {query.error.message}</Empty>}
          {query.isLoading && <Empty colSpan={10}>Loading orders…</Empty>}
          {query.isSuccess && rows.length === 0 && <Empty colSpan={10}>No orders match</Empty>}
          {rows.map((o) => {
            const d = decimalsOf(o.symbol);
            return (
              <tr key={o.id} className="border-t border-line/60 hover:bg-panel-2" title={o.remark || undefined}>
                <Td className="num text-muted">{formatDateTime(o.created_at)}</Td>
                <Td align="left" className="font-medium">{o.symbol}</Td>
                <Td align="left">{orderKind(o)}</Td>
                <Td align="left" className={o.side === 'buy' ? 'text-up' : 'text-down'}>{o.side === 'buy' ? 'Buy' : 'Sell'}</Td>
                <Td className="num">{o.order_type === 'market' && o.source === 'user' ? 'Market' : show(o.price, d.price)}</Td>
                <Td className="num">{show(o.qty, d.qty)}</Td>
                <Td className="num">{show(o.fill_qty, d.qty)}</Td>
                <Td className="num">{dec(o.fill_qty).isZero() ? '—' : show(o.fill_avg_price, d.price)}</Td>
                <Td align="left">{o.reduce_only ? 'Yes' : 'No'}</Td>
                <Td align="left" className={o.status === 'rejected' ? 'text-down' : o.status === 'filled' ? 'text-up' : 'text-muted'}>
                  {STATUS_LABEL[o.status]}
                  {o.remark ? <span className="text-muted"> · {o.remark}</span> : null}
                </Td>
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
