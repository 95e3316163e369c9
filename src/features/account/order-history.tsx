import { useLingui } from '@lingui/react/macro';
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
import { ORDER_KIND, orderKind, orderWhat, SIDE_LABEL, sizeLabel, STATUS_LABEL, statusLabel, yesNo } from './order-labels';
import { isFiredClose } from '../../lib/position-tpsl';
import { PagedTable, type Column } from '../../ui/paged-table';
import { ROW, Td } from '../../ui/table-cells';
import { useSymbolDecimals } from './use-symbol-decimals';
import { OrderDetailButton } from './order-detail-button';

const STATUSES = (Object.keys(STATUS_LABEL) as OrderStatus[]).map((s) => ({ value: s, label: STATUS_LABEL[s] }));

/** Every order of the account, newest first, a page at a time (last_id), filterable and exportable; a row opens its detail. */
export function OrderHistory({ account, symbols }: { account: string; symbols: readonly string[] }) {
  const { t, i18n } = useLingui();
  const columns: Column[] = [
    { label: t`Time` },
    { label: t({ message: 'Market', context: 'symbol' }), align: 'left', card: 'title' },
    { label: t`Type`, align: 'left' },
    { label: t`Side`, align: 'left' },
    { label: t`Price` },
    { label: t`Size` },
    { label: t`Filled` },
    { label: t`Avg. price` },
    { label: t`Reduce only`, align: 'left' },
    { label: t`Status`, align: 'left' },
  ];
  const words = { loading: t`Loading orders…`, empty: t`No orders match`, unavailable: t`Order history unavailable` };
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
      <PagedTable testId="order-history" columns={columns} rowCount={rows.length} query={query} words={words}>
        {rows.map((o) => {
          const d = decimalsOf(o.symbol);
          // The exchange's remark on the order, as it wrote it.
          const remark = o.remark;
          return (
            <tr
              key={o.id}
              className={`${ROW} cursor-pointer`}
              title={remark ? t`${remark} — open the order's detail` : t`Open the order's detail`}
              onClick={() => openDetail(o.id)}
              data-testid="order-history-row"
            >
              <Td className="num text-muted">{formatDateTime(o.created_at)}</Td>
              <Td align="left" className="font-medium">
                <OrderDetailButton symbol={o.symbol} orderId={o.id} what={i18n._(orderWhat(o))} onOpen={(e) => (e.stopPropagation(), openDetail(o.id))} />
              </Td>
              <Td align="left">{i18n._(orderKind(o))}</Td>
              <Td align="left" className={o.side === 'buy' ? 'text-up' : 'text-down'}>{i18n._(SIDE_LABEL[o.side])}</Td>
              <Td className="num">{o.order_type === 'market' && o.source === 'user' ? i18n._(ORDER_KIND.market) : show(o.price, d.price)}</Td>
              <Td className="num">{sizeLabel(i18n, o.qty, show(o.qty, d.qty))}</Td>
              <Td className="num">{show(o.fill_qty, d.qty)}</Td>
              <Td className="num">{dec(o.fill_qty).isZero() ? '—' : show(o.fill_avg_price, d.price)}</Td>
              <Td align="left">{yesNo(i18n, o.reduce_only)}</Td>
              <Td align="left" className={o.status === 'rejected' ? 'text-error' : o.status === 'filled' ? 'text-ok' : 'text-muted'}>
                {i18n._(statusLabel(o))}
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
