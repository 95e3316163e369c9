import { useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { userQueries } from '../../api/queries';
import { useApi } from '../../api/react';
import { collectAllPages } from '../../lib/collect-pages';
import { showUsdSigned } from '../../lib/display';
import { toneOf } from '../../ui/tone';
import { formatDateTime } from '../../lib/time';
import { fundingCsv } from './csv-columns';
import { ExportRangeButton } from './export-range-button';
import { filterRange, HistoryFilters, NO_FILTERS, type Filters } from './history-filters';
import { historyPageSize } from './history-page-size';
import { PagedTable, type Column } from '../../ui/paged-table';
import { ROW, Td } from '../../ui/table-cells';


/** Funding paid (negative) and received (positive) per settlement, a page at a time (last_id), filterable and exportable. */
export function FundingHistory({ account, symbols }: { account: string; symbols: readonly string[] }) {
  const { t } = useLingui();
  const columns: Column[] = [
    { label: t`Time` },
    { label: t({ message: 'Market', context: 'symbol' }), align: 'left', card: 'title' },
    { label: t`Type`, align: 'left' },
    { label: t`Amount`, title: t`Positive: received; negative: paid` },
  ];
  const words = { loading: t`Loading funding…`, empty: t`No funding payments match`, unavailable: t`Funding history unavailable` };
  const api = useApi();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const page = historyPageSize();
  const filter = { ...(filters.symbol ? { symbol: filters.symbol } : {}), ...filterRange(filters) };
  const query = useInfiniteQuery({ ...userQueries.fundingPaged(api, account, { limit: page, ...filter }), refetchInterval: 60_000 });
  const rows = query.data?.pages.flat() ?? [];
  return (
    <div>
      <HistoryFilters value={filters} onChange={setFilters} symbols={symbols} showSide={false}>
        <ExportRangeButton
          filename={`funding-${account}.csv`}
          columns={fundingCsv}
          collect={(onProgress, signal) =>
            collectAllPages((last_id) => api.user.queryFundingHistory({ ...filter, limit: page, last_id }), {
              idOf: (f) => f.id,
              pageSize: page,
              onProgress,
              signal,
            })
          }
        />
      </HistoryFilters>
      <PagedTable testId="funding-history" columns={columns} rowCount={rows.length} query={query} words={words}>
        {rows.map((f) => (
          <tr key={f.id} className={ROW}>
            <Td className="num text-muted">{formatDateTime(f.transact_time)}</Td>
            <Td align="left" className="font-medium">{f.symbol}</Td>
            <Td align="left" className="text-muted">{f.txn_type}</Td>
            <Td className={`num ${toneOf(f.qty)}`}>
              {showUsdSigned(f.qty)} <span className="text-muted">{f.asset}</span>
            </Td>
          </tr>
        ))}
      </PagedTable>
    </div>
  );
}
