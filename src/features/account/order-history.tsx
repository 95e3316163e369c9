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
import { orderKind, sizeLabel, STATUS_LABEL, statusLabel } from './order-labels';
import { Button } from '../../ui/button';
import { PagedTable, type Column } from '../../ui/paged-table';
import { ROW, Td } from '../../ui/table-cells';
import { useSymbolDecimals } from './use-symbol-decimals';

const PAGE = 100;
const STATUSES = (Object.keys(STATUS_LABEL) as OrderStatus[]).map((s) => ({ value: s, label: STATUS_LABEL[s] }));
const COLUMNS: Column[] = [
  { label: 'Time' },
  { label: 'Market', align: 'left' },
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
        <Button onClick={() => downloadCsv(`orders-${account}.csv`, toCsv(rows, orderCsv))} disabled={rows.length === 0}>
          Export CSV
        </Button>
      </HistoryFilters>
      <PagedTable testId="order-history" columns={COLUMNS} rowCount={rows.length} query={query} words={WORDS}>
        {rows.map((o) => {
          const d = decimalsOf(o.symbol);
          return (
            <tr key={o.id} className={ROW} title={o.remark || undefined}>
              <Td className="num text-muted">{formatDateTime(o.created_at)}</Td>
              <Td align="left" className="font-medium">{o.symbol}</Td>
              <Td align="left">{orderKind(o)}</Td>
              <Td align="left" className={o.side === 'buy' ? 'text-up' : 'text-down'}>{o.side === 'buy' ? 'Buy' : 'Sell'}</Td>
              <Td className="num">{o.order_type === 'market' && o.source === 'user' ? 'Market' : show(o.price, d.price)}</Td>
              <Td className="num">{sizeLabel(o.qty, show(o.qty, d.qty))}</Td>
              <Td className="num">{show(o.fill_qty, d.qty)}</Td>
              <Td className="num">{dec(o.fill_qty).isZero() ? '—' : show(o.fill_avg_price, d.price)}</Td>
              <Td align="left">{o.reduce_only ? 'Yes' : 'No'}</Td>
              <Td align="left" className={o.status === 'rejected' ? 'text-down' : o.status === 'filled' ? 'text-up' : 'text-muted'}>
                {statusLabel(o)}
                {o.remark ? <span className="text-muted"> · {o.remark}</span> : null}
              </Td>
            </tr>
          );
        })}
      </PagedTable>
    </div>
  );
}
