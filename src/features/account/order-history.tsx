import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import type { OrderStatus } from '../../api/schemas';
import { collectAllPages } from '../../lib/collect-pages';
import { dec } from '../../lib/decimal';
import { show } from '../../lib/display';
import { formatDateTime } from '../../lib/time';
import { useOrderDetail } from '../../stores/order-detail';
import { orderCsv } from './csv-columns';
import { ExportRangeButton } from './export-range-button';
import { filterRange, HistoryFilters, NO_FILTERS, type Filters } from './history-filters';
import { historyPageSize } from './history-page-size';
import { OrderDetailDialog } from './order-detail';
import { orderKind, sizeLabel, STATUS_LABEL, statusLabel } from './order-labels';
import { isFiredClose } from '../../lib/position-tpsl';
import { PagedTable, type Column } from '../../ui/paged-table';
import { ROW, Td } from '../../ui/table-cells';
import { useSymbolDecimals } from './use-symbol-decimals';
import { OrderDetailButton } from './order-detail-button';

const STATUSES = (Object.keys(STATUS_LABEL) as OrderStatus[]).map((s) => ({ value: s, label: STATUS_LABEL[s] }));
const COLUMNS: Column[] = [
  { label: 'Time' },
  { label: 'Market', align: 'left', card: 'title' },
  { label: 'Type', align: 'left' },
  { label: 'Side', align: 'left' },
  { label: 'Price' },
  { label: 'Size' },
  { label: 'Filled' },
  { label: 'Avg. price' },
  { label: 'Reduce only', align: 'left' },
  { label: 'Status', align: 'left' },
];
const WORDS = { loading: 'Loading orders…', empty: 'No orders match', unavailable: 'Order history unavailable' };

/** Every order of the account, newest first, a page at a time (last_id), filterable and exportable; a row opens its detail. */
export function OrderHistory({ account, symbols }: { account: string; symbols: readonly string[] }) {
  const api = useApi();
  const decimalsOf = useSymbolDecimals();
  const openDetail = useOrderDetail((s) => s.open);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const page = historyPageSize();
  const filter = {
    ...(filters.symbol ? { symbol: filters.symbol } : {}),
    ...(filters.status ? { status: filters.status as OrderStatus } : {}),
    ...filterRange(filters),
  };
  const query = useInfiniteQuery(userQueries.ordersPaged(api, account, { limit: page, ...filter }));
  // query_orders has no side filter: that one is applied here.
  const bySide = <T extends { side: string }>(rows: T[]) => rows.filter((o) => !filters.side || o.side === filters.side);
  const rows = bySide(query.data?.pages.flatMap((p) => p.result) ?? []);

  return (
    <div>
      <HistoryFilters value={filters} onChange={setFilters} symbols={symbols} statuses={STATUSES}>
        <ExportRangeButton
          filename={`orders-${account}.csv`}
          columns={orderCsv}
          collect={async (onProgress, signal) =>
            bySide(
              await collectAllPages((last_id) => api.user.queryOrders({ ...filter, limit: page, last_id }).then((p) => p.result), {
                idOf: (o) => o.id,
                pageSize: page,
                onProgress,
                signal,
              }),
            )
          }
        />
      </HistoryFilters>
      <PagedTable testId="order-history" columns={COLUMNS} rowCount={rows.length} query={query} words={WORDS}>
        {rows.map((o) => {
          const d = decimalsOf(o.symbol);
          return (
            <tr
              key={o.id}
              className={`${ROW} cursor-pointer`}
              title={o.remark ? `${o.remark} — open the order's detail` : "Open the order's detail"}
              onClick={() => openDetail(o.id)}
              data-testid="order-history-row"
            >
              <Td className="num text-muted">{formatDateTime(o.created_at)}</Td>
              <Td align="left" className="font-medium">
                <OrderDetailButton symbol={o.symbol} orderId={o.id} what={`${o.side} ${orderKind(o).toLowerCase()}`} onOpen={(e) => (e.stopPropagation(), openDetail(o.id))} />
              </Td>
              <Td align="left">{orderKind(o)}</Td>
              <Td align="left" className={o.side === 'buy' ? 'text-up' : 'text-down'}>{o.side === 'buy' ? 'Buy' : 'Sell'}</Td>
              <Td className="num">{o.order_type === 'market' && o.source === 'user' ? 'Market' : show(o.price, d.price)}</Td>
              <Td className="num">{sizeLabel(o.qty, show(o.qty, d.qty))}</Td>
              <Td className="num">{show(o.fill_qty, d.qty)}</Td>
              <Td className="num">{dec(o.fill_qty).isZero() ? '—' : show(o.fill_avg_price, d.price)}</Td>
              <Td align="left">{o.reduce_only ? 'Yes' : 'No'}</Td>
              <Td align="left" className={o.status === 'rejected' ? 'text-error' : o.status === 'filled' ? 'text-ok' : 'text-muted'}>
                {statusLabel(o)}
                {o.remark && !isFiredClose(o) ? <span className="text-muted"> · {o.remark}</span> : null}
              </Td>
            </tr>
          );
        })}
      </PagedTable>
      <OrderDetailDialog account={account} />
    </div>
  );
}
